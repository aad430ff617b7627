import { texts } from '../../../core/texts';
import { HttpError } from '../../http/errors';
import { declinePayment } from './decline-payment';
import type { PaymentEvent } from './provider';
import { refuse, type VirusContext } from './virus-context';

/** POST /api/payments/webhook: a verified event, acted on once; anything else is refused before it is read. */
export async function handleWebhook(
  ctx: VirusContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true }> {
  const p = ctx.requireProvider();
  const event: PaymentEvent | null = p.verifyWebhook(rawBody, signature);
  if (!event) return refuse(400, texts.virus.webhookBadSignature);
  switch (event.type) {
    case 'payment_intent.succeeded': {
      // The event is a hint: the intent is read back from the provider before anything is awarded.
      const intent = await p.retrieveIntent(event.paymentIntentId);
      if (intent)
        await ctx.fulfil(intent).catch((error: unknown) => {
          if (!(error instanceof HttpError)) throw error;
          ctx.deps.log.warn(
            { paymentIntentId: event.paymentIntentId, message: error.message },
            'webhook: payment not fulfilled',
          );
        });
      break;
    }
    case 'payment_intent.payment_failed':
      await declinePayment(ctx, event.paymentIntentId, p);
      break;
    case 'charge.refunded':
      if (event.paymentIntentId) await ctx.reverse(event.paymentIntentId, 'refunded');
      break;
    case 'charge.dispute.created':
      if (event.paymentIntentId) await ctx.reverse(event.paymentIntentId, 'disputed');
      break;
    case 'ignored':
      break;
  }
  return { received: true };
}
