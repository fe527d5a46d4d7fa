import { describe, expect, test } from 'vitest';
import { DESCRIPTION_CUT } from '../../src/contract/constants';
import { cutDescription, formatCount, formatDollars, starCount } from '../../src/contract/pricing';

describe('cutDescription (home cards, the spec)', () => {
  test('keeps a description of at most 150 characters whole, without an ellipsis', () => {
    const exact = 'x'.repeat(DESCRIPTION_CUT);
    expect(cutDescription(exact)).toBe(exact);
    expect(cutDescription('A short line.')).toBe('A short line.');
    expect(cutDescription('')).toBe('');
  });

  test('cuts a longer description to its first 150 characters plus an ellipsis', () => {
    const long = `${'a'.repeat(DESCRIPTION_CUT)}TAIL`;
    const cut = cutDescription(long);
    expect(cut).toBe(`${'a'.repeat(DESCRIPTION_CUT)}...`);
    expect(cut).not.toContain('T');
  });

  test('counts characters, not UTF-16 units, so an emoji or accent is never split in half', () => {
    const text = `${'é'.repeat(149)}🔧🔧🔧`;
    const cut = cutDescription(text);
    expect(cut).toBe(`${'é'.repeat(149)}🔧...`);
    expect(Array.from(cut.slice(0, -3))).toHaveLength(DESCRIPTION_CUT);
    // 150 characters in 152 UTF-16 units: whole.
    const surrogates = `${'é'.repeat(148)}🔧🔧`;
    expect(cutDescription(surrogates)).toBe(surrogates);
  });
});

describe('starCount (the spec)', () => {
  test.each([
    ['1', 1],
    ['2', 2],
    ['3', 3],
    ['4', 4],
    [1, 1],
    [4, 4],
  ])('%j shows %i filled stars', (rating, stars) => {
    expect(starCount(rating)).toBe(stars);
  });

  test.each(['5', 5, '0', '6', '', 'abc', '4.5', ' 3', '03', -1])('%j is not 1 to 4, so it shows 5 stars', (rating) => {
    expect(starCount(rating)).toBe(5);
  });
});

describe('formatDollars and formatCount', () => {
  test('write whole dollars and counts with thousands separators', () => {
    expect(formatDollars(1234)).toBe('$1,234');
    expect(formatDollars(89.4)).toBe('$89');
    expect(formatCount(1200)).toBe('1,200');
    expect(formatCount(7)).toBe('7');
  });

  test('write exactly what Intl en-US writes, rounding, signs, fractions and odd values included', () => {
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    const count = new Intl.NumberFormat('en-US');
    const odd = [
      0,
      -0,
      0.5,
      -0.5,
      0.49,
      -0.49,
      2.5,
      -2.5,
      999.5,
      999_999.5,
      1234.5,
      -1234.5,
      12.345,
      1_234_567.891,
      9_007_199_254_740_991,
      1e16,
      -987_654_321,
      NaN,
      Infinity,
      -Infinity,
    ];
    // A fixed pseudo-random spread of cents over twelve orders of magnitude, both signs.
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const spread = Array.from({ length: 5000 }, () => Math.round((next() - 0.3) * 10 ** Math.floor(next() * 12) * 100) / 100);
    for (const value of [...odd, ...spread]) {
      expect(formatDollars(value), String(value)).toBe(dollars.format(value));
      expect(formatCount(value), String(value)).toBe(count.format(value));
    }
  });
});
