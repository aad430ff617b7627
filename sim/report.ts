import type { LedgerReason } from '../src/core/ledger-reasons';
import type { BandCheck } from './band';
import { behaviours, type Player } from './model';
import { lifetimeIncome } from './stats';
import type { DayRow, Spread } from './stats';

/** 1234 → '1.2k', 3_400_000 → '3.4M': the table's short numbers. */
export function compact(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (abs >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${Math.round(n / 1e3)}k`;
  if (abs >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return String(Math.round(n));
}

const spreadText = (s: Spread) => `${s.p10}/${s.p50}/${s.p90}`;

function byReason(amounts: Partial<Record<LedgerReason, number>>): string {
  return Object.entries(amounts)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${reason} ${compact(n)}`)
    .join(', ');
}

const header = [
  'day',
  'players',
  'supply',
  'Δ%',
  'minted',
  'burned',
  'moved',
  'median',
  'top1%',
  'level p10/50/90',
  'optim p10/50/90',
  'canvas',
  'boss',
];
const widths = [3, 7, 7, 6, 7, 7, 6, 6, 6, 15, 15, 10, 9];

/** One line per day: the figures, then minted (+) and burned (−) by ledger reason. */
export function formatRow(r: DayRow): string {
  const cells = [
    String(r.day),
    String(r.players),
    compact(r.supply),
    r.growthPct === null ? '—' : r.growthPct.toFixed(1),
    compact(r.mintedTotal),
    compact(r.burnedTotal),
    compact(r.moved),
    compact(r.medianBalance),
    compact(r.top1PctBalance),
    spreadText(r.level),
    spreadText(r.optimizer),
    `${r.canvasSoldPct.toFixed(0)}%${r.canvasSeasons > 1 ? ` s${r.canvasSeasons}` : ''}`,
    `L${r.bossLevel}×${r.bossKills}`,
  ];
  const main = cells.map((c, i) => c.padStart(widths[i]!)).join(' ');
  return `${main} | +${byReason(r.minted)} | −${byReason(r.burned)}`;
}

export function formatTable(rows: readonly DayRow[]): string {
  const head = header.map((c, i) => c.padStart(widths[i]!)).join(' ');
  return [`${head} | minted by reason | burned by reason`, ...rows.map(formatRow)].join('\n');
}

export function formatVerdict(checks: readonly BandCheck[]): string {
  const lines = checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.measured} (band ${c.limit})`);
  const broken = checks.filter((c) => !c.ok).length;
  lines.push(broken === 0 ? 'VERDICT: inside the band' : `VERDICT: band broken (${broken} of ${checks.length} checks)`);
  return lines.join('\n');
}

/** One line per behaviour: accounts, mean balance, mean Telnet earned by play, mean level and optimizer, hacks. */
export function formatBehaviours(players: readonly Player[]): string {
  const lines = ['behaviour   accounts  mean balance  share of supply  mean earned  level  optim  stolen  lost'];
  const supply = players.reduce((s, p) => s + p.telnet, 0);
  for (const behaviour of behaviours) {
    const group = players.filter((p) => p.behaviour === behaviour);
    if (group.length === 0) continue;
    const mean = (f: (p: Player) => number) => group.reduce((s, p) => s + f(p), 0) / group.length;
    const held = group.reduce((s, p) => s + p.telnet, 0);
    const cells = [
      behaviour.padEnd(10),
      String(group.length).padStart(9),
      compact(mean((p) => p.telnet)).padStart(13),
      `${((held / Math.max(1, supply)) * 100).toFixed(1)} %`.padStart(16),
      compact(mean(lifetimeIncome)).padStart(12),
      mean((p) => p.level)
        .toFixed(0)
        .padStart(6),
      mean((p) => p.optimizerLevel)
        .toFixed(0)
        .padStart(6),
      compact(mean((p) => p.byReason['hack-stolen'] ?? 0)).padStart(7),
      compact(mean((p) => -(p.byReason['hack-lost'] ?? 0))).padStart(5),
    ];
    lines.push(cells.join(' '));
  }
  return lines.join('\n');
}
