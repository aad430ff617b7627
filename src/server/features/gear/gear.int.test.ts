import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infra } from '../../../core/infra';
import { effectiveStats } from '../../../core/rules/gear-stats';
import { fillText, itemTexts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { act, gearOf, grant, keyStamps, snapshot } from '../../../../tests/support/items';

describe.each(drivers)('gear [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());

  it('lists gear, equips one per slot (equipping replaces) and shows effective stats everywhere', async () => {
    const p = await asPlayer(app);
    const first = await gearOf(app, p, 'cpu', 'common', 1);
    const second = await gearOf(app, p, 'cpu', 'epic', 1);
    const storage = await gearOf(app, p, 'storage', 'legendary', 1);
    const before = (await p.request('GET', '/api/auth/user')).json();
    const list = await p.request('GET', '/api/gear');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((g: { id: number }) => g.id)).toEqual([first, second, storage]);

    const eq1 = await p.request('POST', '/api/gear/equip', { gearId: first, equip: true });
    expect(eq1.statusCode).toBe(200);
    expect(eq1.json().message).toBe(fillText(itemTexts.gearEquipped, { name: 'Scrap Core CPU' }));
    await p.request('POST', '/api/gear/equip', { gearId: second, equip: true });
    await p.request('POST', '/api/gear/equip', { gearId: storage, equip: true });
    const gear = (await p.request('GET', '/api/gear')).json() as Array<{
      id: number;
      isEquipped: boolean;
      type: 'cpu';
      statValue: number;
    }>;
    expect(gear.filter((g) => g.isEquipped).map((g) => g.id)).toEqual([second, storage]);

    const expected = effectiveStats(
      {
        attack: before.attack,
        criticalRate: before.criticalRate,
        bonusCriticalHit: before.bonusCriticalHit,
        itemDropRate: before.itemDropRate,
      },
      gear.filter((g) => g.isEquipped),
    );
    const after = (await p.request('GET', '/api/auth/user')).json();
    expect(after.attack).toBe(expected.attack);
    expect(after.attack).toBeGreaterThan(before.attack);
    expect(after.itemDropRate).toBeGreaterThan(before.itemDropRate);
    expect(after.itemDropRate).toBe(expected.itemDropRate);

    const off = await p.request('POST', '/api/gear/equip', { gearId: second, equip: false });
    expect(off.json().message).toBe(fillText(itemTexts.gearUnequipped, { name: 'Quantum Lattice CPU' }));
    expect((await p.request('GET', '/api/auth/user')).json().attack).toBe(before.attack);
  });

  it("refuses gear above the player's level with the spec's texts", async () => {
    const p = await asPlayer(app);
    const high = await gearOf(app, p, 'ram', 'rare', 5);
    const res = await p.request('POST', '/api/gear/equip', { gearId: high, equip: true });
    expectError(res, 403, `${itemTexts.levelTooLow}: ${fillText(itemTexts.levelTooLowBody, { n: 5 })}`);
    expect(res.json().title).toBe(itemTexts.levelTooLow);
    await grant(app, p, { exp: 10_000 });
    expect((await p.request('POST', '/api/gear/equip', { gearId: high, equip: true })).statusCode).toBe(200);
  });

  it('destroys one item, refuses equipped gear, and answers a retry from the first outcome', async () => {
    const p = await asPlayer(app);
    const id = await gearOf(app, p);
    await p.request('POST', '/api/gear/equip', { gearId: id, equip: true });
    expectError(await act(p, '/api/gear/destroy', { gearId: id }), 409, itemTexts.unequipBeforeDestroy);
    await p.request('POST', '/api/gear/equip', { gearId: id, equip: false });
    const first = await act(p, '/api/gear/destroy', { gearId: id }, 'destroy-key-1');
    expect(first.statusCode).toBe(200);
    const again = await act(p, '/api/gear/destroy', { gearId: id }, 'destroy-key-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expectError(await act(p, '/api/gear/destroy', { gearId: id }), 404, itemTexts.gearNotFound);
    expect((await p.request('GET', '/api/gear')).json()).toEqual([]);
  });

  it("stamps the keys of a destroy and a bulk destroy with the game's clock, which their retention counts from", async () => {
    const p = await asPlayer(app);
    expect((await act(p, '/api/gear/destroy', { gearId: await gearOf(app, p) })).statusCode).toBe(200);
    const bulk = await act(p, '/api/inventory/destroy', { items: [{ kind: 'gear', id: await gearOf(app, p) }] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await keyStamps(app, p.id)).toEqual([app.clock.now, app.clock.now]);
  });

  it('bulk destroys what it can and skips the rest unchanged (multi-select, clear lowest rarity)', async () => {
    const p = await asPlayer(app);
    const other = await asPlayer(app);
    const [a, b, kept] = [await gearOf(app, p), await gearOf(app, p), await gearOf(app, p)];
    const theirs = await gearOf(app, other);
    await p.request('POST', '/api/gear/equip', { gearId: kept, equip: true });
    const res = await act(p, '/api/inventory/destroy', {
      items: [
        { kind: 'gear', id: a },
        { kind: 'gear', id: b },
        { kind: 'gear', id: kept },
        { kind: 'gear', id: theirs },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      message: itemTexts.destroySomeFailed,
      destroyed: [
        { kind: 'gear', id: a },
        { kind: 'gear', id: b },
      ],
    });
    expect(res.json().skipped).toHaveLength(2);
    expect((await p.request('GET', '/api/gear')).json().map((g: { id: number }) => g.id)).toEqual([kept]);
    expect((await other.request('GET', '/api/gear')).json()).toHaveLength(1);
    const dup = await act(p, '/api/inventory/destroy', {
      items: [
        { kind: 'gear', id: kept },
        { kind: 'gear', id: kept },
      ],
    });
    expectError(dup, 400, itemTexts.duplicateItems);
  });

  it.each([
    ['missing field', '/api/gear/equip', { gearId: 1 }],
    ['extra field', '/api/gear/equip', { gearId: 1, equip: true, level: 99 }],
    ['string id', '/api/gear/destroy', { gearId: '1' }],
    ['fractional id', '/api/gear/destroy', { gearId: 1.5 }],
    ['negative id', '/api/gear/destroy', { gearId: -3 }],
    ['huge id', '/api/gear/destroy', { gearId: 2 ** 31 }],
    ['empty bulk', '/api/inventory/destroy', { items: [] }],
    ['bad kind', '/api/inventory/destroy', { items: [{ kind: 'sword', id: 1 }] }],
  ])('answers %s with a 400 and changes nothing', async (_name, url, body) => {
    const p = await asPlayer(app);
    await gearOf(app, p);
    const before = await snapshot(app);
    const res = await act(p, url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await snapshot(app)).toBe(before);
  });

  it('limits inventory and market actions per player per minute (429), then lets them through again', async () => {
    const p = await asPlayer(app);
    const other = await asPlayer(app);
    const id = await gearOf(app, p);
    for (let i = 0; i < infra.itemActionsPerMinute; i++) {
      expect((await p.request('POST', '/api/gear/equip', { gearId: id, equip: i % 2 === 0 })).statusCode).toBe(200);
    }
    expectError(await act(p, '/api/gear/destroy', { gearId: id }), 429, itemTexts.tooManyItemActions);
    expect(
      (await other.request('POST', '/api/gear/equip', { gearId: await gearOf(app, other), equip: true })).statusCode,
    ).toBe(200);
    app.clock.advance(60_000);
    expect((await act(p, '/api/gear/destroy', { gearId: id })).statusCode).toBe(200);
  });

  it("answers another player's gear with not found and no player can add items", async () => {
    const p = await asPlayer(app);
    const other = await asPlayer(app);
    const theirs = await gearOf(app, other);
    expectError(
      await p.request('POST', '/api/gear/equip', { gearId: theirs, equip: true }),
      404,
      itemTexts.gearNotFound,
    );
    expectError(await act(p, '/api/gear/destroy', { gearId: theirs }), 404, itemTexts.gearNotFound);
    expect((await act(p, '/api/gear/add', { type: 'cpu' })).statusCode).toBe(404);
    expectError(await p.request('POST', '/api/gear/destroy', { gearId: theirs }), 400);
  });
});
