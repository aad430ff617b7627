import { balance } from '../balance';
import { itemTexts } from '../texts';

const dayMs = 24 * 60 * 60 * 1000;

export type PriceCheck = { ok: true; price: number } | { ok: false; message: string };

/**
 * spec §5: a price is a whole number of Telnet, at least 1 ('Price must be at least 1 telnet'), and at
 * most balance.marketMaxPriceTelnet. The server checks the body's number with this; the sell dialog too.
 */
export function validatePrice(price: number): PriceCheck {
  if (typeof price !== 'number' || Number.isNaN(price)) return { ok: false, message: itemTexts.priceNotANumber };
  if (price < balance.marketMinPriceTelnet) return { ok: false, message: itemTexts.priceTooLow };
  if (!Number.isInteger(price)) return { ok: false, message: itemTexts.priceNotWhole };
  if (price > balance.marketMaxPriceTelnet) return { ok: false, message: itemTexts.priceTooHigh };
  return { ok: true, price };
}

/**
 * The sell dialog's price field: empty is no price yet (spec §5: the button stays disabled, no error);
 * anything else is read as a decimal number and checked like the server does.
 */
export function checkPriceInput(text: string): PriceCheck | { ok: false; empty: true } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, empty: true };
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return { ok: false, message: itemTexts.priceNotANumber };
  return validatePrice(Number(trimmed));
}

/** When a listing made at `createdAtMs` expires (spec §9; balance.marketListingDays). */
export function listingExpiresAt(createdAtMs: number): number {
  return createdAtMs + balance.marketListingDays * dayMs;
}

/** Whether a listing can no longer be bought: its expiry has come (the jobs runner returns it later). */
export function isListingExpired(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= expiresAtMs;
}

/** Whole days left before expiry, rounded up (a listing with 3 h left shows 1 day); 0 once expired. */
export function daysLeft(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresAtMs - nowMs) / dayMs));
}

/**
 * The market's cut of a sale, burned as ledger reason 'market-fee': marketFeePct of the price, rounded
 * up, at least 1 Telnet (ADR 051), so every sale burns something and two accounts cannot pass Telnet
 * between them fee-free. A sale at the minimum price of 1 pays all of it as the fee: the seller gets 0.
 */
export function saleFee(price: number): number {
  const whole = Math.max(0, Math.floor(price));
  const roundedUp = Math.floor((whole * balance.marketFeePct + 99) / 100);
  return Math.min(whole, Math.max(balance.marketMinFeeTelnet, roundedUp));
}

/** What the seller keeps from a sale: the price minus the fee (ledger: +price 'market-sale', −fee 'market-fee'). */
export function sellerProceeds(price: number): number {
  return price - saleFee(price);
}

/** A search text as the server matches it: trimmed, inner whitespace collapsed, lower case; '' = no search. */
export function normalizeSearch(q: string | undefined): string {
  return (q ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A LIKE/ILIKE pattern matching `q` anywhere, with %, _ and \ escaped (escape character '\'). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Pages needed for `total` listings (at least 1, so an empty market still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
