import { balance } from '../src/core/balance';
import { planDroneRun } from '../src/core/rules/drone';
import { canStartOptimizer, connectionRateForLevel, optimizerUpgradeCost } from '../src/core/rules/optimizer';
import { extraDirectoryPrice } from '../src/core/rules/terminal';
import { canSpend, packageFor, rollTrojans } from '../src/core/rules/virus';
import { applyDecodeBatch, decodesThroughBucket, openHeldCore } from './decode';
import { tryHack } from './hack';
import { buyBits } from './kernel';
import { bankTransfer, shop } from './market';
import { profiles } from './mix';
import { minuteMs, type Player } from './model';
import { credit, debit, type World } from './world';

export const stepMinutes = 5;
export const stepMs = stepMinutes * minuteMs;

/** What a player does in one step of their session; `index` counts the session's steps from 0. */
export function playStep(world: World, p: Player, index: number): void {
  const profile = profiles[p.behaviour];
  const typingSteps = Math.ceil(profile.typingMinutes / stepMinutes);
  const droneSteps = Math.ceil(profile.droneMinutes / stepMinutes);
  if (!p.missionsPaid && p.behaviour !== 'raider') payMissions(world, p);
  if (index === 0 && p.behaviour === 'whale') buyTrojans(world, p);
  if (index < typingSteps) type(world, p, profile.decodesPerSecond);
  else if (index < typingSteps + droneSteps) runDrone(world, p);
  if (profile.hackingMinutes > 0 && index >= typingSteps) tryHack(world, p);
  // A player at the screen starts the next optimizer upgrade as soon as one is collected and affordable.
  if (p.behaviour !== 'raider' && p.behaviour !== 'bank-alt') startOptimizer(world, p);
  const everyHour = p.behaviour === 'script' && index % 12 === 11;
  if (index === p.sessionSteps - 1 || everyHour) spend(world, p);
  if (world.day < p.minutesByDay.length && index < typingSteps) p.minutesByDay[world.day]! += stepMinutes;
}

/** The nine beginner missions' rewards, paid as the player first plays (ledger mission). */
function payMissions(world: World, p: Player): void {
  p.missionsPaid = true;
  credit(world, p, 'mission', balance.missionRewardTelnet * balance.missionCount);
}

function type(world: World, p: Player, perSecond: number): void {
  let decodes: number;
  if (p.behaviour === 'script') decodes = decodesThroughBucket(p, world.nowMs, stepMs, perSecond);
  else if (p.behaviour === 'bank-alt')
    decodes = p.level < 4 ? 10 : 0; // kept under the hack shield's level
  else decodes = Math.round(perSecond * (stepMs / 1000) * (0.8 + world.random() * 0.4));
  applyDecodeBatch(world, p, decodes, connectionRateForLevel(p.optimizerLevel), 'typed');
}

/** The drone idler keeps runs going: each run is 250 clicks over 5 minutes (planDroneRun), decoded by the server's rules. */
function runDrone(world: World, p: Player): void {
  // The idler offers what it holds; the server keeps one run's worth and refunds the rest.
  const offered = Math.min(p.telnet, balance.droneMaxOfferTelnet);
  const plan = planDroneRun(offered);
  if (plan.clicks === 0 || !debit(world, p, 'drone-purchase', offered)) return;
  if (plan.refundTelnet > 0) credit(world, p, 'drone-refund', plan.refundTelnet);
  applyDecodeBatch(world, p, plan.clicks, connectionRateForLevel(p.optimizerLevel), 'drone');
}

/** The whale buys Trojans up to the daily limit (canSpend), bundles first, and opens their cores. */
function buyTrojans(world: World, p: Player): void {
  for (const count of [10, 10, 1, 1, 1, 1, 1, 1, 1, 1]) {
    const pkg = packageFor(count)!;
    const nowMs = (p.virusLastStartedAtMs ?? 0) + balance.virusCooldownSeconds * 1000;
    const decision = canSpend({
      priceCents: pkg.priceCents,
      spentTodayCents: p.virusSpentTodayCents,
      dailyLimitCents: balance.virusDailyLimitCents,
      lastStartedAtMs: p.virusLastStartedAtMs,
      nowMs,
      cooldownSeconds: balance.virusCooldownSeconds,
    });
    if (!decision.ok) continue;
    p.virusSpentTodayCents += pkg.priceCents;
    p.virusLastStartedAtMs = nowMs;
    for (const core of rollTrojans(world.random, pkg.trojanCount)) openHeldCore(world, p, core);
  }
}

/** The end of a session (and a script's every hour): directories, Kernel bits above the next upgrade's price, the market, the bank. */
function spend(world: World, p: Player): void {
  const profile = profiles[p.behaviour];
  const dirPrice = extraDirectoryPrice(p.extraDirectories);
  if (
    p.extraDirectories < profile.extraDirectoriesWanted &&
    dirPrice !== null &&
    p.telnet >= 3 * dirPrice &&
    debit(world, p, 'directory-purchase', dirPrice)
  )
    p.extraDirectories += 1;
  const reserve = p.optimizerLevel < balance.optimizerMaxLevel ? optimizerUpgradeCost(p.optimizerLevel) : 0;
  const spare = Math.max(0, p.telnet - reserve);
  if (profile.kernelShare > 0) buyBits(world, p, Math.floor(spare * profile.kernelShare));
  if (p.behaviour !== 'script' && p.behaviour !== 'raider' && p.behaviour !== 'bank-alt')
    shop(world, p, Math.floor(p.telnet * 0.1));
  if (p.behaviour === 'bank-main' && p.partnerId !== null)
    bankTransfer(world, p, world.byId.get(p.partnerId)!, reserve);
}

function startOptimizer(world: World, p: Player): void {
  const check = canStartOptimizer({ level: p.optimizerLevel, active: p.optimizerEndsAtMs !== null, telnet: p.telnet });
  if (!check.ok || !debit(world, p, 'optimizer-upgrade', check.costTelnet)) return;
  p.optimizerEndsAtMs = world.nowMs + check.durationMs;
}

/** The jobs runner's optimizer.completed: an upgrade whose time has come is collected, player present or not. */
export function collectOptimizers(world: World): void {
  for (const p of world.players) {
    if (p.optimizerEndsAtMs !== null && p.optimizerEndsAtMs <= world.nowMs) {
      p.optimizerLevel += 1;
      p.optimizerEndsAtMs = null;
    }
  }
}
