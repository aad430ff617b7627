import { describe, expect, it } from 'vitest';
import { texts } from '../../../core/texts';
import { ApiError } from '../../lib/api-error';
import { bitOwned, insufficient, purchaseFailure } from './kernel-toasts';

describe('kernel toasts (spec §5, §8)', () => {
  it('shows the server title and text of a refusal', () => {
    const e = new ApiError(
      409,
      'Conflict',
      JSON.stringify({ success: false, title: 'Bit Owned', message: 'This bit is owned by neo' }),
    );
    expect(purchaseFailure(e)).toEqual({ title: 'Bit Owned', description: 'This bit is owned by neo' });
  });
  it("falls back to 'Purchase Failed' with the server's message, or a default", () => {
    expect(purchaseFailure(new ApiError(400, 'Bad Request', JSON.stringify({ message: 'x: bad' })))).toEqual({
      title: 'Purchase Failed',
      description: 'x: bad',
    });
    expect(purchaseFailure(new Error('network'))).toEqual({
      title: 'Purchase Failed',
      description: texts.kernel.purchaseFailedDefault,
    });
  });
  it('words Bit Owned and Insufficient Telnet as the spec does', () => {
    expect(bitOwned('trin')).toEqual({ title: 'Bit Owned', description: 'This bit is owned by trin' });
    expect(insufficient(20, 5)).toEqual({ title: 'Insufficient Telnet', description: 'You need 15 more Telnet' });
    expect(insufficient(20, 20)).toBeNull();
  });
});
