import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSecureData, encodeSecureData, SecureDataError } from '../../core/secure-data';
import { decodeSecureDataNative, encodeSecureDataNative } from './secure-data-codec';

describe('the server codec speaks the same secureData as the browser codec', () => {
  it('browser → server and server → browser, for any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const expected = JSON.parse(JSON.stringify(value));
        expect(decodeSecureDataNative(encodeSecureData(value, 'client'), 'client', 1 << 20)).toEqual(expected);
        expect(decodeSecureData(encodeSecureDataNative(value, 'server'), 'server', 1 << 20)).toEqual(expected);
      }),
    );
  });

  it('refuses junk, the wrong direction and oversized payloads with SecureDataError', () => {
    expect(() => decodeSecureDataNative('not*base64', 'client', 1024)).toThrow(SecureDataError);
    expect(() => decodeSecureDataNative(encodeSecureData({ a: 1 }, 'server'), 'client', 1024)).toThrow(SecureDataError);
    expect(() =>
      decodeSecureDataNative(encodeSecureData({ pad: 'x'.repeat(100_000) }, 'client'), 'client', 16_384),
    ).toThrow(/too large/);
    fc.assert(
      fc.property(fc.string(), (junk) => {
        try {
          decodeSecureDataNative(junk, 'client', 4096);
        } catch (error) {
          expect(error).toBeInstanceOf(SecureDataError);
        }
      }),
    );
  });
});
