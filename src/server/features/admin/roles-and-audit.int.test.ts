import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePaths } from '../../../core/api/admin';
import { consoleTexts } from '../../../core/texts/console';
import { asPlayer, buildTestApp, expectError, type TestApp } from '../../../../tests/support/app';
import { asOperator, auditRowsOf } from '../../../../tests/support/console';
import { drivers } from '../../../../tests/support/db';
import { runRoleCommand } from './role-command';

const rolePath = (userId: number | string) => consolePaths.role.replace(':userId', String(userId));

describe.each(drivers)('roles and the audit log [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());
  const roleOf = async (userId: number) =>
    (await app.db.database.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [userId]))[0]!.role;

  it('an admin makes a player a moderator, and the audit log says who, what, on whom, why, before and after', async () => {
    const admin = await asOperator(app, 'admin');
    const p = await asPlayer(app);
    const res = await admin.request('POST', rolePath(p.id), { role: 'moderator', reason: 'trusted chat regular' });
    expect(res.json()).toEqual({ userId: p.id, username: p.username, role: 'moderator' });
    expect(await roleOf(p.id)).toBe('moderator');
    expect(await auditRowsOf(app, p.id)).toEqual([
      {
        action: 'role-set',
        actor_label: admin.username,
        actor_id: admin.id,
        reason: 'trusted chat regular',
        before: { role: 'player' },
        after: { role: 'moderator' },
      },
    ]);
    const page = (await admin.request('GET', `${consolePaths.audit}?targetUserId=${p.id}`)).json();
    expect(page.entries).toEqual([
      expect.objectContaining({
        action: 'role-set',
        actor: admin.username,
        targetUserId: p.id,
        targetUsername: p.username,
      }),
    ]);
  });

  it('the CLI is audited as cli:role', async () => {
    const p = await asPlayer(app);
    const outcome = await runRoleCommand({ database: app.db.database, now: () => app.clock.now }, [
      p.loginId,
      'moderator',
      'launch',
      'crew',
    ]);
    expect(outcome).toMatchObject({ kind: 'set', before: 'player', role: 'moderator' });
    expect(await auditRowsOf(app, p.id)).toEqual([
      expect.objectContaining({ action: 'role-set', actor_label: 'cli:role', actor_id: null, reason: 'launch crew' }),
    ]);
    expect(
      await runRoleCommand({ database: app.db.database, now: () => app.clock.now }, [p.loginId, 'overlord']),
    ).toMatchObject({ kind: 'usage' });
    expect(
      await runRoleCommand({ database: app.db.database, now: () => app.clock.now }, ['nobody-here-at-all', 'admin']),
    ).toEqual({ kind: 'no-player' });
  });

  it('a moderator cannot set roles, an admin cannot act on an admin or themselves; nothing changes and nothing is audited', async () => {
    const moderator = await asOperator(app, 'moderator');
    const admin = await asOperator(app, 'admin');
    const otherAdmin = await asOperator(app, 'admin');
    const p = await asPlayer(app);
    expectError(
      await moderator.request('POST', rolePath(p.id), { role: 'moderator', reason: 'my friend' }),
      403,
      consoleTexts.onlyAdminsSetRoles,
    );
    expectError(
      await admin.request('POST', rolePath(otherAdmin.id), { role: 'player', reason: 'coup attempt' }),
      403,
      consoleTexts.cannotActOn,
    );
    expectError(
      await admin.request('POST', rolePath(admin.id), { role: 'player', reason: 'oops' }),
      403,
      consoleTexts.cannotActOn,
    );
    expect([await roleOf(p.id), await roleOf(otherAdmin.id), await roleOf(admin.id)]).toEqual([
      'player',
      'admin',
      'admin',
    ]);
    expect(await auditRowsOf(app, p.id)).toEqual([]);
    expect((await auditRowsOf(app, otherAdmin.id)).map((r) => r.actor_label)).toEqual(['cli:role']);
  });

  it('refuses bad input in the path, the body and the query with a 4xx and no change', async () => {
    const admin = await asOperator(app, 'admin');
    const p = await asPlayer(app);
    const bad: [string, unknown][] = [
      [rolePath(p.id), { role: 'root', reason: 'because' }],
      [rolePath(p.id), { role: 'moderator' }],
      [rolePath(p.id), { role: 'moderator', reason: 'x' }],
      [rolePath(p.id), { role: 'moderator', reason: 'a'.repeat(501) }],
      [rolePath(p.id), { role: 'moderator', reason: 'bad\u0000byte' }],
      [rolePath(p.id), { role: 'moderator', reason: 'fine reason', extra: 1 }],
      [rolePath('-1'), { role: 'moderator', reason: 'fine reason' }],
      [rolePath('1.5'), { role: 'moderator', reason: 'fine reason' }],
      [rolePath('99999999999'), { role: 'moderator', reason: 'fine reason' }],
    ];
    for (const [url, body] of bad)
      expect((await admin.request('POST', url, body)).statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
    expectError(
      await admin.request('POST', rolePath(2_000_000_000), { role: 'moderator', reason: 'fine reason' }),
      404,
      consoleTexts.noSuchPlayer,
    );
    for (const q of ['before=abc', 'before=-3', 'targetUserId=0', 'action=nuke', 'page=2']) {
      expect((await admin.request('GET', `${consolePaths.audit}?${q}`)).statusCode, q).toBe(400);
    }
    expect(await roleOf(p.id)).toBe('player');
    expect(await auditRowsOf(app, p.id)).toEqual([]);
  });

  it('keeps the audit log append-only: the database refuses to edit or delete a row', async () => {
    const p = await asPlayer(app);
    await runRoleCommand({ database: app.db.database, now: () => app.clock.now }, [p.loginId, 'moderator']);
    await expect(
      app.db.database.query("UPDATE audit_log SET reason = 'nothing happened' WHERE target_user_id = $1", [p.id]),
    ).rejects.toThrow(/append-only/);
    await expect(app.db.database.query('DELETE FROM audit_log WHERE target_user_id = $1', [p.id])).rejects.toThrow(
      /append-only/,
    );
    expect(await auditRowsOf(app, p.id)).toHaveLength(1);
  });

  it('pages the audit log newest first', async () => {
    const admin = await asOperator(app, 'admin');
    for (let i = 0; i < 3; i++) {
      const p = await asPlayer(app);
      await admin.request('POST', rolePath(p.id), { role: 'moderator', reason: `batch ${i}` });
    }
    const first = (await admin.request('GET', `${consolePaths.audit}?action=role-set`)).json();
    expect(first.entries.length).toBeGreaterThanOrEqual(3);
    const ids = first.entries.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const older = (await admin.request('GET', `${consolePaths.audit}?before=${ids[0]}`)).json();
    expect(older.entries.every((e: { id: number }) => e.id < ids[0])).toBe(true);
  });
});
