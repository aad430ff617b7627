import { balance } from '../src/core/balance';
import { expectedCoreTelnet, findCoreType } from '../src/core/rules/cores';
import type { CoreDrop, GearDrop } from '../src/core/rules/drops';
import { listingExpiresAt, isListingExpired, saleFee, sellerProceeds, validatePrice } from '../src/core/rules/market';
import { equip, openHeldCore } from './decode';
import type { Player } from './model';
import { credit, debit, type World } from './world';

/** A Data Exchange listing as the simulation keeps it. */
export interface Listing {
  sellerId: number;
  price: number;
  expiresAtMs: number;
  core: CoreDrop | null;
  gear: GearDrop | null;
  /** A core's expected opening value (cores.ts), kept so buyers need not look it up per listing. */
  coreValue: number;
}

/** Most listings kept (the oldest go first): bounds the simulation's memory, not a game rule. */
const maxListings = 5_000;

function addListing(world: World, listing: Omit<Listing, 'expiresAtMs' | 'coreValue'>): void {
  const price = validatePrice(listing.price);
  if (!price.ok) return;
  const coreValue = listing.core ? expectedCoreTelnet(findCoreType(listing.core.coreTypeId)!) : 0;
  world.listings.push({ ...listing, price: price.price, expiresAtMs: listingExpiresAt(world.nowMs), coreValue });
  if (world.listings.length > maxListings) world.listings.shift();
}

/** The trader prices a core around its expected opening value (cores.ts), ±30 %. */
export function listCore(world: World, seller: Player, core: CoreDrop): void {
  const ev = expectedCoreTelnet(findCoreType(core.coreTypeId)!);
  addListing(world, {
    sellerId: seller.id,
    price: Math.max(1, Math.round(ev * (0.8 + world.random() * 0.5))),
    core,
    gear: null,
  });
}

/** Spare gear is priced by its stat: a whim of the trader, since gear has no Telnet value of its own. */
export function listGear(world: World, seller: Player, gear: GearDrop): void {
  addListing(world, {
    sellerId: seller.id,
    price: Math.max(1, Math.round(gear.statValue * (1 + world.random()))),
    core: null,
    gear,
  });
}

/**
 * A sale as the server settles it: the buyer pays the price ('market-purchase'), the seller gets it
 * ('market-sale') less the fee, which is burned ('market-fee'). False when the buyer cannot pay.
 */
export function settleSale(world: World, buyer: Player, seller: Player, price: number): boolean {
  if (!debit(world, buyer, 'market-purchase', price)) return false;
  credit(world, seller, 'market-sale', price);
  const fee = saleFee(price);
  if (fee > 0) debit(world, seller, 'market-fee', fee);
  if (sellerProceeds(price) !== price - fee) throw new Error('market: proceeds and fee disagree');
  return true;
}

/** A buyer takes the cheapest listing it wants: cores under their expected value, or gear that beats its slot. */
export function shop(world: World, buyer: Player, maxSpend: number): void {
  let best: Listing | null = null;
  for (const l of world.listings) {
    if (l.sellerId === buyer.id || l.price > maxSpend) continue;
    if (!wants(buyer, l)) continue;
    if (!best || l.price < best.price) best = l;
  }
  if (!best) return;
  const seller = world.byId.get(best.sellerId)!;
  if (!settleSale(world, buyer, seller, best.price)) return;
  world.listings.splice(world.listings.indexOf(best), 1);
  if (best.core) openHeldCore(world, buyer, best.core);
  if (best.gear) {
    const gear = best.gear;
    if (gear.level <= buyer.level) equip(buyer, gear);
  }
}

function wants(buyer: Player, l: Listing): boolean {
  if (l.core) return l.price <= l.coreValue * 1.1;
  const gear = l.gear!;
  const held = buyer.equipped[gear.type];
  return gear.level <= buyer.level && (!held || gear.statValue > held.statValue * 1.2);
}

/** The jobs runner's listing expiry: a listing past its time leaves the market (its item goes back to the seller). */
export function expireListings(world: World): void {
  world.listings = world.listings.filter((l) => !isListingExpired(l.expiresAtMs, world.nowMs));
}

/**
 * The bank alt: the alt lists a worthless item at the price of the main's surplus and the main buys it,
 * so the Telnet sits in an account the hack shield protects. The fee is the only cost.
 */
export function bankTransfer(world: World, main: Player, alt: Player, keep: number): void {
  const amount = Math.min(main.telnet - keep, balance.marketMaxPriceTelnet);
  if (amount < balance.marketMinPriceTelnet) return;
  settleSale(world, main, alt, amount);
}
