import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyDigits, currencySymbol, formatMoney, formatPrice, minorToField, parseMajor, roundDiv, toMajor } from '../../src/contract/money';
import { dealerTiers, dealerUnitPrice, inListCents, type Pricing } from '../../src/contract/price-list';

const drill = { _id: 'drill', price: 129, priceTiers: [{ minQnt: 50, price: 119 }] };
const euro = (entries: Pricing['entries'] = {}, defaultPercentOff = 0): Pricing => ({ currency: 'EUR', rateMicros: 920_000, defaultPercentOff, entries });

describe('money', () => {
  it('writes minor units with the currency’s own decimals in the given locale', () => {
    expect(formatMoney(1_240_000, 'USD', 'en-US')).toBe('$12,400.00');
    expect(formatMoney(5, 'USD', 'en-US')).toBe('$0.05');
    expect(formatMoney(123_456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney(12_500, 'JPY', 'en-US')).toBe('¥12,500');
    expect(formatPrice(12_900, 'USD', 'en-US')).toBe('$129');
    expect(formatPrice(11_868, 'EUR', 'en-US')).toBe('€118.68');
    expect(formatPrice(8_900, 'EUR', 'en-US')).toBe('€89.00');
    expect(formatPrice(10_965, 'USD', 'en-US')).toBe('$109.65');
  });

  it('names the sign a field for the currency starts with, as the amounts write it', () => {
    expect(currencySymbol('USD', 'en-US')).toBe('$');
    expect(currencySymbol('EUR', 'en-US')).toBe('€');
    expect(currencySymbol('GBP', 'en-GB')).toBe('£');
    expect(currencySymbol('JPY', 'en-US')).toBe('¥');
    for (const currency of CURRENCIES) expect(formatMoney(100, currency, 'en-US')).toContain(currencySymbol(currency, 'en-US'));
  });

  it('agrees with Intl on every currency’s decimals', () => {
    for (const currency of CURRENCIES) {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
      expect(currencyDigits(currency), currency).toBe(intl);
    }
  });

  it('reads typed amounts and writes them back', () => {
    expect(parseMajor('12,500.5', 'EUR')).toBe(1_250_050);
    expect(parseMajor('118.68', 'EUR')).toBe(11_868);
    expect(parseMajor('1.5', 'JPY')).toBeNull();
    expect(parseMajor('12.345', 'USD')).toBeNull();
    expect(minorToField(1_250_050, 'EUR')).toBe('12500.50');
    expect(minorToField(12_500, 'JPY')).toBe('12500');
    expect(toMajor(11_868, 'EUR')).toBe(118.68);
  });

  it('rounds half away from zero, exactly', () => {
    expect(roundDiv(5n, 2n)).toBe(3);
    expect(roundDiv(-5n, 2n)).toBe(-3);
    expect(roundDiv(4n, 3n)).toBe(1);
    expect(roundDiv(10n ** 20n + 1n, 2n)).toBe(Number(5n * 10n ** 19n + 1n));
  });
});

describe('dealerUnitPrice', () => {
  it('is the list price in cents without a list, tiers applied', () => {
    expect(dealerUnitPrice(drill, null, 1)).toBe(12_900);
    expect(dealerUnitPrice(drill, null, 50)).toBe(11_900);
  });

  it('converts at the list’s rate and takes the list’s percentage off tools it does not name', () => {
    // 129 USD x 0.92 = 118.68 EUR; 10 % off = 106.812 -> 106.81
    expect(dealerUnitPrice(drill, euro({}, 1000), 1)).toBe(10_681);
    // The tool's own volume tier first: 119 x 0.92 x 0.9 = 98.532 -> 98.53
    expect(dealerUnitPrice(drill, euro({}, 1000), 50)).toBe(9_853);
  });

  it('takes an entry’s percentage, fixed price and own tiers before the list’s', () => {
    expect(dealerUnitPrice(drill, euro({ drill: { price: null, percentOff: 2500, tiers: [] } }, 1000), 1)).toBe(8_901);
    const fixed = euro({ drill: { price: 9_990, percentOff: null, tiers: [{ minQnt: 20, price: 9_500 }] } });
    expect(dealerUnitPrice(drill, fixed, 1)).toBe(9_990);
    expect(dealerUnitPrice(drill, fixed, 20)).toBe(9_500);
    // The entry's tiers replace the tool's: at 50 the entry's 20-piece tier still holds.
    expect(dealerUnitPrice(drill, fixed, 50)).toBe(9_500);
  });

  it('prices a currency without decimals in whole units', () => {
    const yen: Pricing = { currency: 'JPY', rateMicros: 151_250_000, defaultPercentOff: 0, entries: {} };
    // 129 x 151.25 = 19,511.25 -> ¥19,511
    expect(dealerUnitPrice(drill, yen, 1)).toBe(19_511);
  });

  it('rounds once, half up, as a decimal reference does, over many prices, rates and percentages', () => {
    for (let dollars = 1; dollars < 400; dollars += 7) {
      for (const rateMicros of [1, 333_333, 920_000, 1_234_567, 151_250_000]) {
        for (const percent of [0, 1, 333, 1250, 9900]) {
          const list: Pricing = { currency: 'EUR', rateMicros, defaultPercentOff: percent, entries: {} };
          // Reference: the exact price in hundred-millionths of a cent as a decimal string, then rounded by digits.
          const exact = BigInt(dollars) * BigInt(rateMicros) * 100n * BigInt(10_000 - percent);
          const scale = 1_000_000n * 10_000n;
          const whole = exact / scale;
          const rest = exact % scale;
          const expected = Number(rest * 2n >= scale ? whole + 1n : whole);
          expect(dealerUnitPrice({ _id: 't', price: dollars }, list, 1), `${dollars} ${rateMicros} ${percent}`).toBe(expected);
        }
      }
    }
  });

  it('lists the tiers a dealer gets, each below the base price', () => {
    expect(dealerTiers(drill, euro({}, 1000))).toEqual([{ minQnt: 50, price: 9_853 }]);
    expect(dealerTiers(drill, euro({ drill: { price: 9_000, percentOff: null, tiers: [] } }))).toEqual([]);
  });
});

describe('inListCents', () => {
  it('brings an amount back to US cents at the rate', () => {
    expect(inListCents(11_868, 'EUR', 920_000)).toBe(12_900);
    expect(inListCents(19_511, 'JPY', 151_250_000)).toBe(12_900);
    expect(inListCents(12_900, 'USD', 1_000_000)).toBe(12_900);
  });
});
