import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../core/api/events';
import { eventActions as allEventActions } from '../../lib/socket/socket-model';
import { screenEvents } from '../../shell/screen-events';
import { marketNoticeToast } from './market-notice';

const me = 7;
// The socket layer applies what the data-exchange screen registered (ADR 080).
const eventActions = (event: ServerEvent, meId: number) => allEventActions(event, meId, undefined, screenEvents);
const sold = (sellerId: number, buyerId: number): ServerEvent => ({
  t: 'market.listingSold',
  v: 1,
  d: { listingId: 3, sellerId, buyerId, itemType: 'gear', itemName: 'Eidetic RAM', price: 100, fee: 5 },
});
const prefixesOf = (actions: ReturnType<typeof eventActions>) =>
  actions.flatMap((a) => (a.kind === 'invalidate' ? a.prefixes : []));

describe('market events on this tab', () => {
  it('tells the seller their item sold and refreshes their inventory and listings', () => {
    const actions = eventActions(sold(me, 8), me);
    expect(actions).toContainEqual({
      kind: 'toast',
      toast: marketNoticeToast({ kind: 'sold', itemName: 'Eidetic RAM', price: 100, fee: 5 }),
    });
    expect(prefixesOf(actions)).toEqual(
      expect.arrayContaining([
        '/api/gear',
        '/api/telnet-cores',
        '/api/marketplace/my-listings',
        '/api/marketplace/listings',
      ]),
    );
  });

  it("refreshes the buyer's inventory, and only the browse pages for everyone else", () => {
    expect(prefixesOf(eventActions(sold(8, me), me))).toContain('/api/gear');
    const other = eventActions(sold(8, 9), me);
    expect(prefixesOf(other)).toEqual(['/api/marketplace/listings', '/api/marketplace/prices']);
    expect(other.some((a) => a.kind === 'toast')).toBe(false);
  });

  it('tells the seller when a listing expired and its item came back', () => {
    const expired: ServerEvent = {
      t: 'market.listingExpired',
      v: 2,
      d: { listingId: 3, sellerId: me, itemName: 'T-2 Telnet Core' },
    };
    expect(eventActions(expired, me)).toContainEqual({
      kind: 'toast',
      toast: marketNoticeToast({ kind: 'expired', itemName: 'T-2 Telnet Core' }),
    });
    expect(prefixesOf(eventActions({ ...expired, d: { ...expired.d, sellerId: 1 } }, me))).toEqual([
      '/api/marketplace/listings',
      '/api/marketplace/prices',
    ]);
  });

  it('refetches the inventory on inventory.changed', () => {
    const changed: ServerEvent = { t: 'inventory.changed', v: 3, d: { reason: 'market-returned' } };
    expect(prefixesOf(eventActions(changed, me))).toEqual(expect.arrayContaining(['/api/gear', '/api/telnet-cores']));
  });
});
