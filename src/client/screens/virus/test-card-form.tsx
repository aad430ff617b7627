import { useState, type FormEvent } from 'react';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import type { PaymentFormProps } from './stripe-payment-form';

const t = texts.virus;

/** PAYMENTS=test: a clearly labelled fake card form; the server's test provider decides paid or declined. */
export function TestCardForm({
  price,
  busy,
  onSubmitCard,
  onCancel,
}: Pick<PaymentFormProps, 'price' | 'onCancel'> & { busy: boolean; onSubmitCard(cardNumber: string): void }) {
  const [card, setCard] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (card.trim() !== '') onSubmitCard(card);
  }
  return (
    <form onSubmit={submit} className="bb-virus__pay-form">
      <p className="bb-virus__test-banner" role="note">
        {t.testModeBanner}
      </p>
      <TextField
        label={t.testCardLabel}
        value={card}
        onChange={(e) => setCard(e.target.value)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={23}
        placeholder="4242 4242 4242 4242"
        autoFocus
      />
      <div className="bb-modal__actions">
        <CommandButton variant="ghost" onClick={onCancel} disabled={busy}>
          {t.cancel}
        </CommandButton>
        <CommandButton variant="primary" bracket type="submit" disabled={busy || card.trim() === ''}>
          {busy ? t.paying : t.pay(price)}
        </CommandButton>
      </div>
    </form>
  );
}
