import { fillText, texts } from '../../../core/texts';
import { ApiError } from '../../lib/api-error';
import { formatTelnet } from '../../lib/format-telnet';

const k = texts.kernel;

/** A toast's title and text. */
export interface Notice {
  title: string;
  description: string;
}

/**
 * What a failed purchase shows (spec §8): the server's title and text for 'Bit Owned' and
 * 'Insufficient Telnet'; otherwise 'Purchase Failed' with the server's message or our default.
 */
export function purchaseFailure(error: unknown): Notice {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.body) as { title?: unknown; message?: unknown };
      if (typeof body.title === 'string' && typeof body.message === 'string')
        return { title: body.title, description: body.message };
      if (typeof body.message === 'string' && body.message)
        return { title: k.purchaseFailed, description: body.message };
    } catch {
      // not JSON: fall through to the default
    }
  }
  return { title: k.purchaseFailed, description: k.purchaseFailedDefault };
}

/** spec §8 'Bit Owned: This bit is owned by {name}', shown without asking the server to buy. */
export function bitOwned(name: string): Notice {
  return { title: k.bitOwnedTitle, description: fillText(k.bitOwnedBody, { name }) };
}

/** spec §5: the balance is below the price. */
export function insufficient(price: number, telnet: number): Notice | null {
  return telnet >= price
    ? null
    : { title: k.insufficientTitle, description: fillText(k.insufficientBody, { n: formatTelnet(price - telnet) }) };
}
