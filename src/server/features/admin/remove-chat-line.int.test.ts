import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleActionPaths } from '../../../core/api/admin-actions';
import { consoleTexts } from '../../../core/texts/console';
import { asPlayer, expectError, type Player } from '../../../../tests/support/app';
import { asOperator, auditRowsOf } from '../../../../tests/support/console';
import { drivers } from '../../../../tests/support/db';
import { listeningTestApp, type ListeningTestApp } from '../../../../tests/support/listening-app';

const removePath = (id: number | string) => consoleActionPaths.removeChat.replace(':messageId', String(id));

describe.each(drivers)('a moderator removes a chat line [%s]', (driver) => {
  let app: ListeningTestApp;
  beforeAll(async () => {
    app = await listeningTestApp(driver);
  });
  afterAll(() => app.close());

  const say = async (p: Player, message: string): Promise<number> => {
    const res = await p.request('POST', '/api/chat/messages', { message });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };
  const history = async (p: Player): Promise<number[]> =>
    (await p.request('GET', '/api/chat/messages?limit=100')).json().messages.map((m: { id: number }) => m.id);

  it('takes the line out of the history and out of another player’s open chat, with one audit row keeping what was said', async () => {
    const moderator = await asOperator(app, 'moderator');
    const author = await asPlayer(app);
    const reader = await asPlayer(app);
    const kept = await say(author, 'hello all');
    const removed = await say(author, 'something abusive');
    const socket = await app.socket(reader.cookie);
    try {
      const gone = socket.next('chat.removed', (e) => e.d.id === removed, 5000);
      const res = await moderator.request('POST', removePath(removed), { reason: 'abuse in chat' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: removed });
      expect((await gone).d).toEqual({ id: removed });
    } finally {
      await socket.close();
    }
    const ids = await history(reader);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(removed);
    expect(await auditRowsOf(app, author.id)).toEqual([
      {
        action: 'chat-remove',
        actor_label: moderator.username,
        actor_id: moderator.id,
        reason: 'abuse in chat',
        before: expect.objectContaining({
          messageId: removed,
          username: author.username,
          message: 'something abusive',
        }),
        after: { removed: true },
      },
    ]);
    // Removed once: a second try finds nothing and writes nothing.
    expectError(
      await moderator.request('POST', removePath(removed), { reason: 'abuse in chat' }),
      404,
      consoleTexts.noSuchMessage,
    );
    expect(await auditRowsOf(app, author.id)).toHaveLength(1);
  });

  it('refuses a moderator a line of an admin or of their own, and bad input, with nothing removed and nothing audited', async () => {
    const moderator = await asOperator(app, 'moderator');
    const admin = await asOperator(app, 'admin');
    const adminLine = await say(admin, 'admin speaking');
    const ownLine = await say(moderator, 'moderator speaking');
    expectError(
      await moderator.request('POST', removePath(adminLine), { reason: 'not allowed' }),
      403,
      consoleTexts.cannotActOn,
    );
    expectError(
      await moderator.request('POST', removePath(ownLine), { reason: 'not allowed' }),
      403,
      consoleTexts.cannotActOn,
    );
    const bad: [string, unknown][] = [
      [removePath(ownLine), {}],
      [removePath(ownLine), { reason: 'x' }],
      [removePath(ownLine), { reason: 'fine reason', extra: true }],
      [removePath('abc'), { reason: 'fine reason' }],
      [removePath('-1'), { reason: 'fine reason' }],
      [removePath('99999999999'), { reason: 'fine reason' }],
    ];
    for (const [path, body] of bad)
      expect((await moderator.request('POST', path, body)).statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
    expectError(
      await moderator.request('POST', removePath(2_000_000_000), { reason: 'fine reason' }),
      404,
      consoleTexts.noSuchMessage,
    );
    expect(await history(moderator)).toEqual(expect.arrayContaining([adminLine, ownLine]));
    expect(
      [...(await auditRowsOf(app, admin.id)), ...(await auditRowsOf(app, moderator.id))].filter(
        (r) => r.action === 'chat-remove',
      ),
    ).toEqual([]);
  });
});
