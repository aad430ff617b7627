import { describe, expect, it } from 'vitest';
import { convertDecodesToTelnet } from './telnet';

describe('decodes to Telnet at the connection rate', () => {
  it('gives 1 Telnet per 10 decodes at the base 10%', () => {
    expect(convertDecodesToTelnet(10, 10, 0)).toEqual({ telnet: 1, remainderCents: 0 });
    expect(convertDecodesToTelnet(3, 10, 0)).toEqual({ telnet: 0, remainderCents: 30 });
  });

  it('keeps the remainder so nothing is lost to rounding', () => {
    let state = { telnet: 0, remainderCents: 0 };
    let total = 0;
    for (let i = 0; i < 33; i++) {
      state = convertDecodesToTelnet(3, 10, state.remainderCents);
      total += state.telnet;
    }
    expect(total).toBe(9); // 99 decodes → 9 Telnet and 90 hundredths kept
    expect(state.remainderCents).toBe(90);
  });

  it('scales with the connection rate (optimizer raises it to 100%)', () => {
    expect(convertDecodesToTelnet(3, 100, 0)).toEqual({ telnet: 3, remainderCents: 0 });
    expect(convertDecodesToTelnet(1, 37, 70)).toEqual({ telnet: 1, remainderCents: 7 });
  });
});
