import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from '../../server/reports/csv';

describe('CSV for spreadsheets', () => {
  it('quotes commas, quotes and line breaks, and doubles quotes inside', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('12 Dock Road, Leeds')).toBe('"12 Dock Road, Leeds"');
    expect(csvCell('the "Pro" drill')).toBe('"the ""Pro"" drill"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(1250)).toBe('1250');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const attack of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1']) {
      expect(csvCell(attack).replace(/^"/u, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell(-5)).toBe('-5');
  });

  it('starts with a byte-order mark and ends rows with CRLF', () => {
    const doc = csvDocument(['A', 'B'], [['x', 1]]);
    expect(doc).toBe('\uFEFFA,B\r\nx,1\r\n');
  });
});
