import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, hashRequest } from './request-hash';

describe('the request a key is bound to', () => {
  it('is the same whatever the order of the body fields, at any depth', () => {
    expect(hashRequest('market.buy', { listingId: 4, quantity: 1, meta: { a: 1, b: [2, { d: 1, c: 2 }] } })).toBe(
      hashRequest('market.buy', { meta: { b: [2, { c: 2, d: 1 }], a: 1 }, quantity: 1, listingId: 4 }),
    );
  });

  it.each([
    ['another scope', 'market.list', { listingId: 4, ids: [1, 2] }],
    ['another value', 'market.buy', { listingId: 5, ids: [1, 2] }],
    ['another field', 'market.buy', { listingId: 4, ids: [1, 2], quantity: 1 }],
    ['a string for a number', 'market.buy', { listingId: '4', ids: [1, 2] }],
    ['array order', 'market.buy', { listingId: 4, ids: [2, 1] }],
  ])('differs for %s', (_case, scope, request) => {
    const base = hashRequest('market.buy', { listingId: 4, ids: [1, 2] });
    expect(hashRequest(scope, request)).not.toBe(base);
  });

  it('leaves undefined members out, as the JSON body would', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('reads back as the same value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
