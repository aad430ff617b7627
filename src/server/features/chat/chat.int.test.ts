import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../core/api/chat';
import { balance } from '../../../core/balance';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';

describe.each(drivers)('global chat [%s]', (driver) => {
  let app: TestApp;
  let a: Player;
  let b: Player;
  beforeAll(async () => {
    app = await buildTestApp(driver);
    a = await asPlayer(app);
    b = await asPlayer(app);
  });
  afterAll(() => app.close());

  // Each test starts past every send window, so earlier tests' lines never count against it.
  const freshWindow = () => app.clock.advance(balance.messageRepeatWindowMs + 1);
  const say = (p: Player, message: string) => p.request('POST', '/api/chat/messages', { message });

  it('stores a trimmed line and answers it as a chat message (spec §3)', async () => {
    freshWindow();
    const res = await say(a, '   hello grid   ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ userId: a.id, username: a.username, message: 'hello grid' });
    expect(new Date(res.json().createdAt).getTime()).toBe(app.clock.now);
  });

  it('answers the latest page first, oldest first within it, and older pages through `before`', async () => {
    freshWindow();
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) {
      const line = `order-${i}`;
      expect((await say(i % 2 ? a : b, line)).statusCode).toBe(201);
      sent.push(line);
      app.clock.advance(balance.messageSendWindowMs);
    }
    const first = (await a.request('GET', '/api/chat/messages?limit=3')).json() as {
      messages: ChatMessage[];
      nextBefore: number;
    };
    expect(first.messages.map((m) => m.message)).toEqual(sent.slice(4));
    const ids = first.messages.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(first.nextBefore).toBe(ids[0]);
    const second = (await a.request('GET', `/api/chat/messages?limit=3&before=${first.nextBefore}`)).json();
    expect(second.messages.map((m: ChatMessage) => m.message)).toEqual(sent.slice(1, 4));
    // Walking back to the start of the channel ends with nextBefore null.
    let before: number | null = second.nextBefore;
    let pages = 0;
    while (before !== null) {
      const page = (await a.request('GET', `/api/chat/messages?limit=3&before=${before}`)).json();
      before = page.nextBefore;
      pages++;
      expect(pages).toBeLessThan(10);
    }
    const latest = (await a.request('GET', '/api/chat/messages')).json();
    expect(latest.messages.length).toBeLessThanOrEqual(balance.messagePageSize);
    expect(latest.messages.at(-1).message).toBe('order-6');
  });

  it('returns markup and scripts exactly as text, in the message and in the username', async () => {
    freshWindow();
    const evil = await asPlayer(app, { username: '<img src=x>' });
    const line = '<script>alert("x")</script> & <b>bold</b>';
    expect((await say(evil, line)).statusCode).toBe(201);
    const page = (await a.request('GET', '/api/chat/messages?limit=1')).json();
    expect(page.messages[0]).toMatchObject({ message: line, username: '<img src=x>' });
  });

  it('refuses empty and over-long lines with 400 (spec §5: trimmed, 500 at most)', async () => {
    freshWindow();
    expectError(await say(a, ''), 400, texts.messageEmpty);
    expectError(await say(a, '  \u3000 '), 400, texts.messageEmpty);
    // Line breaks and tabs are control characters: refused like NUL (docs/operations.md, Text).
    expectError(await say(a, '  \n\t '), 400, /Control characters/);
    expectError(await say(a, 'x'.repeat(501)), 400, texts.messageTooLong);
    expect((await say(a, ` ${'y'.repeat(500)} `)).statusCode).toBe(201);
  });

  it('refuses unknown fields, wrong types and bad queries with 400', async () => {
    expectError(await a.request('POST', '/api/chat/messages', { message: 'hi', evil: 1 }), 400, /Unknown field: evil/);
    expectError(await a.request('POST', '/api/chat/messages', { message: 5 }), 400, /Invalid message/);
    expectError(await a.request('POST', '/api/chat/messages', {}), 400, /Missing field: message/);
    expectError(await a.request('GET', '/api/chat/messages?limit=101'), 400, /Invalid limit/);
    expectError(await a.request('GET', '/api/chat/messages?before=-1'), 400, /Invalid before/);
    expectError(await a.request('GET', '/api/chat/messages?before=9007199254740993'), 400, /Invalid before/);
    expectError(await a.request('GET', '/api/chat/messages?evil=1'), 400, /Unknown field: evil/);
    expectError(await a.request('POST', '/api/chat/read', { evil: 1 }), 400, /Unknown field: evil/);
  });

  it(`limits a player to ${balance.messageSendLimit} lines per ${balance.messageSendWindowMs / 1000} s with a 429`, async () => {
    freshWindow();
    for (let i = 0; i < balance.messageSendLimit; i++) expect((await say(a, `burst ${i}`)).statusCode).toBe(201);
    expectError(await say(a, 'one too many'), 429, texts.messageRateLimited);
    // Another player is not held back by it.
    expect((await say(b, 'not me')).statusCode).toBe(201);
    app.clock.advance(balance.messageSendWindowMs);
    expect((await say(a, 'after the window')).statusCode).toBe(201);
  });

  it('holds the limit when one player sends many lines at once', async () => {
    freshWindow();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => say(a, `flood ${i}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(balance.messageSendLimit);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - balance.messageSendLimit);
  });

  it('refuses the same line back-to-back with a 429, and allows it once the repeat window has passed', async () => {
    freshWindow();
    expect((await say(a, 'echo')).statusCode).toBe(201);
    app.clock.advance(balance.messageSendWindowMs);
    expectError(await say(a, ' echo '), 429, texts.messageRepeated);
    expect((await say(a, 'something else')).statusCode).toBe(201);
    expect((await say(a, 'echo')).statusCode).toBe(201);
    app.clock.advance(balance.messageRepeatWindowMs);
    expect((await say(a, 'echo')).statusCode).toBe(201);
  });

  it('tells who has unread lines (spec §4): not the writer, yes the others, until they read', async () => {
    freshWindow();
    await b.request('POST', '/api/chat/read');
    expect((await b.request('GET', '/api/chat/unread')).json()).toEqual({ hasUnread: false });
    expect((await say(a, 'news')).statusCode).toBe(201);
    expect((await a.request('GET', '/api/chat/unread')).json()).toEqual({ hasUnread: false });
    expect((await b.request('GET', '/api/chat/unread')).json()).toEqual({ hasUnread: true });
    const read = await b.request('POST', '/api/chat/read');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ hasUnread: false });
    expect((await b.request('GET', '/api/chat/unread')).json()).toEqual({ hasUnread: false });
  });

  it('greets a new account with nothing unread from before it existed, and with what comes after (7h)', async () => {
    freshWindow();
    expect((await say(a, 'written before the newcomer')).statusCode).toBe(201);
    const newcomer = await asPlayer(app);
    expect((await newcomer.request('GET', '/api/chat/unread')).json()).toEqual({ hasUnread: false });
    // The history is still there to read; it just does not count as news.
    const page = (await newcomer.request('GET', '/api/chat/messages?limit=1')).json();
    expect(page.messages[0].message).toBe('written before the newcomer');
    expect((await say(b, 'after the newcomer arrived')).statusCode).toBe(201);
    expect((await newcomer.request('GET', '/api/chat/unread')).json()).toEqual({ hasUnread: true });
  });

  it('is closed to the signed-out and to posts without the CSRF token', async () => {
    expectError(await app.fastify.inject({ method: 'GET', url: '/api/chat/messages' }), 401);
    expectError(await app.fastify.inject({ method: 'GET', url: '/api/chat/unread' }), 401);
    expectError(
      await a.request('POST', '/api/chat/messages', { message: 'x' }, { 'x-csrf-token': 'wrong' }),
      403,
      texts.csrfInvalid,
    );
  });
});
