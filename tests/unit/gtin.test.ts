// A tool's barcode number (src/contract/gtin.ts): the GS1 check digit, the forms a scanner or a person gives
// it in, and the form field's messages.

import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { GtinFieldSchema, gtinCheckDigit, gtinMessages, normalizeGtin, seedGtin } from '../../src/contract/gtin';

describe('gtinCheckDigit', () => {
  it('is GS1’s check digit of published numbers', () => {
    // EAN-13 4006381333931 (GS1's own example), UPC-A 036000291452, EAN-8 96385074.
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('03600029145')).toBe(2);
    expect(gtinCheckDigit('9638507')).toBe(4);
  });

  it('catches every single wrong digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/u), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 9 }), (body, at, change) => {
        const code = `${body}${gtinCheckDigit(body)}`;
        const digit = (Number(code[at]) + change) % 10;
        const wrong = `${code.slice(0, at)}${digit}${code.slice(at + 1)}`;
        expect(normalizeGtin(code)).toBe(code);
        expect(normalizeGtin(wrong)).toBeNull();
      }),
    );
  });
});

describe('normalizeGtin', () => {
  it('reads an EAN-13 with spaces or dashes, a UPC-A as its EAN-13, an EAN-8 and a GTIN-14', () => {
    expect(normalizeGtin('4 006381 333931')).toBe('4006381333931');
    expect(normalizeGtin('4006381-333931')).toBe('4006381333931');
    expect(normalizeGtin('036000291452')).toBe('0036000291452');
    expect(normalizeGtin('96385074')).toBe('96385074');
    // A case of tools: indicator 1 before the company prefix, GS1's example GTIN-14.
    expect(gtinCheckDigit('1061414100001')).toBe(9);
    expect(normalizeGtin('10614141000019')).toBe('10614141000019');
  });

  it('refuses other lengths, letters and a wrong check digit', () => {
    for (const text of ['', '123', '40063813339', '4006381333932', 'ABCDEFGHIJKLM', '400638133393100']) expect(normalizeGtin(text)).toBeNull();
  });
});

describe('GtinFieldSchema', () => {
  it('takes empty as none, and says which digit is wrong', () => {
    expect(v.parse(GtinFieldSchema, '')).toBeNull();
    expect(v.parse(GtinFieldSchema, undefined)).toBeUndefined();
    expect(v.parse(GtinFieldSchema, ' 036000291452 ')).toBe('0036000291452');
    const wrong = v.safeParse(GtinFieldSchema, '4006381333932');
    expect(wrong.success).toBe(false);
    expect(wrong.issues?.[0].message).toBe(gtinMessages.checkDigit(1));
    expect(v.safeParse(GtinFieldSchema, '12345').issues?.[0].message).toBe(gtinMessages.invalid);
  });
});

describe('seedGtin', () => {
  it('makes valid, distinct EAN-13s for the demo and generated tools', () => {
    const codes = [1, 2, 12, 10_000, 59_999].map(seedGtin);
    for (const code of codes) expect(normalizeGtin(code)).toBe(code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes[0]).toMatch(/^061414100001\d$/u);
  });
});
