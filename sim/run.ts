/**
 * `npm run sim`: simulates the default mix of players over days in 5-minute steps with the game's
 * own rules from src/core, prints one row per day and the verdict against the economy band
 * (docs/game-rules.md "Economy band"), and exits 1 when the band is broken.
 *
 *   npm run sim -- --players 1000 --days 30 --seed 1 --json sim-result.json --svg docs/economy.svg
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkBand } from './band';
import { renderChart } from './chart';
import { formatBehaviours, formatTable, formatVerdict } from './report';
import { simulate } from './simulate';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '1000' },
    days: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    json: { type: 'string' },
    svg: { type: 'string' },
  },
});

function wholeArg(name: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max} (got ${text})`);
    process.exit(2);
  }
  return n;
}

const options = {
  players: wholeArg('players', values.players, 10, 100_000),
  days: wholeArg('days', values.days, 1, 365),
  seed: wholeArg('seed', values.seed, 0, 2 ** 32 - 1),
};
const started = performance.now();
const result = simulate(options);
const seconds = (performance.now() - started) / 1000;
const checks = checkBand(result);

console.log(
  `Bitbreach economy: ${options.players} players × ${options.days} days, seed ${options.seed}, 5-minute steps (${seconds.toFixed(1)} s)`,
);
console.log(formatTable(result.rows));
console.log('');
console.log(formatBehaviours(result.world.players));
console.log('');
console.log(formatVerdict(checks));
if (values.json)
  writeFileSync(values.json, JSON.stringify({ options, seconds, rows: result.rows, band: checks }, null, 2) + '\n');
if (values.svg)
  writeFileSync(
    values.svg,
    renderChart(
      result.rows,
      `Bitbreach economy: ${options.players} players × ${options.days} days (seed ${options.seed})`,
    ),
  );
process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
