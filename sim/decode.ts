import { balance } from '../src/core/balance';
import { findCoreType, openCore } from '../src/core/rules/cores';
import { countDecodes, decodesThatRollDrops } from '../src/core/rules/decode-budget';
import { observeDecodeBatch } from '../src/core/rules/decode-timing';
import { droneConnectionRatePct } from '../src/core/rules/drone';
import { rollDrops, type CoreDrop, type GearDrop } from '../src/core/rules/drops';
import { applyDecodes } from '../src/core/rules/exp';
import { canEquipAtLevel, effectiveStats } from '../src/core/rules/gear-stats';
import { takeTaps } from '../src/core/rules/tap-rate';
import { convertDecodesToTelnet } from '../src/core/rules/telnet';
import { baseStats, type Player } from './model';
import { listCore, listGear } from './market';
import { credit, type World } from './world';

/**
 * How many decodes a client posting `tapBatchSize` decodes every `gapMs` gets through the server's
 * tap-rate bucket in `stepMs` (takeTaps, the server's own rule): a script asking for more than the
 * ceiling is held to it. Each batch the server accepts is also shown to its machine-like timing watch
 * (decode-timing.ts), which flags and never changes what the batch earns.
 */
export function decodesThroughBucket(player: Player, startMs: number, stepMs: number, wantedPerSecond: number): number {
  const batch = balance.tapBatchSize;
  const gapMs = (batch / wantedPerSecond) * 1000;
  let allowed = 0;
  for (let t = startMs; t < startMs + stepMs; t += gapMs) {
    const taken = takeTaps(player.tapBucket, batch, t);
    player.tapBucket = taken.bucket;
    if (!taken.allowed) continue;
    allowed += batch;
    const watched = observeDecodeBatch(player.decodeTiming, t, batch);
    player.decodeTiming = watched.state;
    if (watched.signal) player.flaggedMachineLike = true;
  }
  return allowed;
}

/** Opens a core at once (spec §4): the server's openCore with the type's chance and range; ledger core-open. */
export function openHeldCore(world: World, player: Player, core: CoreDrop): void {
  const type = findCoreType(core.coreTypeId)!;
  const opening = openCore(world.random, type);
  if (opening.success) credit(world, player, 'core-open', opening.telnetRewarded);
}

/** Puts gear in its slot and recomputes the effective stats (gear-stats.ts), as equipping does on the server. */
export function equip(player: Player, gear: GearDrop): void {
  player.equipped[gear.type] = { type: gear.type, statValue: gear.statValue, level: gear.level };
  player.stats = effectiveStats(baseStats(), Object.values(player.equipped));
}

/** Keeps a gear drop when it beats what the slot holds and the level allows it; the trader lists rare-and-better spares. */
function handleGear(world: World, player: Player, gear: GearDrop): void {
  const held = player.equipped[gear.type];
  if (canEquipAtLevel(gear.level, player.level) && (!held || gear.statValue > held.statValue)) {
    equip(player, gear);
    return;
  }
  if (player.behaviour === 'trader' && gear.rarity !== 'common') listGear(world, player, gear);
}

/** The trader sells its cores on the Data Exchange; everyone else opens them. */
function handleCore(world: World, player: Player, core: CoreDrop): void {
  if (player.behaviour === 'trader') listCore(world, player, core);
  else openHeldCore(world, player, core);
}

/**
 * `decodes` decodes applied as the tap-batch (source 'typed') or a drone step ('drone') applies them:
 * experience one decode at a time; Telnet with the hundredths remainder, typed decodes at the connection
 * rate within the daily decode budget, drone decodes outside it at the drone's capped rate; drops rolled at the level
 * held before the batch with the effective drop rate, typed ones only for the decodes the budget lets roll.
 */
export function applyDecodeBatch(
  world: World,
  player: Player,
  decodes: number,
  connectionRatePct: number,
  source: 'typed' | 'drone',
): void {
  if (decodes <= 0) return;
  const levelBefore = player.level;
  const exp = applyDecodes({ level: player.level, currentExp: player.currentExp, maxExp: 0 }, decodes);
  player.level = exp.level;
  player.currentExp = exp.currentExp;
  let rolling = decodes;
  let telnet;
  if (source === 'typed') {
    const day = countDecodes(player.decodeCounter, world.nowMs, decodes);
    player.decodeCounter = day.counter;
    telnet = convertDecodesToTelnet(decodes, connectionRatePct, player.telnetCents, day.decodesBefore);
    rolling = decodesThatRollDrops(world.random, day.decodesBefore, decodes);
  } else {
    telnet = convertDecodesToTelnet(decodes, droneConnectionRatePct(connectionRatePct), player.telnetCents);
  }
  player.telnetCents = telnet.remainderCents;
  credit(world, player, 'decode', telnet.telnet);
  const drops = rollDrops(world.random, rolling, levelBefore, player.stats.itemDropRate);
  for (const gear of drops.gear) handleGear(world, player, gear);
  for (const core of drops.cores) handleCore(world, player, core);
  if (world.day < player.decodesByDay.length) player.decodesByDay[world.day]! += decodes;
}
