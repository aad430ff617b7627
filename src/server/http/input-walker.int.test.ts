import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securePaths } from '../../core/api/game';
import { routeInputs } from '../../core/api/route-inputs';
import { maskSecureBytes } from '../../core/secure-data';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';
import {
  fieldsOf,
  hostileJson,
  hostileStrings,
  malformedBodies,
  oddStrings,
  sampleObject,
} from '../../../tests/support/hostile-inputs';

// Walks every route the real app registers and sends hostile values into each query, path and body
// field its contract names (src/core/api/route-inputs.ts), signed in and with a CSRF token: every
// answer is a 4xx, never a 5xx, and no log line carries SQL.
describe.each(drivers)('every route refuses hostile input with a 4xx [%s]', (driver) => {
  let app: TestApp;
  const routes = new Set<string>();
  const logLines: string[] = [];
  const secure = new Set<string>(securePaths);
  let keyCounter = 0;

  beforeAll(async () => {
    app = await buildTestApp(driver, {
      config: { logLevel: 'warn', payments: { mode: 'test' } },
      logStream: { write: (line) => void logLines.push(line) },
      onRoute: ({ method, url }) => {
        for (const m of [method].flat()) if (m !== 'HEAD') routes.add(`${m} ${url}`);
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  type Parts = { params?: Record<string, unknown>; query?: Record<string, unknown>; bodyText?: string };

  async function send(player: Player, route: string, parts: Parts) {
    const [method, pattern] = route.split(' ') as ['GET' | 'POST', string];
    const path = pattern.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(String(parts.params?.[name] ?? 'walker1')),
    );
    const search = new URLSearchParams();
    for (const [field, value] of Object.entries(parts.query ?? {})) {
      for (const one of [value].flat()) search.append(field, typeof one === 'string' ? one : JSON.stringify(one));
    }
    const url = search.size ? `${path}?${search}` : path;
    const bodyText =
      parts.bodyText !== undefined && secure.has(pattern)
        ? JSON.stringify({ secureData: wrapSecure(parts.bodyText) })
        : parts.bodyText;
    keyCounter += 1;
    const res = await app.fastify.inject({
      method,
      url,
      remoteAddress: player.ip,
      headers: {
        cookie: player.cookie,
        'x-csrf-token': player.csrfToken,
        'idempotency-key': `walker-${process.pid}-${keyCounter}`,
        ...(bodyText !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(bodyText !== undefined ? { payload: bodyText } : {}),
    });
    return {
      status: res.statusCode,
      what: `${method} ${url.slice(0, 120)} ${bodyText?.slice(0, 120) ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`,
    };
  }

  it('every route the contract table names is registered, and every registered route is walked', async () => {
    expect(routes.size).toBeGreaterThan(40);
    for (const route of Object.keys(routeInputs)) expect(routes, route).toContain(route);
  });

  it('refuses NUL, control, bidi, huge and out-of-range values in every declared field with a 4xx', async () => {
    const failures: string[] = [];
    const expect4xx = (r: { status: number; what: string }) =>
      void (r.status >= 400 && r.status < 500 ? null : failures.push(r.what));
    const expectNo5xx = (r: { status: number; what: string }) => void (r.status < 500 ? null : failures.push(r.what));
    for (const route of [...routes].sort()) {
      const inputs = routeInputs[route];
      if (!inputs) continue;
      const player = await asPlayer(app);
      const base = {
        params: sampleObject(inputs.params, true),
        query: sampleObject(inputs.query, true),
        body: sampleObject(inputs.body, false),
      };
      const baseParts = (): Parts => ({
        params: base.params,
        query: base.query,
        ...(inputs.body ? { bodyText: JSON.stringify(base.body) } : {}),
      });
      for (const field of fieldsOf(inputs.params)) {
        for (const [, value] of hostileStrings)
          expect4xx(await send(player, route, { ...baseParts(), params: { ...base.params, [field]: value } }));
        for (const [, value] of oddStrings)
          expectNo5xx(await send(player, route, { ...baseParts(), params: { ...base.params, [field]: value } }));
      }
      for (const field of fieldsOf(inputs.query)) {
        for (const [, value] of hostileStrings)
          expect4xx(await send(player, route, { ...baseParts(), query: { ...base.query, [field]: value } }));
        for (const [, value] of oddStrings)
          expectNo5xx(await send(player, route, { ...baseParts(), query: { ...base.query, [field]: value } }));
        expect4xx(await send(player, route, { ...baseParts(), query: { ...base.query, [field]: ['1', '\u0000'] } }));
      }
      for (const field of fieldsOf(inputs.body)) {
        for (const [, value] of [...hostileStrings, ...hostileJson]) {
          expect4xx(
            await send(player, route, { ...baseParts(), bodyText: JSON.stringify({ ...base.body, [field]: value }) }),
          );
        }
        for (const [, value] of oddStrings)
          expectNo5xx(
            await send(player, route, { ...baseParts(), bodyText: JSON.stringify({ ...base.body, [field]: value }) }),
          );
      }
      if (inputs.query)
        expect4xx(await send(player, route, { ...baseParts(), query: { ...base.query, zzUnknown: '\u0000' } }));
      if (inputs.body)
        for (const [, text] of malformedBodies)
          expect4xx(await send(player, route, { ...baseParts(), bodyText: text }));
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers routes that read no input without a 5xx, whatever is sent', async () => {
    const failures: string[] = [];
    for (const route of [...routes].sort()) {
      if (routeInputs[route]) continue;
      const player = await asPlayer(app);
      for (const [, value] of [...hostileStrings, ...oddStrings]) {
        const parts: Parts = {
          query: { zzUnknown: value, q: value },
          ...(route.startsWith('POST') ? { bodyText: JSON.stringify({ zzUnknown: value }) } : {}),
        };
        const r = await send(player, route, parts);
        if (r.status >= 500) failures.push(r.what);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('logged no SQL and no server error', () => {
    const sqlOrFailure = logLines.filter((line) =>
      /Failed query|\b(select|insert into|delete from)\b|"level":50|request failed/i.test(line),
    );
    expect(sqlOrFailure.map((line) => line.slice(0, 400))).toEqual([]);
  });
});

/** A secure path's envelope around an exact JSON text (malformed text included). */
function wrapSecure(text: string): string {
  return Buffer.from(maskSecureBytes(deflateSync(text, { level: 9 }), 'client')).toString('base64url');
}
