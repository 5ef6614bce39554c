import { describe, expect, it } from 'vitest';
import { neutraliseCell, restoreCell } from './neutralise';

describe('neutraliseCell', () => {
  it('prefixes an apostrophe to every cell a spreadsheet could run, and restoreCell undoes it exactly', () => {
    // Leading spaces too: some spreadsheets trim a cell before they read it.
    const risky = [
      '=1+1',
      '+1',
      '-1',
      '@A1',
      '\t=1',
      '\r=1',
      '\n=1',
      '  =1',
      ' @A1',
      '\uFF1D1',
      '\uFF0B1',
      '\uFF0D1',
      '\uFF20A1',
      "'kept",
    ];
    for (const cell of risky) {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
      expect(restoreCell(neutraliseCell(cell))).toBe(cell);
    }
    for (const cell of ['Bolts', '12.50', '', ' not a formula', 'a=b']) {
      expect(neutraliseCell(cell)).toBe(cell);
      expect(restoreCell(cell)).toBe(cell);
    }
  });
});
