// What the soak checks once play is over (ADR 072): the ledger's charges and what must hold at any load.
import postgres from 'postgres';
import type { SoakTally } from './soak-player';

/** Every acknowledged purchase charged once: one ledger row of its reason per bought bit or listing (ADR 072). */
export async function chargedOnce(databaseUrl: string, tally: SoakTally): Promise<boolean> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const report = async (what: string, reason: string, bought: string[], boughtAfterShed: string[]) => {
      const rows = await sql<{ reference: string; n: number }[]>`
        SELECT reference, count(*)::int AS n FROM telnet_ledger WHERE reason = ${reason} GROUP BY reference`;
      const charges = new Map(rows.map((row) => [row.reference, row.n]));
      const once = (refs: string[]) => refs.filter((ref) => charges.get(ref) === 1).length;
      const ledgerRows = rows.reduce((sum, row) => sum + row.n, 0);
      console.log(
        `${what} acknowledged: ${bought.length}, charged exactly once: ${once(bought)}; ledger rows: ` +
          `${ledgerRows}; shed first and acknowledged later: ${boughtAfterShed.length}, ` +
          `charged exactly once: ${once(boughtAfterShed)}`,
      );
      return once(bought) === bought.length && ledgerRows === bought.length;
    };
    const bits = await report('kernel purchases', 'kernel-bit', tally.boughtBits, tally.boughtAfterShed);
    const listings = await report(
      'market buys',
      'market-purchase',
      tally.boughtListings,
      tally.boughtListingsAfterShed,
    );
    return bits && listings;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * What must hold at any load, overload included (ADR 072): no answer a busy server gives other than a shed
 * 503, no request lost on the network, no socket cut by the server, every acknowledged purchase charged
 * once. A 4xx is reported, not failed: under overload a player whose colour choice was shed past the last
 * resend is then refused a purchase, as the game should. The CI's short run exits 1 on any of these.
 */
export function brokenPromises(tally: SoakTally, socketsCut: number, charged: boolean): string[] {
  const summaries = [...tally.routes.values()].map((recorder) => recorder.summarize(1));
  const serverErrors = summaries.reduce(
    (sum, s) =>
      sum + Object.entries(s.otherStatuses).reduce((n, [code, k]) => n + (code >= '500' && code !== '503' ? k : 0), 0),
    0,
  );
  const lost = summaries.reduce((sum, s) => sum + s.networkErrors, 0);
  return [
    serverErrors > 0 ? `${serverErrors} answers of 5xx other than a shed 503` : '',
    lost > 0 ? `${lost} requests lost on the network` : '',
    socketsCut > 0 ? `${socketsCut} sockets closed by the server` : '',
    charged ? '' : 'an acknowledged purchase not charged exactly once',
  ].filter(Boolean);
}
