import { fillText, itemTexts } from '../../../core/texts';
import type { ToastInput } from '../../ui/toast';
import { formatTelnet } from '../../lib/format-telnet';

/** Something that happened to the player's listing while they were elsewhere. */
export type MarketNotice =
  { kind: 'sold'; itemName: string; price: number; fee: number } | { kind: 'expired'; itemName: string };

/** The toast for a notice about the player's own listing (the seller is told their item sold). */
export function marketNoticeToast(notice: MarketNotice): ToastInput {
  if (notice.kind === 'sold') {
    return {
      title: itemTexts.itemSoldTitle,
      tone: 'telnet',
      description: fillText(itemTexts.itemSoldBody, {
        name: notice.itemName,
        price: formatTelnet(notice.price),
        fee: formatTelnet(notice.fee),
      }),
    };
  }
  return {
    title: itemTexts.listingExpiredTitle,
    tone: 'info',
    description: fillText(itemTexts.listingExpiredBody, { name: notice.itemName }),
  };
}
