// The scan of one tool's words for relevance: which of a query's catalog terms the tool writes out, and in which
// field at best (closed compounds counted for their parts only when the query holds both).

import { splitIntoKnownWords, type PostingsIndex } from "./bm25f.js";
import { FIELD_NAMES } from "./fields.js";

/**
 * Per index: which terms the current query holds (a mark per term id, set and cleared by each call), each term's
 * closed-compound parts once read (`head`: -2 not read yet, -1 none), and for the tool being scanned the best field
 * (index in FIELD_NAMES, -1 none) of each term found and the terms found in the order first met. Typed arrays and a
 * reused list: the scan below touches every word of every ranked tool.
 */
export interface DocumentScan {
  readonly inQuery: Uint8Array;
  readonly head: Int32Array;
  readonly tail: Int32Array;
  readonly best: Int8Array;
  readonly found: number[];
}
const scans = new WeakMap<PostingsIndex, DocumentScan>();

function scanOf(index: PostingsIndex): DocumentScan {
  let scan = scans.get(index);
  if (scan === undefined) {
    const count = index.terms.length;
    scan = {
      inQuery: new Uint8Array(count),
      head: new Int32Array(count).fill(-2),
      tail: new Int32Array(count),
      best: new Int8Array(count).fill(-1),
      found: [],
    };
    scans.set(index, scan);
  }
  return scan;
}

/** Reads (once per index and term) whether term `id` is a closed compound of two catalog terms. */
function readCompound(index: PostingsIndex, scan: DocumentScan, id: number): void {
  const parts = splitIntoKnownWords(index.termIds, index.terms[id]);
  scan.head[id] = parts === undefined ? -1 : parts[0];
  if (parts !== undefined) scan.tail[id] = parts[1];
}

/**
 * The terms of `inQuery` (the query's catalog term ids) that `doc` writes out, each with its best field by
 * `credits` (per field index): left in the scan, `found` (in the order first met) and `best`, which the caller reads
 * and clears (`clearFound`). One pass over the tool's own words (not over the query's terms, which a long query has
 * many of). A closed compound of the tool ("database", "github") counts for its parts only when the query holds both
 * ("git hub"): "base" alone is not a word of "database".
 */
export function termsInDocument(
  index: PostingsIndex,
  queryTerms: ReadonlyMap<number, unknown>,
  doc: number,
  credits: readonly number[],
): DocumentScan {
  const scan = scanOf(index);
  const { inQuery, head, tail, best, found } = scan;
  const note = (id: number, field: number): void => {
    if (best[id] === -1) found.push(id);
    else if (credits[field] <= credits[best[id]]) return;
    best[id] = field;
  };
  for (const id of queryTerms.keys()) inQuery[id] = 1;
  const fields = FIELD_NAMES.length;
  // No look-up per word where no name has a product prefix (most catalogs).
  const prefixed = index.prefixed?.size ? index.prefixed : undefined;
  for (let f = 0; f < fields; f++) {
    const end = index.fieldStarts[doc * fields + f + 1];
    for (let i = index.fieldStarts[doc * fields + f]; i < end; i++) {
      const id = index.sequence[i];
      if (inQuery[id] === 1) {
        note(id, f);
        continue;
      }
      const part = prefixed?.get(id);
      if (part !== undefined && inQuery[part] === 1) {
        note(part, f);
        continue;
      }
      if (head[id] === -2) readCompound(index, scan, id);
      if (head[id] >= 0 && inQuery[head[id]] === 1 && inQuery[tail[id]] === 1) {
        note(head[id], f);
        note(tail[id], f);
      }
    }
  }
  for (const id of queryTerms.keys()) inQuery[id] = 0;
  return scan;
}

/** Clears what `termsInDocument` left in the scan. */
export function clearFound(scan: DocumentScan): void {
  for (const id of scan.found) scan.best[id] = -1;
  scan.found.length = 0;
}
