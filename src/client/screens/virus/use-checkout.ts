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
  /** Why the last card failed, shown inside the dialog where the player tries another one. */
  error?: string;
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
          : toast.show({
              title: t.paymentSuccessful,
              description: r.coresAwarded > 0 ? t.purchaseDone(r.coresAwarded) : undefined,
              tone: 'telnet',
            }),
      // spec §8: paid, but the completion failed — the webhook still fulfils it.
      onError: () => toast.show({ title: t.paymentSuccessful, tone: 'info' }),
    });
  }
  /** A failed card stays in the dialog, with the reason, so the player can try another one there. */
  const failedHere = (c: Checkout, message: string) => setCheckout({ ...c, declined: true, error: message });
  function payNow(c: Checkout, cardNumber: string) {
    testPay.mutate(
      { paymentIntentId: c.intent.paymentIntentId, cardNumber },
      {
        onSuccess: (r) => (r.status === 'succeeded' ? finish(c.intent.paymentIntentId) : failedHere(c, r.message)),
        onError: (error) => failedHere(c, errorText(error)),
      },
    );
  }

  return {
    checkout,
    starting: start.isPending,
    paying: testPay.isPending || (start.isPending && checkout !== null),
    buy(card: PackageCardView) {
      start.mutate(card.pkg.trojanCount, {
        onSuccess: (intent) => setCheckout({ card, intent }),
        onError: (error) => toast.show({ title: t.paymentSetupFailed, description: errorText(error), tone: 'danger' }),
      });
    },
    cancel: () => setCheckout(null),
    paid: () => checkout && finish(checkout.intent.paymentIntentId),
    /** A Stripe redirect came back to /virus with a succeeded intent. */
    completeReturned: (paymentIntentId: string) => finish(paymentIntentId),
    /**
     * Stripe.js reported a failure. The server cancels a declined intent when Stripe's webhook says so
     * (ADR 046), so this one is done: the dialog stays open with the reason and TRY ANOTHER CARD.
     */
    failedAtStripe(message: string) {
      if (checkout) failedHere(checkout, message);
    },
    /** A fresh intent for the same package, asked for when the player chooses to try another card. */
    retryWithNewIntent() {
      if (!checkout) return;
      const { card, error } = checkout;
      start.mutate(card.pkg.trojanCount, {
        onSuccess: (intent) => setCheckout({ card, intent, ...(error ? { error } : {}) }),
        onError: (e) => failedHere(checkout, errorText(e)),
      });
    },
    payWithTestCard(cardNumber: string) {
      if (!checkout) return;
      if (!checkout.declined) return payNow(checkout, cardNumber);
      start.mutate(checkout.card.pkg.trojanCount, {
        onSuccess: (intent) => {
          const next = { card: checkout.card, intent, declined: false, error: checkout.error };
          setCheckout(next);
          payNow(next, cardNumber);
        },
        onError: (error) => failedHere(checkout, errorText(error)),
      });
    },
  };
}
