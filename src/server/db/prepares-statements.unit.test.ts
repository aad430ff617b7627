import { describe, expect, it } from 'vitest';
import { preparesStatements } from './connect';

describe('named prepared statements (ADR 078)', () => {
  it('are on by default, and off when the URL says prepare=false for a pooler in transaction mode', () => {
    expect(preparesStatements('postgres://postgres@127.0.0.1:5432/test')).toBe(true);
    expect(preparesStatements('postgres://postgres@127.0.0.1:6433/postgres?prepare=false')).toBe(false);
    expect(preparesStatements('postgres://postgres@127.0.0.1:6433/postgres?sslmode=disable&prepare=false')).toBe(false);
  });
});
