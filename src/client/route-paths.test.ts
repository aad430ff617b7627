import { describe, expect, it } from 'vitest';
import { isReservedUsername } from '../core/terminal/reserved-names';
import { routePaths } from './route-paths';

describe('route words', () => {
  it('every screen path word and name is a reserved username (core/terminal/reserved-names.ts keeps the list)', () => {
    for (const [name, path] of Object.entries(routePaths)) {
      expect(isReservedUsername(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)), name).toBe(true);
      if (path !== '/') expect(isReservedUsername(path.slice(1)), path).toBe(true);
    }
  });
});
