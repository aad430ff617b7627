import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bigintArray, intArray, jsonRows } from './param-sets';

const dialect = new PgDialect();
const render = (fragment: ReturnType<typeof intArray>) => dialect.sqlToQuery(sql`select ${fragment}`);

describe('param sets', () => {
  it('sends any number of values as one parameter, so the statement text never changes with the group size', () => {
    const one = render(intArray([7]));
    const many = render(intArray(Array.from({ length: 200 }, (_, i) => i + 1)));
    expect(one.sql).toBe(many.sql);
    expect(one.params).toEqual(['{7}']);
    expect(many.params).toHaveLength(1);
    expect(render(bigintArray([2 ** 53 - 1])).params).toEqual([`{${2 ** 53 - 1}}`]);
    expect(render(jsonRows([{ id: 1, reason: 'decode "x"' }])).params).toEqual([
      '[{"id":1,"reason":"decode \\"x\\""}]',
    ]);
  });

  it('refuses anything but safe integers in an array literal (it is built as text)', () => {
    for (const bad of [1.5, Number.NaN, Infinity, 2 ** 53]) {
      expect(() => intArray([1, bad])).toThrow(RangeError);
      expect(() => bigintArray([bad])).toThrow(RangeError);
    }
  });
});
