import { describe, expect, test } from 'vitest';
import { DESCRIPTION_CUT } from '../../src/contract/constants';
import { cutDescription, formatCount, formatDollars, starCount } from '../../src/contract/pricing';

describe('cutDescription (home cards, spec section 9)', () => {
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

describe('starCount (spec section 9)', () => {
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
});
