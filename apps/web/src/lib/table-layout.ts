/**
 * Tables of the 1200 px layout (DESIGN §6). With the side menu open, a list card leaves its table
 * 862 px: the columns that hold short values (dates, statuses, counts, actions) get fixed widths
 * from here, the one or two that hold names take what is left (at least FLEX_MIN each) and cut
 * long names (components/cell-text.tsx). Only when the card is narrower than the columns need does
 * the table scroll sideways — inside the card, never the page.
 */
export const COL = {
  /** The row-selection checkboxes. */
  selection: 48,
  /** 26/11/2026 with a sorter. */
  date: 116,
  /** 11:05 26/11/2026 on one line, with a sorter. */
  dateTime: 156,
  /** A status tag with its icon ("Chờ duyệt", "Đã công bố"). */
  status: 128,
  /** A count (scans, views). */
  count: 92,
  /** An amount in đồng up to a billion ("1.234.567.890 ₫"). */
  money: 140,
  /** Two or three icon buttons. */
  actions: 112,
} as const;

/** The least a column without a width (a name) keeps before the table scrolls inside its card. */
export const FLEX_MIN = 200;

interface SizedColumn {
  width?: number | string;
}

/** The width the columns need: fixed widths, FLEX_MIN for each column without one, the selection column. */
export function tableMinWidth(columns: readonly SizedColumn[], opts: { selection?: boolean; flexMin?: number } = {}) {
  const flexMin = opts.flexMin ?? FLEX_MIN;
  return columns.reduce(
    (sum, c) => sum + (typeof c.width === 'number' ? c.width : flexMin),
    opts.selection ? COL.selection : 0,
  );
}

/**
 * The Table props of a list in the fixed layout: the widths are kept (`tableLayout: fixed`), the
 * table fills its card and scrolls inside it only below the width the columns need.
 */
export function fittedTable(columns: readonly SizedColumn[], opts: { selection?: boolean; flexMin?: number } = {}) {
  return { tableLayout: 'fixed' as const, scroll: { x: tableMinWidth(columns, opts) } };
}
