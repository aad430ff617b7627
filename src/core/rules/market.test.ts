import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { itemTexts } from '../texts';
import {
  checkPriceInput,
  containsPattern,
  daysLeft,
  isListingExpired,
  listingExpiresAt,
  normalizeSearch,
  pageCount,
  saleFee,
  sellerProceeds,
  validatePrice,
} from './market';

const day = 86_400_000;

describe('listing prices (spec §5)', () => {
  it.each([
    [0, itemTexts.priceTooLow],
    [-5, itemTexts.priceTooLow],
    [0.5, itemTexts.priceTooLow],
    [1.5, itemTexts.priceNotWhole],
    [balance.marketMaxPriceTelnet + 1, itemTexts.priceTooHigh],
    [2 ** 53 + 1, itemTexts.priceTooHigh],
    [Number.POSITIVE_INFINITY, itemTexts.priceNotWhole],
    [Number.NaN, itemTexts.priceNotANumber],
  ])('refuses %s with its text', (price, message) => {
    expect(validatePrice(price)).toEqual({ ok: false, message });
  });

  it('accepts whole numbers from 1 to the maximum', () => {
    expect(validatePrice(1)).toEqual({ ok: true, price: 1 });
    expect(validatePrice(balance.marketMaxPriceTelnet)).toEqual({ ok: true, price: balance.marketMaxPriceTelnet });
    fc.assert(fc.property(fc.integer({ min: 1, max: balance.marketMaxPriceTelnet }), (p) => validatePrice(p).ok));
  });

  it('reads the sell dialog field: empty is no error yet, junk and decimals get their text', () => {
    expect(checkPriceInput('  ')).toEqual({ ok: false, empty: true });
    expect(checkPriceInput('abc')).toEqual({ ok: false, message: itemTexts.priceNotANumber });
    expect(checkPriceInput('1e3')).toEqual({ ok: false, message: itemTexts.priceNotANumber });
    expect(checkPriceInput('0')).toEqual({ ok: false, message: itemTexts.priceTooLow });
    expect(checkPriceInput('2.5')).toEqual({ ok: false, message: itemTexts.priceNotWhole });
    expect(checkPriceInput(' 250 ')).toEqual({ ok: true, price: 250 });
  });

  it('states the documented maximum in its text', () => {
    expect(itemTexts.priceTooHigh).toContain(String(balance.marketMaxPriceTelnet));
    expect(itemTexts.priceHint).toContain(String(balance.marketMaxPriceTelnet));
    expect(itemTexts.priceHint).toContain(`${balance.marketFeePct}%`);
  });
});

describe('listing expiry (spec §9)', () => {
  const created = Date.UTC(2026, 10, 23, 12);
  const expires = listingExpiresAt(created);

  it('expires the documented number of days after listing', () => {
    expect(expires - created).toBe(balance.marketListingDays * day);
    expect(isListingExpired(expires, expires - 1)).toBe(false);
    expect(isListingExpired(expires, expires)).toBe(true);
  });

  it.each([
    [0, balance.marketListingDays],
    [1, balance.marketListingDays],
    [day, balance.marketListingDays - 1],
    [balance.marketListingDays * day - 3_600_000, 1],
    [balance.marketListingDays * day, 0],
    [balance.marketListingDays * day + day, 0],
  ])('after %i ms shows %i days left', (elapsed, left) => {
    expect(daysLeft(expires, created + elapsed)).toBe(left);
  });
});

describe('sale fee', () => {
  it('burns marketFeePct of the price rounded up, at least 1 Telnet, and the seller keeps the rest', () => {
    expect(saleFee(1)).toBe(1);
    expect(saleFee(2)).toBe(1);
    expect(saleFee(19)).toBe(1);
    expect(saleFee(20)).toBe(1);
    expect(saleFee(21)).toBe(2);
    expect(saleFee(1000)).toBe(50);
    expect(saleFee(1001)).toBe(51);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: balance.marketMaxPriceTelnet }), (p) => {
        const fee = saleFee(p);
        return (
          Number.isInteger(fee) &&
          fee >= 1 &&
          fee <= p &&
          fee * 100 >= p * balance.marketFeePct &&
          sellerProceeds(p) + fee === p
        );
      }),
    );
  });

  it('makes every sale burn something, so two accounts cannot pass Telnet between them for free', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: balance.marketMaxPriceTelnet }), (p) => sellerProceeds(p) < p));
  });
});

describe('search and paging', () => {
  it('normalises the search text and escapes LIKE wildcards', () => {
    expect(normalizeSearch('  Void   Render ')).toBe('void render');
    expect(normalizeSearch(undefined)).toBe('');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
