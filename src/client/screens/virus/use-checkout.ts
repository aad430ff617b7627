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
  /** The card was declined: the server cancelled this intent (ADR 046), so another card pays a new one. */
  declined?: boolean;
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
      onSuccess: (r) =>
        r.status === 'refunded'
          ? toast.show({ title: t.paymentFailed, description: t.refusedOverLimit, tone: 'danger' })
          : toast.show({ title: t.paymentSuccessful, description: r.coresAwarded > 0 ? t.purchaseDone(r.coresAwarded) : undefined, tone: 'telnet' }),
      // spec §8: paid, but the completion failed — the webhook still fulfils it.
      onError: () => toast.show({ title: t.paymentSuccessful, tone: 'info' }),
    });
  }
  const failed = (message: string) => toast.show({ title: t.paymentFailed, description: message, tone: 'danger' });
  function payNow(c: Checkout, cardNumber: string) {
    testPay.mutate(
      { paymentIntentId: c.intent.paymentIntentId, cardNumber },
      {
        onSuccess: (r) => {
          if (r.status === 'succeeded') return finish(c.intent.paymentIntentId);
          setCheckout({ ...c, declined: true });
          failed(r.message);
        },
        onError: (error) => failed(errorText(error)),
      },
    );
  }

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
    /** Stripe.js reported a failure: the declined intent is cancelled by the server, so the dialog closes. */
    failedAtStripe: (message: string) => {
      setCheckout(null);
      failed(message);
    },
    payWithTestCard(cardNumber: string) {
      if (!checkout) return;
      if (!checkout.declined) return payNow(checkout, cardNumber);
      start.mutate(checkout.card.pkg.trojanCount, {
        onSuccess: (intent) => {
          const next = { card: checkout.card, intent };
          setCheckout(next);
          payNow(next, cardNumber);
        },
        onError: (error) => failed(errorText(error)),
      });
    },
  };
}
