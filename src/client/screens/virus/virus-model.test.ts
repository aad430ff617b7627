import { describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import {
  buyCommand,
  historyRows,
  limitLine,
  oddsRows,
  packageCards,
  returnedIntent,
  summarizeCores,
} from './virus-model';

describe('virus model', () => {
  it('shows the odds from the balance weights the server rolls with', () => {
    expect(oddsRows().map((r) => `${r.name} ${r.percent}`)).toEqual([
      'T-1 50%',
      'T-2 30%',
      'T-3 15%',
      'T-4 4%',
      'T-5 1%',
    ]);
    const total = balance.telnetCoreTypes.reduce((s, c) => s + c.weight, 0);
    expect(oddsRows().map((r) => r.percent)).toEqual(
      balance.telnetCoreTypes.map((c) => `${(c.weight * 100) / total}%`),
    );
  });

  it('shows the cooldown on the buy command before the player clicks, and EXECUTE once it is over', () => {
    expect(buyCommand('test', false, 0)).toEqual({ shown: 'EXECUTE', disabled: false, waitSeconds: 0 });
    expect(buyCommand('test', false, 27_200)).toEqual({ shown: 'WAIT 28 s', disabled: false, waitSeconds: 28 });
    expect(buyCommand('test', false, -5)).toMatchObject({ shown: 'EXECUTE', waitSeconds: 0 });
    expect(buyCommand('off', false, 0).disabled).toBe(true);
    expect(buyCommand('stripe', true, 0).disabled).toBe(true);
  });

  it('prices the single and bundle cards, with the bundle saving', () => {
    expect(packageCards().map((c) => [c.title, c.price, c.saving])).toEqual([
      ['SINGLE TROJAN', '$2.39', null],
      ['TROJAN BUNDLE', '$19.90', 'SAVE $4.00'],
    ]);
  });

  it('prints history rows: date, package, amount, cores and status', () => {
    const [row] = historyRows([
      {
        id: 3,
        createdAt: '2026-11-22T12:34:56.000Z',
        trojanCount: 10,
        amountCents: 1990,
        currency: 'usd',
        status: 'refunded',
        coresAwarded: 10,
        coresRevoked: 9,
        cores: ['T-1', 'T-2', 'T-1', 'T-1', 'T-3', 'T-1', 'T-1', 'T-2', 'T-1', 'T-5'],
      },
    ]);
    expect(row).toEqual({
      id: 3,
      date: '2026-11-22 12:34',
      pkg: 'TROJAN BUNDLE ×10',
      amount: '$19.90 USD',
      cores: '6× T-1, 2× T-2, T-3, T-5 (−9)',
      status: 'REFUNDED',
      tone: 'bad',
    });
    expect(summarizeCores([])).toBe('');
  });

  it('says how much of the daily limit is spent', () => {
    expect(limitLine(1990, 5000)).toBe('Spent today $19.90 of your $50.00 daily limit (resets 00:00 UTC).');
  });

  it('completes only a redirect that succeeded, with a well-formed intent id', () => {
    expect(returnedIntent('?payment_intent=pi_123&payment_intent_client_secret=x&redirect_status=succeeded')).toBe(
      'pi_123',
    );
    expect(returnedIntent('?payment_intent=pi_123&redirect_status=failed')).toBeNull();
    expect(returnedIntent('?payment_intent=<script>&redirect_status=succeeded')).toBeNull();
    expect(returnedIntent('')).toBeNull();
  });
});

describe('loading Stripe.js', () => {
  it('reloads /virus as a document only in stripe mode and only when the document was loaded elsewhere', async () => {
    const { needsDocumentLoad } = await import('./virus-model');
    expect(needsDocumentLoad('stripe', 'http://game.test/inventory')).toBe(true);
    expect(needsDocumentLoad('stripe', 'http://game.test/virus?payment_intent=pi_1')).toBe(false);
    expect(needsDocumentLoad('test', 'http://game.test/inventory')).toBe(false);
    expect(needsDocumentLoad('off', 'http://game.test/')).toBe(false);
    expect(needsDocumentLoad('stripe', undefined)).toBe(false);
  });
});
