import { compact } from './report';
import type { DayRow } from './stats';

const width = 720;
const height = 360;
const margin = { left: 64, right: 150, top: 36, bottom: 40 };

const series = [
  { label: 'total supply', colour: '#2f7ed8', value: (r: DayRow) => r.supply },
  { label: 'top 1 % balance', colour: '#d9534f', value: (r: DayRow) => r.top1PctBalance },
  { label: 'median balance', colour: '#2ca02c', value: (r: DayRow) => r.medianBalance },
] as const;

/** A small hand-written SVG: supply, top 1 % and median balance per day on a log scale. */
export function renderChart(rows: readonly DayRow[], title: string): string {
  const values = rows.flatMap((r) => series.map((s) => s.value(r))).filter((v) => v > 0);
  const lo = Math.floor(Math.log10(Math.max(1, Math.min(...values, 10))));
  const hi = Math.ceil(Math.log10(Math.max(...values, 10)));
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const x = (day: number) => margin.left + (rows.length <= 1 ? 0 : ((day - 1) / (rows.length - 1)) * plotW);
  const y = (v: number) =>
    margin.top + plotH - ((Math.log10(Math.max(v, 10 ** lo)) - lo) / Math.max(1, hi - lo)) * plotH;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="monospace" font-size="11">`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  parts.push(`<text x="${margin.left}" y="20" font-size="13">${escapeXml(title)}</text>`);
  for (let e = lo; e <= hi; e++) {
    parts.push(
      `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${y(10 ** e)}" y2="${y(10 ** e)}" stroke="#ddd"/>`,
    );
    parts.push(`<text x="${margin.left - 6}" y="${y(10 ** e) + 4}" text-anchor="end">${compact(10 ** e)}</text>`);
  }
  const tickEvery = rows.length > 14 ? 7 : 1;
  for (const r of rows)
    if (r.day === 1 || r.day % tickEvery === 0)
      parts.push(`<text x="${x(r.day)}" y="${height - margin.bottom + 16}" text-anchor="middle">${r.day}</text>`);
  parts.push(`<text x="${margin.left + plotW / 2}" y="${height - 6}" text-anchor="middle">day</text>`);
  series.forEach((s, i) => {
    const points = rows.map((r) => `${x(r.day).toFixed(1)},${y(s.value(r)).toFixed(1)}`).join(' ');
    parts.push(`<polyline fill="none" stroke="${s.colour}" stroke-width="2" points="${points}"/>`);
    const ly = margin.top + 14 + i * 18;
    parts.push(
      `<line x1="${width - margin.right + 12}" x2="${width - margin.right + 32}" y1="${ly - 4}" y2="${ly - 4}" stroke="${s.colour}" stroke-width="2"/>`,
    );
    parts.push(`<text x="${width - margin.right + 38}" y="${ly}">${s.label}</text>`);
  });
  parts.push(
    `<rect x="${margin.left}" y="${margin.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#999"/>`,
  );
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}
