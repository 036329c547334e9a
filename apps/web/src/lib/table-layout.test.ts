import { describe, expect, it } from 'vitest';
import { COL, FLEX_MIN, fittedTable, tableMinWidth } from './table-layout';

describe('tables of the 1200 px layout', () => {
  it('need the fixed widths, FLEX_MIN per name column and the selection column', () => {
    const columns = [{}, { width: COL.date }, { width: COL.status }, { width: '20%' }];
    expect(tableMinWidth(columns)).toBe(FLEX_MIN + COL.date + COL.status + FLEX_MIN);
    expect(tableMinWidth(columns, { selection: true, flexMin: 240 })).toBe(
      COL.selection + 240 + COL.date + COL.status + 240,
    );
  });

  it('keep their widths and scroll inside the card only below what they need', () => {
    expect(fittedTable([{ width: 100 }, {}], { selection: true })).toEqual({
      tableLayout: 'fixed',
      scroll: { x: COL.selection + 100 + FLEX_MIN },
    });
  });
});
