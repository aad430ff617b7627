import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSecureData, encodeSecureData, SecureDataError } from './secure-data';

describe('secureData codec (spec §7)', () => {
  it('round-trips any JSON value in both directions (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom('client' as const, 'server' as const), (value, direction) => {
        const encoded = encodeSecureData(value, direction);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(decodeSecureData(encoded, direction, 1 << 20)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('a payload for one direction does not decode in the other', () => {
    const encoded = encodeSecureData({ tapCount: 3 }, 'client');
    expect(() => decodeSecureData(encoded, 'server', 1 << 20)).toThrow();
  });

  it('refuses anything that is not a payload, without hanging (property)', () => {
    fc.assert(
      fc.property(fc.string(), (junk) => {
        try {
          decodeSecureData(junk, 'client', 4096);
        } catch (error) {
          expect(error).toBeInstanceOf(SecureDataError);
        }
      }),
    );
  });

  it('stops inflating past the cap', () => {
    const big = encodeSecureData({ pad: 'x'.repeat(200_000) }, 'client');
    expect(() => decodeSecureData(big, 'client', 16_384)).toThrow(/too large/);
  });
});
