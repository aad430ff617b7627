import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState, type FormEvent } from 'react';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';

const t = texts.virus;

// Stripe.js is fetched from js.stripe.com only when this chunk runs: on /virus, with Stripe configured.
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  if (!loaded.has(publishableKey)) loaded.set(publishableKey, loadStripe(publishableKey));
  return loaded.get(publishableKey)!;
};

export interface PaymentFormProps {
  clientSecret: string;
  price: string;
  onPaid(): void;
  onFailed(message: string): void;
  onCancel(): void;
}

function Form({ price, onPaid, onFailed, onCancel }: Omit<PaymentFormProps, 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    // spec §7: the return URL is /virus (cards confirm in place; redirect methods come back there).
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/virus` },
      redirect: 'if_required',
    });
    setBusy(false);
    if (error) onFailed(error.message ?? t.paymentFailed);
    else if (paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing') onPaid();
  }
  return (
    <form onSubmit={pay} className="bb-virus__pay-form">
      <PaymentElement options={{ layout: 'tabs' }} />
      <div className="bb-modal__actions">
        <CommandButton variant="ghost" onClick={onCancel} disabled={busy}>
          {t.cancel}
        </CommandButton>
        <CommandButton variant="primary" bracket type="submit" disabled={!stripe || busy}>
          {busy ? t.paying : t.pay(price)}
        </CommandButton>
      </div>
    </form>
  );
}

/** The Payment Element in the game's colours, for one PaymentIntent's client secret. */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  ...rest
}: PaymentFormProps & { publishableKey: string }) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        clientSecret,
        appearance: {
          theme: 'night',
          variables: {
            colorPrimary: '#39ff88',
            colorBackground: '#0a1016',
            colorText: '#b8f5cc',
            colorDanger: '#ff3e7f',
            fontFamily: 'monospace',
            borderRadius: '2px',
          },
        },
      }}
    >
      <Form {...rest} />
    </Elements>
  );
}
