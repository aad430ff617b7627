import { useState } from 'react';
import type { CreatePaymentIntentResult } from '../../../core/api/virus';
import { texts } from '../../../core/texts';
import { errorText } from '../../lib/api-error';
import { useToast } from '../../ui/toast';
import { useCompletePurchase, useStartPurchase, useTestPay } from './use-virus';
import type { PackageCardView } from './virus-model';

const t = texts.virus;

export interface Checkout {
  card: PackageCardView;
  intent: CreatePaymentIntentResult;
}

/** spec §4 Virus payment: choose a package, create the intent, confirm the payment, complete and award — with §8's toasts. */
export function useCheckout() {
  const toast = useToast();
  const start = useStartPurchase();
  const complete = useCompletePurchase();
  const testPay = useTestPay();
  const [checkout, setCheckout] = useState<Checkout | null>(null);

  function finish(paymentIntentId: string) {
    setCheckout(null);
    complete.mutate(paymentIntentId, {
      onSuccess: (r) => toast.show({ title: t.paymentSuccessful, description: r.coresAwarded > 0 ? t.purchaseDone(r.coresAwarded) : undefined, tone: 'telnet' }),
      // spec §8: paid, but the completion failed — the webhook still fulfils it.
      onError: () => toast.show({ title: t.paymentSuccessful, tone: 'info' }),
    });
  }
  const failed = (message: string) => toast.show({ title: t.paymentFailed, description: message, tone: 'danger' });

  return {
    checkout,
    busy: start.isPending || complete.isPending || testPay.isPending,
    paying: testPay.isPending,
    buy(card: PackageCardView) {
      start.mutate(card.pkg.trojanCount, {
        onSuccess: (intent) => setCheckout({ card, intent }),
        onError: (error) => toast.show({ title: t.paymentSetupFailed, description: errorText(error), tone: 'danger' }),
      });
    },
    cancel: () => setCheckout(null),
    paid: () => checkout && finish(checkout.intent.paymentIntentId),
    failed,
    /** A Stripe redirect came back to /virus with a succeeded intent. */
    completeReturned: (paymentIntentId: string) => finish(paymentIntentId),
    payWithTestCard(cardNumber: string) {
      if (!checkout) return;
      testPay.mutate(
        { paymentIntentId: checkout.intent.paymentIntentId, cardNumber },
        {
          onSuccess: (r) => (r.status === 'succeeded' ? finish(checkout.intent.paymentIntentId) : failed(r.message)),
          onError: (error) => failed(errorText(error)),
        },
      );
    },
  };
}
