import type { PurchaseRow, VirusShop } from '../../../core/api/virus';
import { balance } from '../../../core/balance';
import { cooldownLeftSeconds, utcDayStart } from '../../../core/rules/virus';
import * as store from './store';
import type { VirusContext } from './virus-context';

function toRow(r: store.PurchaseRecord): PurchaseRow {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    trojanCount: r.trojanCount,
    amountCents: r.amountCents,
    currency: r.currency,
    status: r.status,
    coresAwarded: r.cores.length,
    coresRevoked: r.coresRevoked,
    cores: r.cores.map((c) => c.type as PurchaseRow['cores'][number]),
  };
}

/** The shop as this player sees it: the provider's mode, the day's spend and cooldown, their purchases. */
export async function shopView(ctx: VirusContext, userId: number): Promise<VirusShop> {
  const { database, now, provider } = ctx.deps;
  const spent = await store.spendSince(database.db, userId, new Date(utcDayStart(now())));
  return {
    mode: provider?.mode ?? 'off',
    publishableKey: provider?.publishableKey ?? null,
    dailyLimitCents: ctx.deps.dailyLimitCents,
    spentTodayCents: spent.spentCents,
    cooldownSeconds: balance.virusCooldownSeconds,
    cooldownLeftSeconds: cooldownLeftSeconds(
      spent.lastStartedAt?.getTime() ?? null,
      now(),
      balance.virusCooldownSeconds,
    ),
    purchases: (await store.history(database.db, userId, balance.virusHistoryLimit)).map(toRow),
  };
}
