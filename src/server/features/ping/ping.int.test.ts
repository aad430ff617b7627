import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateMessage } from '../../../core/api/ping';
import { balance } from '../../../core/balance';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';

describe.each(drivers)('Ping private messages [%s]', (driver) => {
  let app: TestApp;
  let a: Player;
  let b: Player;
  let c: Player;
  beforeAll(async () => {
    app = await buildTestApp(driver);
    [a, b, c] = [await asPlayer(app), await asPlayer(app), await asPlayer(app)];
  });
  afterAll(() => app.close());

  const freshWindow = () => app.clock.advance(balance.messageRepeatWindowMs + 1);
  const send = (from: Player, to: Player | number, message: string) =>
    from.request('POST', '/api/directories/messages', { receiverId: typeof to === 'number' ? to : to.id, message });

  it('sends a trimmed private message and shows it to both sides of the conversation', async () => {
    freshWindow();
    const res = await send(a, b, '  psst  ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ senderId: a.id, senderUsername: a.username, receiverId: b.id, message: 'psst' });
    const reply = await send(b, a, 'what?');
    expect(reply.statusCode).toBe(201);
    for (const [viewer, partner] of [
      [a, b],
      [b, a],
    ] as const) {
      const page = (await viewer.request('GET', `/api/directories/messages?partnerId=${partner.id}`)).json();
      expect(page.messages.map((m: PrivateMessage) => m.message)).toEqual(['psst', 'what?']);
      expect(page.nextBefore).toBeNull();
    }
    // Nobody else's conversation leaks in.
    expect((await c.request('GET', `/api/directories/messages?partnerId=${a.id}`)).json().messages).toEqual([]);
  });

  it('pages a conversation like the chat: latest first, `before` for older', async () => {
    freshWindow();
    for (let i = 0; i < 5; i++) {
      expect((await send(c, b, `line ${i}`)).statusCode).toBe(201);
      app.clock.advance(balance.messageSendWindowMs);
    }
    const first = (await b.request('GET', `/api/directories/messages?partnerId=${c.id}&limit=2`)).json();
    expect(first.messages.map((m: PrivateMessage) => m.message)).toEqual(['line 3', 'line 4']);
    const second = (
      await b.request('GET', `/api/directories/messages?partnerId=${c.id}&limit=2&before=${first.nextBefore}`)
    ).json();
    expect(second.messages.map((m: PrivateMessage) => m.message)).toEqual(['line 1', 'line 2']);
  });

  it("refuses a message to yourself with the spec's text, and to nobody with 404", async () => {
    expectError(await send(a, a, 'me'), 400, texts.pingSelf);
    expectError(await send(a, 999_999, 'ghost'), 404, texts.pingUserNotFound);
    expectError(await a.request('GET', '/api/directories/messages?partnerId=999999'), 404, texts.pingUserNotFound);
  });

  it('lists who sent unread messages until the conversation is read (POST /api/directories/read)', async () => {
    freshWindow();
    const d = await asPlayer(app);
    expect((await d.request('GET', '/api/directories/unread')).json()).toEqual([]);
    await send(a, d, 'one');
    await send(b, d, 'two');
    expect((await d.request('GET', '/api/directories/unread')).json()).toEqual([a.username, b.username].sort());
    // Fetching the conversation alone does not mark it read.
    await d.request('GET', `/api/directories/messages?partnerId=${a.id}`);
    expect((await d.request('GET', '/api/directories/unread')).json()).toHaveLength(2);
    const read = await d.request('POST', '/api/directories/read', { partnerId: a.id });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([b.username]);
    expect((await d.request('GET', '/api/directories/unread')).json()).toEqual([b.username]);
    // The sender's own messages never count as unread for them.
    expect((await a.request('GET', '/api/directories/unread')).json()).not.toContain(d.username);
  });

  it('lists conversations, most recent first', async () => {
    freshWindow();
    const e = await asPlayer(app);
    await send(e, a, 'first');
    await send(e, c, 'second');
    await send(b, e, 'third');
    expect((await e.request('GET', '/api/directories/conversations')).json()).toEqual([
      b.username,
      c.username,
      a.username,
    ]);
  });

  it('lists directory users with their online status, and finds one by username', async () => {
    const users = (await a.request('GET', '/api/directories/users')).json() as Array<{
      id: number;
      username: string;
      isOnline: boolean;
    }>;
    expect(users.find((u) => u.id === b.id)).toEqual({ id: b.id, username: b.username, isOnline: false });
    const found = await a.request('GET', `/api/directories/user/${encodeURIComponent(b.username.toUpperCase())}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ id: b.id, username: b.username, isOnline: false });
    expectError(await a.request('GET', '/api/directories/user/nobody-at-all'), 404, texts.pingUserNotFound);
  });

  it('applies the chat text rules and send limit to private messages', async () => {
    freshWindow();
    expectError(await send(a, b, '   '), 400, texts.messageEmpty);
    expectError(await send(a, b, 'z'.repeat(501)), 400, texts.messageTooLong);
    expect((await send(a, b, 'same')).statusCode).toBe(201);
    expectError(await send(a, b, 'same'), 429, texts.messageRepeated);
    // The same line to someone else is not a repeat.
    expect((await send(a, c, 'same')).statusCode).toBe(201);
    for (let i = 0; i < balance.messageSendLimit - 2; i++) expect((await send(a, b, `n${i}`)).statusCode).toBe(201);
    expectError(await send(a, c, 'over'), 429, texts.messageRateLimited);
  });

  it('keeps markup as text', async () => {
    freshWindow();
    await send(a, b, '<img src=x onerror=alert(1)>');
    const page = (await b.request('GET', `/api/directories/messages?partnerId=${a.id}&limit=1`)).json();
    expect(page.messages[0].message).toBe('<img src=x onerror=alert(1)>');
  });

  it('refuses unknown fields, bad ids and the signed-out', async () => {
    expectError(
      await a.request('POST', '/api/directories/messages', { receiverId: b.id, message: 'x', extra: 1 }),
      400,
      /Unknown field: extra/,
    );
    expectError(
      await a.request('POST', '/api/directories/messages', { receiverId: 1.5, message: 'x' }),
      400,
      /Invalid receiverId/,
    );
    expectError(
      await a.request('POST', '/api/directories/messages', { receiverId: String(b.id), message: 'x' }),
      400,
      /Invalid receiverId/,
    );
    expectError(await a.request('GET', '/api/directories/messages'), 400, /partnerId/);
    expectError(await a.request('GET', '/api/directories/messages?partnerId=abc'), 400, /Invalid partnerId/);
    expectError(await a.request('POST', '/api/directories/read', {}), 400, /Missing field: partnerId/);
    expectError(await a.request('GET', `/api/directories/user/${'x'.repeat(21)}`), 400, /username/);
    for (const url of [
      '/api/directories/unread',
      '/api/directories/users',
      '/api/directories/conversations',
      `/api/directories/user/${a.username}`,
    ]) {
      expectError(await app.fastify.inject({ method: 'GET', url }), 401);
    }
  });
});
