import { ErrorBody } from '../../../core/api/common';
import { PurchaseRefusal } from '../../../core/api/kernel';
import { fillText, texts } from '../../../core/texts';
import { ApiError } from '../../lib/api-error';
import { formatTelnet } from '../../lib/format-telnet';

const k = texts.kernel;

/** A toast's title and text. */
export interface Notice {
  title: string;
  description: string;
}

/** The JSON of an error body, or null when it is not JSON. */
function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/**
 * What a failed purchase shows (spec §8): the refusal's title and text for 'Bit Owned' and 'Insufficient
 * Telnet' (the 409 the contract declares); otherwise 'Purchase Failed' with the server's message or our default.
 */
export function purchaseFailure(error: unknown): Notice {
  if (error instanceof ApiError) {
    const body = jsonOf(error.body);
    const refusal = PurchaseRefusal.safeParse(body);
    if (refusal.success) return { title: refusal.data.title, description: refusal.data.message };
    const plain = ErrorBody.safeParse(body);
    if (plain.success && plain.data.message) return { title: k.purchaseFailed, description: plain.data.message };
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
