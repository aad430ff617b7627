import { balance } from '../src/core/balance';
import { bitPrice } from '../src/core/rules/kernel';
import { seasonShouldEnd } from '../src/core/rules/kernel-season';
import type { Player } from './model';
import { debit, type World } from './world';

/**
 * The Kernel canvas as the simulation keeps it: how many bits are still free at each price. A buyer
 * takes a free bit at random (bits sell everywhere, the centre's dearer ones as readily as the rest).
 */
export interface Canvas {
  /** freeByPrice[p] = free bits whose bitPrice is p. */
  freeByPrice: number[];
  free: number;
  total: number;
  soldThisSeason: number;
  seasons: number;
  seasonStartedAtMs: number;
}

let pricesOfGrid: number[] | null = null;

/** Bits of the grid at each price, from the server's bitPrice over every bit (computed once). */
function gridPriceCounts(): number[] {
  if (pricesOfGrid) return pricesOfGrid;
  const counts = new Array<number>(balance.bitPriceCentre + 1).fill(0);
  for (let y = 0; y < balance.gridSize; y++) for (let x = 0; x < balance.gridSize; x++) counts[bitPrice(x, y)]! += 1;
  pricesOfGrid = counts;
  return counts;
}

export function newCanvas(): Canvas {
  const freeByPrice = [...gridPriceCounts()];
  const total = freeByPrice.reduce((a, b) => a + b, 0);
  return { freeByPrice, free: total, total, soldThisSeason: 0, seasons: 1, seasonStartedAtMs: 0 };
}

/**
 * The season-change job (ADR 053): when seasonShouldEnd says so, the canvas is archived and every bit is
 * free again at its bitPrice. The change itself mints and burns nothing.
 */
export function changeSeasonIfDue(world: World): void {
  const canvas = world.canvas;
  if (
    !seasonShouldEnd({
      ownedBits: canvas.soldThisSeason,
      totalBits: canvas.total,
      startedAtMs: canvas.seasonStartedAtMs,
      nowMs: world.nowMs,
    })
  )
    return;
  world.canvas = { ...newCanvas(), seasons: canvas.seasons + 1, seasonStartedAtMs: world.nowMs };
}

function pickFreePrice(canvas: Canvas, random: () => number): number {
  let roll = random() * canvas.free;
  for (let p = 1; p < canvas.freeByPrice.length; p++) {
    roll -= canvas.freeByPrice[p]!;
    if (roll < 0) return p;
  }
  return canvas.freeByPrice.findLastIndex((n) => n > 0);
}

/** Buys free bits (ledger kernel-bit) until `budget` is spent or the canvas is full; returns what was spent. */
export function buyBits(world: World, player: Player, budget: number): number {
  const canvas = world.canvas;
  let spent = 0;
  while (canvas.free > 0) {
    const price = pickFreePrice(canvas, world.random);
    if (spent + price > budget || !debit(world, player, 'kernel-bit', price)) break;
    canvas.freeByPrice[price]! -= 1;
    canvas.free -= 1;
    canvas.soldThisSeason += 1;
    spent += price;
  }
  return spent;
}
