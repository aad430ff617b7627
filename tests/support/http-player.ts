import { encodeSecureData, decodeSecureData } from '../../src/core/secure-data';

/** A player talking to a real server over HTTP, as the browser does (cookie, CSRF, secureData). */
export class HttpPlayer {
  cookie = '';
  csrfToken = '';
  constructor(
    public baseUrl: string,
    readonly loginId: string,
    readonly password = 'Passw0rd!',
  ) {}

  async register(): Promise<void> {
    const res = await fetch(`${this.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: this.loginId, username: this.loginId, password: this.password }),
    });
    if (res.status !== 201) throw new Error(`register ${res.status} ${await res.text()}`);
    this.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await this.refreshCsrf();
  }

  async refreshCsrf(): Promise<void> {
    const res = await fetch(`${this.baseUrl}/api/auth/csrf-token`, { headers: { cookie: this.cookie } });
    this.csrfToken = ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  async user(): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.baseUrl}/api/auth/user`, { headers: { cookie: this.cookie } });
    return { status: res.status, body: res.status === 200 ? await res.json() : await res.text() };
  }

  async tapBatch(tapCount: number, batchTimestamp: number): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.baseUrl}/api/game/tap-batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookie, 'x-csrf-token': this.csrfToken },
      body: JSON.stringify({ secureData: encodeSecureData({ tapCount, batchTimestamp }, 'client') }),
    });
    const text = await res.text();
    if (res.status !== 200) return { status: res.status, body: text };
    return { status: 200, body: decodeSecureData(JSON.parse(text).secureData, 'server', 1 << 20) };
  }
}
