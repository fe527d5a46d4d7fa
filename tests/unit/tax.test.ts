// The tax arithmetic the server and the pad share: rates typed in percent, the most specific rate of a place,
// the reverse charge, and one rounding per order so that net + tax is the gross to the minor unit.

import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { orderTaxAmounts } from '../../src/contract/order';
import {
  NO_TAX,
  orderTotals,
  parseRatePercent,
  placeTaxTerms,
  rateToPercent,
  resolveTaxRate,
  showsTax,
  taxLine,
  taxMessages,
  taxOn,
  TaxRateInputSchema,
} from '../../src/contract/tax';

const vat19 = { rateMicros: 190_000, name: 'VAT', reverseCharge: false };

describe('rates typed in percent', () => {
  it('reads whole, decimal and comma rates to millionths, and nothing else', () => {
    expect(parseRatePercent('19')).toBe(190_000);
    expect(parseRatePercent('8.875')).toBe(88_750);
    expect(parseRatePercent(' 7,5 ')).toBe(75_000);
    expect(parseRatePercent('0')).toBe(0);
    expect(parseRatePercent('100')).toBe(1_000_000);
    for (const bad of ['', '-1', '100.001', '101', '8.8755', 'abc', '1e2', '19 %']) expect(parseRatePercent(bad), bad).toBeNull();
  });

  it('writes a rate back as the field shows it, for any rate a form can give (three decimals of a percent)', () => {
    const formRate = fc.integer({ min: 0, max: 100_000 }).map((tenths) => tenths * 10);
    fc.assert(fc.property(formRate, (micros) => parseRatePercent(rateToPercent(micros)) === micros));
    expect(rateToPercent(190_000)).toBe('19');
    expect(rateToPercent(88_750)).toBe('8.875');
  });

  it('takes a rate form in capitals and percent, and refuses a bad one in the admin’s words', () => {
    expect(v.parse(TaxRateInputSchema, { country: 'us', region: ' ca ', name: 'Sales tax', rate: '7.25' })).toEqual({
      country: 'US',
      region: 'CA',
      name: 'Sales tax',
      rate: 72_500,
    });
    const refused = v.safeParse(TaxRateInputSchema, { country: 'DE', name: '', rate: '120' });
    expect(refused.success).toBe(false);
    expect(refused.issues?.map((issue) => issue.message)).toEqual(expect.arrayContaining([taxMessages.nameRequired, taxMessages.rateInvalid]));
  });
});

describe('the rate of a place', () => {
  const rates = [
    { country: 'US', region: '', name: 'Sales tax', rateMicros: 0 },
    { country: 'US', region: 'CA', name: 'Sales tax', rateMicros: 72_500 },
    { country: 'DE', region: '', name: 'VAT', rateMicros: 190_000 },
  ];

  it('is the region’s where one is set, else the country’s, else none', () => {
    expect(resolveTaxRate(rates, 'US', 'CA')?.rateMicros).toBe(72_500);
    expect(resolveTaxRate(rates, 'US', 'NY')?.rateMicros).toBe(0);
    expect(resolveTaxRate(rates, 'DE', 'BY')?.rateMicros).toBe(190_000);
    expect(resolveTaxRate(rates, 'FR', '')).toBeNull();
  });

  it('is no tax and the reverse charge for an exempt company, whatever the place’s rate', () => {
    expect(placeTaxTerms({ taxRateMicros: 190_000, taxName: 'VAT' }, true)).toEqual({ rateMicros: 0, name: null, reverseCharge: true });
    expect(placeTaxTerms({ taxRateMicros: 190_000, taxName: 'VAT' }, false)).toEqual(vat19);
    expect(placeTaxTerms({}, false)).toEqual(NO_TAX);
    expect(showsTax(NO_TAX)).toBe(false);
    expect(showsTax({ ...NO_TAX, reverseCharge: true })).toBe(true);
    expect(taxLine(vat19, 'en-US')).toBe('VAT 19%');
    expect(taxLine({ rateMicros: 88_750, name: 'Sales tax', reverseCharge: false }, 'en-US')).toBe('Sales tax 8.875%');
  });
});

describe('an order’s net, tax and gross', () => {
  it('rounds the tax once, half up, to the minor unit', () => {
    expect(taxOn(10_000, vat19)).toBe(1_900);
    // 0.19 × 2.50 = 0.475 -> 0.48; 0.19 × 2.45 = 0.4655 -> 0.47
    expect(taxOn(250, vat19)).toBe(48);
    expect(taxOn(245, vat19)).toBe(47);
    // Yen have no decimals: ¥1,005 at 8.875 % is ¥89.19 -> ¥89.
    expect(taxOn(1_005, { rateMicros: 88_750, name: 'Sales tax', reverseCharge: false })).toBe(89);
    expect(taxOn(10_000, { ...vat19, reverseCharge: true })).toBe(0);
  });

  it('never loses a minor unit: net + tax is the gross, and the tax is within half a unit of the exact one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (net, rateMicros) => {
        const { tax, gross } = orderTotals(net, { rateMicros, name: 'Tax', reverseCharge: false });
        const exact = (net * rateMicros) / 1_000_000;
        return gross === net + tax && Math.abs(tax - exact) <= 0.5 + 1e-6 && Number.isInteger(tax);
      }),
    );
  });

  it('reads an order’s figures, and an order saved before tax as all net', () => {
    expect(orderTaxAmounts({ totalMinor: 11_900, currency: 'EUR', totalPrice: 119, taxMinor: 1_900, taxRateMicros: 190_000, taxName: 'VAT' })).toEqual({
      net: 10_000,
      tax: 1_900,
      gross: 11_900,
      terms: vat19,
    });
    expect(orderTaxAmounts({ totalPrice: 129 })).toEqual({ net: 12_900, tax: 0, gross: 12_900, terms: NO_TAX });
  });
});
