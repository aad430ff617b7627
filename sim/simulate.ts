import { seededRandom } from '../src/core/random';
import { collectOptimizers, playStep, stepMinutes, stepMs } from './behaviours';
import { bossStep, firstBoss, type BossParticipant } from './boss';
import { changeSeasonIfDue, newCanvas } from './kernel';
import { expireListings } from './market';
import { mixCounts, profiles } from './mix';
import { behaviours, dayMs, newPlayer, type Player } from './model';
import { dayRow, type DayRow } from './stats';
import type { World } from './world';

export interface SimOptions {
  players: number;
  days: number;
  seed: number;
}

export interface SimResult {
  options: SimOptions;
  rows: DayRow[];
  world: World;
}

const stepsPerDay = (24 * 60) / stepMinutes;

function createPlayers(options: SimOptions, random: () => number): Player[] {
  const counts = mixCounts(options.players);
  const players: Player[] = [];
  // Launch: half the ordinary accounts register on day 0, the rest over the rest of the first week.
  for (const behaviour of behaviours) {
    for (let i = 0; i < counts[behaviour]; i++) {
      const early = profiles[behaviour].joinsFirstDay || random() < 0.5;
      const joinDay = early ? 0 : 1 + Math.floor(random() * Math.min(6, Math.max(1, options.days - 1)));
      const start = behaviour === 'script' ? 0 : Math.floor(random() * 24 * 60);
      players.push(newPlayer(players.length + 1, behaviour, joinDay, start, options.days));
    }
  }
  // Each bank alt belongs to one bank main.
  const mains = players.filter((p) => p.behaviour === 'bank-main');
  const alts = players.filter((p) => p.behaviour === 'bank-alt');
  mains.forEach((main, i) => {
    const alt = alts[i]!;
    main.partnerId = alt.id;
    alt.partnerId = main.id;
  });
  return players;
}

/** Who plays today and from which step: the usual start time, give or take an hour, within the day. */
function planDay(world: World): Map<number, Player[]> {
  const byStartStep = new Map<number, Player[]>();
  for (const p of world.players) {
    const profile = profiles[p.behaviour];
    const minutes = profile.typingMinutes + profile.droneMinutes + profile.hackingMinutes;
    p.sessionSteps = Math.min(stepsPerDay, Math.max(1, Math.ceil(minutes / stepMinutes)));
    p.playsToday = p.joinDay <= world.day && world.random() < profile.playChance;
    p.virusSpentTodayCents = 0;
    if (!p.playsToday) continue;
    const jitter = p.behaviour === 'script' ? 0 : Math.floor((world.random() - 0.5) * 24);
    let start = Math.floor(p.sessionStartMinute / stepMinutes) + jitter;
    if (p.joinDay === world.day) start = Math.max(start, Math.ceil((p.registeredAtMs - world.day * dayMs) / stepMs));
    start = Math.max(0, Math.min(start, stepsPerDay - p.sessionSteps));
    byStartStep.set(start, [...(byStartStep.get(start) ?? []), p]);
  }
  return byStartStep;
}

function runDay(world: World): void {
  const byStartStep = planDay(world);
  const active: { player: Player; index: number }[] = [];
  for (let step = 0; step < stepsPerDay; step++) {
    world.nowMs = world.day * dayMs + step * stepMs;
    collectOptimizers(world);
    changeSeasonIfDue(world);
    if (step % 12 === 0) expireListings(world);
    for (const p of byStartStep.get(step) ?? []) active.push({ player: p, index: 0 });
    const atBoss: BossParticipant[] = [];
    for (const a of active) {
      playStep(world, a.player, a.index);
      const profile = profiles[a.player.behaviour];
      if (profile.bossChance > 0 && world.random() < profile.bossChance)
        atBoss.push({
          player: a.player,
          guessesPerSecond: profile.guessesPerSecond,
          solver: a.player.behaviour === 'script',
        });
      a.index += 1;
    }
    bossStep(world, atBoss, stepMs);
    for (let i = active.length - 1; i >= 0; i--)
      if (active[i]!.index >= active[i]!.player.sessionSteps) active.splice(i, 1);
  }
}

/** Runs the whole simulation: deterministic for a seed, one row per day. */
export function simulate(options: SimOptions): SimResult {
  const random = seededRandom(options.seed);
  const players = createPlayers(options, random);
  const world: World = {
    random,
    days: options.days,
    nowMs: 0,
    day: 0,
    players,
    byId: new Map(players.map((p) => [p.id, p])),
    canvas: newCanvas(),
    boss: firstBoss(),
    listings: [],
    today: new Map(),
    bossRewardToday: new Map(),
    largestKillReward: 0,
    largestDailyBossReward: 0,
  };
  const rows: DayRow[] = [];
  for (let day = 0; day < options.days; day++) {
    world.day = day;
    world.today = new Map();
    world.bossRewardToday = new Map();
    runDay(world);
    world.nowMs = (day + 1) * dayMs;
    rows.push(dayRow(world, rows.at(-1)));
  }
  return { options, rows, world };
}
