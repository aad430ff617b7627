import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { ready, snapshotTerminal, terminalSteps } from '../../../../tests/support/terminal';

const huge = 'a'.repeat(10 * 1024);

/** Every /api/filesystem endpoint answers bad input with a clear 4xx and changes nothing. */
describe.each(drivers)('terminal bad input [%s]', (driver) => {
  let app: TestApp;
  let me: Player;
  let attacker: Player;
  let victim: Player;
  let foreignIntrusion: number;
  beforeAll(async () => {
    app = await buildTestApp(driver);
    app.clock.now = Date.now();
    me = await ready(app, await asPlayer(app), { level: 6, telnet: 50 });
    attacker = await ready(app, await asPlayer(app), { level: 6 });
    victim = await ready(app, await asPlayer(app), { level: 6, telnet: 100 });
    const s = terminalSteps(app);
    await s.ssh(me, me.username);
    await s.op(me, 'mkdir', 'vault');
    foreignIntrusion = (await s.ssh(attacker, victim.username)).json().intrusionId;
  }, 60_000);
  afterAll(() => app.close());

  const post = (url: string, body: unknown, key = true) =>
    me.request(
      'POST',
      url,
      body,
      key ? { 'idempotency-key': `bad-input-${Math.random().toString(36).slice(2, 12)}` } : {},
    );

  const cases: [string, () => ReturnType<Player['request']>, number, RegExp | string][] = [
    ['ssh: missing target', () => post('/api/filesystem/ssh', {}), 400, 'Missing field: target'],
    ['ssh: wrong type', () => post('/api/filesystem/ssh', { target: 5 }), 400, /Invalid target/],
    ['ssh: extra field', () => post('/api/filesystem/ssh', { target: 'x', sudo: true }), 400, 'Unknown field: sudo'],
    ['ssh: 10 KB target', () => post('/api/filesystem/ssh', { target: huge }), 400, /invalid target/],
    ['ssh: NUL', () => post('/api/filesystem/ssh', { target: 'ne\u0000o' }), 400, /Control characters/],
    ['ssh: unknown mode', () => post('/api/filesystem/ssh', { target: 'x', mode: 'admin' }), 400, /Invalid mode/],
    ['ssh: traversal as a target', () => post('/api/filesystem/ssh', { target: '../../etc' }), 404, 'target not found'],
    [
      'ssh: a target that does not exist',
      () => post('/api/filesystem/ssh', { target: 'nobody-here' }),
      404,
      'target not found',
    ],
    [
      'ssh: root on someone else',
      () => post('/api/filesystem/ssh', { target: victim.username, mode: 'root' }),
      403,
      'access denied',
    ],
    [
      'ssh: __proto__',
      () => me.request('POST', '/api/filesystem/ssh', JSON.parse('{"target":"x","__proto__":{"a":1}}')),
      400,
      /./,
    ],
    ['ls: 10 KB path', () => me.request('GET', `/api/filesystem/contents?path=${huge}`), 400, /longer than 256/],
    ['ls: NUL', () => me.request('GET', '/api/filesystem/contents?path=%00'), 400, /Control characters/],
    ['ls: odd characters', () => me.request('GET', '/api/filesystem/contents?path=%E2%80%AEvault'), 400, /./],
    ['ls: look-alike name', () => me.request('GET', '/api/filesystem/contents?path=v%D0%B0ult'), 400, /letters A-Z/],
    [
      'ls: intrusionId not a number',
      () => me.request('GET', '/api/filesystem/contents?path=/&intrusionId=abc'),
      400,
      /intrusionId/,
    ],
    [
      'ls: intrusionId out of range',
      () => me.request('GET', '/api/filesystem/contents?path=/&intrusionId=9007199254740993'),
      400,
      /intrusionId/,
    ],
    [
      "ls: another player's intrusion",
      () => me.request('GET', `/api/filesystem/contents?path=/&intrusionId=${foreignIntrusion}`),
      403,
      'no active intrusion session',
    ],
    [
      'ls: unknown query field',
      () => me.request('GET', '/api/filesystem/contents?path=/&owner=1'),
      400,
      /Unknown field/,
    ],
    [
      'op: unknown command',
      () => post('/api/filesystem/operation', { command: 'chmod', target: 'vault' }),
      400,
      /Invalid command/,
    ],
    ['op: missing target', () => post('/api/filesystem/operation', { command: 'mkdir' }), 400, 'Missing field: target'],
    [
      'op: 10 KB name',
      () => post('/api/filesystem/operation', { command: 'mkdir', target: huge }),
      400,
      /longer than 256/,
    ],
    [
      'op: 25-character name',
      () => post('/api/filesystem/operation', { command: 'mkdir', target: 'a'.repeat(25) }),
      400,
      /at most 24/,
    ],
    [
      'op: control character',
      () => post('/api/filesystem/operation', { command: 'mkdir', target: 'a\u0007b' }),
      400,
      /Control characters/,
    ],
    [
      'op: space and slash tricks',
      () => post('/api/filesystem/operation', { command: 'mkdir', target: 'a b' }),
      400,
      /letters A-Z/,
    ],
    [
      'op: too deep',
      () => post('/api/filesystem/operation', { command: 'mkdir', target: '/a/b/c/d/e/f/g/h/i' }),
      400,
      /8 directories deep/,
    ],
    [
      'op: mv without destination',
      () => post('/api/filesystem/operation', { command: 'mv', target: 'Token' }),
      400,
      'error: missing path argument',
    ],
    [
      'op: newName wrong type',
      () => post('/api/filesystem/operation', { command: 'mv', target: 'Token', newName: ['vault/'] }),
      400,
      /newName/,
    ],
    [
      'op: rm of a missing directory',
      () => post('/api/filesystem/operation', { command: 'rm', target: '../../../vault2' }),
      404,
      'directory not found',
    ],
    [
      'hack: no Idempotency-Key',
      () => post('/api/filesystem/hack-token', { tokenPath: '/Token', intrusionId: foreignIntrusion }, false),
      400,
      /Idempotency-Key/,
    ],
    [
      'hack: intrusionId as a string',
      () => post('/api/filesystem/hack-token', { tokenPath: '/Token', intrusionId: '1' }),
      400,
      /intrusionId/,
    ],
    [
      'hack: negative intrusionId',
      () => post('/api/filesystem/hack-token', { tokenPath: '/Token', intrusionId: -1 }),
      400,
      /intrusionId/,
    ],
    [
      'hack: fractional intrusionId',
      () => post('/api/filesystem/hack-token', { tokenPath: '/Token', intrusionId: 1.5 }),
      400,
      /intrusionId/,
    ],
    [
      'hack: 2^53+1',
      () => post('/api/filesystem/hack-token', { tokenPath: '/Token', intrusionId: 2 ** 53 + 1 }),
      400,
      /intrusionId/,
    ],
    [
      'hack: missing tokenPath',
      () => post('/api/filesystem/hack-token', { intrusionId: foreignIntrusion }),
      400,
      'Missing field: tokenPath',
    ],
    [
      "hack: another player's intrusion",
      () => post('/api/filesystem/hack-token', { tokenPath: '/Token', intrusionId: foreignIntrusion }),
      403,
      'no active intrusion session',
    ],
    [
      'hack: an intrusion that does not exist',
      () => post('/api/filesystem/hack-token', { tokenPath: '/Token', intrusionId: 2_147_483_647 }),
      403,
      'no active intrusion session',
    ],
    ['buy-dir: confirm not a boolean', () => post('/api/filesystem/buy-directory', { confirm: 'yes' }), 400, /confirm/],
    ['buy-dir: missing confirm', () => post('/api/filesystem/buy-directory', {}), 400, 'Missing field: confirm'],
    ['exit: wrong type', () => post('/api/filesystem/exit', { intrusionId: 'x' }), 400, /intrusionId/],
    ['unknown endpoint', () => post('/api/filesystem/chmod', { target: '/' }), 404, /Not found/],
  ];

  it.each(cases)('%s → clear 4xx, nothing changes', async (_name, send, status, message) => {
    const before = await snapshotTerminal(app);
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { message: string };
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    expect(await snapshotTerminal(app)).toBe(before);
  });

  it("'..' never climbs out of the owner's tree: mkdir ../../x makes /x in one's own system", async () => {
    const s = terminalSteps(app);
    const res = await s.op(me, 'rm', '../../../../vault');
    expect(res.statusCode, res.body).toBe(200);
    const made = await s.op(me, 'mkdir', '../../../x');
    expect(made.json().path).toBe('/x');
    const rows = await app.db.database.query<{ user_id: number; path: string }>(
      'SELECT user_id, path FROM fs_directories WHERE path = $1',
      ['/x'],
    );
    expect(rows.map((r) => Number(r.user_id))).toEqual([me.id]);
    const victimRows = await app.db.database.query('SELECT path FROM fs_directories WHERE user_id = $1', [victim.id]);
    expect(victimRows).toEqual([]);
  });
});
