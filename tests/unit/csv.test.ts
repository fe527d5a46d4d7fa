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

  it('keeps a field holding a semicolon one cell, with no formula after any semicolon', () => {
    // Spreadsheets whose list separator is `;` start a new cell at each one, whatever the quotes say.
    const attack = "Main St 1;=cmd|' /C calc'!A0;Springfield";
    const cell = csvCell(attack);
    expect(cell).toBe(`"Main St 1;'=cmd|' /C calc'!A0;Springfield"`);
    for (const part of cell.replace(/^"|"$/gu, '').split(';')) expect(part).not.toMatch(/^[=+\-@\t\r]/u);
    expect(csvCell('Unit 4; Dock Road')).toBe('"Unit 4; Dock Road"');
    expect(csvCell('a;+1+1;-1;@x')).toBe(`"a;'+1+1;'-1;'@x"`);
  });

  it('writes a phone number of a plus, digits and spaces as it is, and anything more with the apostrophe', () => {
    expect(csvCell('+44 1274 496000')).toBe('+44 1274 496000');
    expect(csvCell('+14155550100')).toBe('+14155550100');
    expect(csvCell('Unit 4;+44 1274 496000')).toBe('"Unit 4;+44 1274 496000"');
    expect(csvCell('+44 1;=1')).toBe(`"+44 1;'=1"`);
    for (const risky of ['+44 (0)1274 496000', '+44-1274', '+1+1', '+A1', '+44 1274\t']) {
      expect(csvCell(risky).replace(/^"/u, '').startsWith("'")).toBe(true);
    }
  });

  it('starts with a byte-order mark and ends rows with CRLF', () => {
    const doc = csvDocument(['A', 'B'], [['x', 1]]);
    expect(doc).toBe('\uFEFFA,B\r\nx,1\r\n');
  });
});
