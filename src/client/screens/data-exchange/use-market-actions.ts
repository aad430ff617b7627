import type { CreateListingBody, Listing } from '../../../core/api/market';
import { itemTexts } from '../../../core/texts';
import { errorText } from '../../lib/api-error';
import { useToast } from '../../ui/toast';
import { useBuyListing, useCreateListing, useRemoveListing } from './use-market';

/** Buy, remove and list with the spec's toasts (§8: 'Failed to …' plus the server's message). */
export function useMarketActions() {
  const toast = useToast();
  const create = useCreateListing();
  const buy = useBuyListing();
  const remove = useRemoveListing();
  const failed = (title: string) => (error: unknown) =>
    toast.show({ title, tone: 'danger', description: errorText(error) });
  const done = (result: { success: boolean; message: string }, failTitle: string, tone: 'success' | 'telnet') =>
    result.success
      ? toast.show({ title: result.message, tone })
      : toast.show({ title: failTitle, tone: 'danger', description: result.message });

  return {
    busy: create.isPending || buy.isPending || remove.isPending,
    buy(listing: Listing) {
      buy.mutate(listing.id, {
        onSuccess: (r) => done(r, itemTexts.buyFailed, 'telnet'),
        onError: failed(itemTexts.buyFailed),
      });
    },
    remove(listing: Listing) {
      remove.mutate(listing.id, {
        onSuccess: (r) => done(r, itemTexts.removeFailed, 'success'),
        onError: failed(itemTexts.removeFailed),
      });
    },
    list(body: CreateListingBody, onListed: () => void) {
      create.mutate(body, {
        onSuccess: (r) => {
          done(r, itemTexts.listFailed, 'success');
          if (r.success) onListed();
        },
        onError: failed(itemTexts.listFailed),
      });
    },
  };
}
