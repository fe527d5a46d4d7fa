// CSV for spreadsheets: RFC 4180 quoting, UTF-8 with a byte-order mark (so Excel reads accents), and
// cells a spreadsheet would run as a formula neutralised, in comma and in semicolon locales alike.

/** Excel, LibreOffice and Sheets treat a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/u;
/**
 * A phone number as dealers write it: `+`, then digits and spaces only. Without a letter, a bracket or any
 * other sign it can name no function, no cell and no other program, so it is no formula risk: it is
 * written as it is, without the apostrophe a spreadsheet would show (docs/decisions/034).
 */
const PHONE_NUMBER = /^\+[\d ]+$/u;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A number stays a number; text that would start a formula gets a leading apostrophe, which the
  // spreadsheet shows as plain text and does not evaluate. Where the list separator is `;` (much of
  // Europe) a `;` can start a cell even inside quotes, so each part after one is treated the same way.
  if (typeof value === 'string')
    text = text
      .split(';')
      .map((part) => (FORMULA_START.test(part) && !PHONE_NUMBER.test(part) ? `'${part}` : part))
      .join(';');
  return /[",;\r\n]/u.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly (string | number | null)[]): string {
  return values.map(csvCell).join(',');
}

/** The whole document: BOM, header row, rows, CRLF line ends as RFC 4180 has them. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${[csvRow(header), ...rows.map(csvRow)].join('\r\n')}\r\n`;
}
