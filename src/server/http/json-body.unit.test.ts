import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDuplicateKey } from './json-body';

describe('duplicate JSON keys', () => {
  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"a":{"b":1,"b":2}}', 'b'],
    ['[{"a":1},{"a":2}]', null],
    ['{"a":"\\"a\\"","b":1}', null],
    ['{"a\\u0062":1,"ab":2}', 'ab'],
    ['{"x":[1,{"y":1}],"y":2}', null],
    ['{"a":[{"k":1,"k":1}]}', 'k'],
  ])('%s → %s', (text, duplicate) => {
    expect(findDuplicateKey(text)).toBe(duplicate);
  });

  it('finds none in anything JSON.stringify writes (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(findDuplicateKey(JSON.stringify(value))).toBeNull();
      }),
    );
  });
});
