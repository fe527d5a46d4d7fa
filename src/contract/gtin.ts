// A tool's barcode number, its GTIN (docs/decisions/048-barcodes-on-the-counter.md): the EAN-13 printed on
// its box (a UPC-A's 12 digits are the same number with a leading 0, an EAN-8 is kept as it is, a GTIN-14
// of a case too), its last digit the check digit of the others. Stored and compared as written here, so a
// scanner that reads the UPC-A and one that reads the EAN-13 find the same tool.

import * as v from 'valibot';

export const gtinMessages = {
  invalid: 'A barcode number is 8, 12, 13 or 14 digits, the last one its check digit',
  checkDigit: (expected: number) => `The last digit of this barcode number should be ${expected}: check the number`,
  taken: 'Another tool has this barcode number',
} as const;

/** The GS1 check digit of the digits before it: weights 3 and 1 from the right, to the next multiple of ten. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** The digits of text that has the shape of a barcode number (8, 12, 13 or 14 digits, spaces and dashes left out), check digit or not; null otherwise. */
export function barcodeDigits(text: string): string | null {
  const digits = text.replace(/[\s-]/gu, '');
  return /^(?:\d{8}|\d{12,14})$/u.test(digits) ? digits : null;
}

/** The digits of a typed or scanned number; a 12-digit UPC-A as its EAN-13. */
function digitsOf(text: string): string | null {
  const digits = barcodeDigits(text);
  if (!digits) return null;
  return digits.length === 12 ? `0${digits}` : digits;
}

/** The GTIN as stored, or null when the text is not one (wrong length, or its check digit does not hold). */
export function normalizeGtin(text: string): string | null {
  const digits = digitsOf(text);
  if (!digits) return null;
  return gtinCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1)) ? digits : null;
}

/** The GTIN of a tool on Add Product and the editor: empty is none (null). */
export const GtinFieldSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(gtinMessages.invalid),
      v.trim(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        if (dataset.value === '') return null;
        const digits = digitsOf(dataset.value);
        if (!digits) {
          addIssue({ message: gtinMessages.invalid });
          return NEVER;
        }
        const expected = gtinCheckDigit(digits.slice(0, -1));
        if (expected !== Number(digits.at(-1))) {
          addIssue({ message: gtinMessages.checkDigit(expected) });
          return NEVER;
        }
        return digits;
      }),
    ),
  ),
);

/** The seeded tools' numbers: GS1's example company prefix 0614141 with a five-digit item reference, and the check digit. */
export function seedGtin(item: number): string {
  const body = `0614141${String(item).padStart(5, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}
