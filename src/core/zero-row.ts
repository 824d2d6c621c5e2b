// One reused row of float64 zeros for per-call sums (a query's readings per word, a tool's credits per word): a typed
// array made per call cost more than the sums themselves, and these run once or five times per select.

let row = new Float64Array(64);

/** `length` zeros at the start of a row shared by its callers: read it within the call that asked, not after. */
export function zeroRow(length: number): Float64Array {
  if (row.length < length) row = new Float64Array(length * 2);
  return row.fill(0, 0, length);
}
