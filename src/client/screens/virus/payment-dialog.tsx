import { lazy, Suspense, type RefObject } from 'react';
import type { PaymentsMode } from '../../../core/api/virus';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TestCardForm } from './test-card-form';
import type { useCheckout } from './use-checkout';

const t = texts.virus;

// Its own chunk: Stripe.js and react-stripe-js load only when a Stripe payment dialog opens.
const StripePaymentForm = lazy(() => import('./stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));

/** spec §2 payment dialog: the package and price, then Stripe's Payment Element or the labelled test card form. */
export function PaymentDialog({
  mode,
  publishableKey,
  checkout: c,
  opener,
}: {
  mode: PaymentsMode;
  publishableKey: string | null;
  checkout: ReturnType<typeof useCheckout>;
  opener: RefObject<HTMLElement | null>;
}) {
  const open = c.checkout !== null;
  const price = c.checkout?.card.price ?? '';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : c.cancel())}
      title={t.paymentDialogTitle}
      description={c.checkout ? t.paymentDialogLabel(c.checkout.card.title, price) : undefined}
      tone="telnet"
      returnFocusTo={opener}
    >
      {/* Always present, so a screen reader announces a declined card the moment it lands here. */}
      <div role="alert" className="bb-virus__pay-alert">
        {c.checkout?.error ? (
          <p className="bb-virus__pay-error">
            <span aria-hidden="true">! </span>
            {t.paymentFailed}: {c.checkout.error} {t.tryAnotherCard}
          </p>
        ) : null}
      </div>
      {c.checkout && mode === 'stripe' && c.checkout.declined ? (
        <div className="bb-modal__actions">
          <CommandButton variant="ghost" onClick={c.cancel} disabled={c.paying}>
            {t.cancel}
          </CommandButton>
          <CommandButton variant="primary" bracket onClick={c.retryWithNewIntent} disabled={c.paying}>
            {c.paying ? t.paying : t.tryAnotherCardButton}
          </CommandButton>
        </div>
      ) : null}
      {c.checkout && mode === 'stripe' && publishableKey && !c.checkout.declined ? (
        <Suspense
          fallback={
            <p className="bb-muted" role="status">
              {texts.shell.loading}
            </p>
          }
        >
          <StripePaymentForm
            key={c.checkout.intent.clientSecret}
            publishableKey={publishableKey}
            clientSecret={c.checkout.intent.clientSecret}
            price={price}
            onPaid={c.paid}
            onFailed={c.failedAtStripe}
            onCancel={c.cancel}
          />
        </Suspense>
      ) : null}
      {c.checkout && mode === 'test' ? (
        <TestCardForm price={price} busy={c.paying} onSubmitCard={c.payWithTestCard} onCancel={c.cancel} />
      ) : null}
    </Modal>
  );
}
