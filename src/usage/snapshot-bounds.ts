// The values a usage snapshot may hold, checked when one is read and before one is written, so that a hostile or
// overflowing snapshot is refused by name instead of being saved as something no later load can read.

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";
import type { Row, SnapshotRows } from "./snapshot-rows.js";

/**
 * The largest total a link list may carry, in observations: far above any real usage (a million conversations a day
 * for a thousand years is under 10¹²), far below where sums lose precision or overflow.
 */
export const MAX_USAGE_TOTAL = 1e12;
/** A link's share of its list, in thousandths. */
const MAX_SHARE = 1000;

function refuse(where: string, field: string, expected: string, value: unknown): never {
  throw new ToolsiftError(
    "INVALID_USAGE",
    `${where}: the usage snapshot's "${field}" must be ${expected}, got ${describeValue(value)}.`,
    { field, value },
  );
}

/** `conversations`: an integer ≥ 0 (a count). */
export function checkConversations(where: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)
    refuse(where, "conversations", "an integer ≥ 0", value);
  return value;
}

/** Each list's total (≤ MAX_USAGE_TOTAL) and each share (≤ 1000 thousandths) of decoded rows. */
export function checkRows(where: string, rows: SnapshotRows): void {
  const check = (field: string, row: Row, from: number) => {
    if (!(row[from] <= MAX_USAGE_TOTAL)) refuse(where, field, `a total ≤ ${MAX_USAGE_TOTAL}`, row[from]);
    for (let i = from + 2; i < row.length; i += 2) {
      if (row[i] > MAX_SHARE) refuse(where, field, `shares ≤ ${MAX_SHARE} (thousandths of the total)`, row[i]);
    }
  };
  check("starts", rows.starts, 0);
  for (const name of ["next", "together", "terms"] as const) {
    rows[name].forEach((row, position) => check(`${name}[${position}]`, row, 1));
  }
}
