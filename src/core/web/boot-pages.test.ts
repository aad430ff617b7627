import { describe, expect, it } from 'vitest';
import { bootPageName } from './boot-pages';

describe("a returning player's page name for a path", () => {
  it('names the page after the path, the root as index, with or without a trailing slash', () => {
    expect(bootPageName('/')).toBe('index');
    expect(bootPageName('/inventory')).toBe('inventory');
    expect(bootPageName('/inventory/')).toBe('inventory');
    expect(bootPageName('/data-exchange')).toBe('data-exchange');
    expect(bootPageName('/kernel/archive')).toBe('kernel~archive');
  });
});
