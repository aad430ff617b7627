import { describe, expect, it } from 'vitest';
import { formatTelnet, formatTelnetGain } from './format-telnet';

describe('one Telnet format for every screen', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-2500, '-2,500'],
  ])('%d reads %s', (amount, shown) => {
    expect(formatTelnet(amount)).toBe(shown);
  });

  it('marks a gain with a plus', () => {
    expect(formatTelnetGain(12000)).toBe('+12,000');
  });
});
