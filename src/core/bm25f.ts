// Builds the BM25F postings: term → documents with field-weighted, length-normalised term frequencies.

import { FIELD_NAMES, type FieldName, type FieldWeight, type ToolFields } from "./fields.js";
import { prefixedNameWords } from "./name-prefixes.js";
import { forEachToken, type Token } from "./tokenizer.js";

/**
 * The compact lexical index. Postings of term t are `docIds[offsets[t] .. offsets[t+1])` (ascending
 * document order) with `tfs` the BM25F pseudo term frequency Σ_f w_f·tf_f / (1 − b_f + b_f·len_f/avg_f).
 * Saturation (k1) and IDF are applied at query time, in the wasm kernel.
 */
export interface PostingsIndex {
  readonly docCount: number;
  /** Term → term id. */
  readonly termIds: Map<string, number>;
  /** Term id → term. */
  readonly terms: readonly string[];
  /** Term id → inverse document frequency ln(1 + (N − df + 0.5)/(df + 0.5)). */
  readonly idf: Float32Array;
  readonly offsets: Uint32Array;
  readonly docIds: Uint32Array;
  readonly tfs: Float32Array;
  /** Folded surface word → term id, for every indexed word (typo tolerance and abbreviations look here). */
  readonly surfaces: Map<string, number>;
  /** Term ids the catalog spells as upper-case acronyms somewhere ("PR", "SMS"). */
  readonly acronyms: Set<number>;
  /**
   * The indexed term ids of every document and field in text order, stop words left out:
   * field f of document d is `sequence[fieldStarts[d·F + f] .. fieldStarts[d·F + f + 1])`, F = FIELD_NAMES.length.
   */
  readonly sequence: Uint16Array | Uint32Array;
  readonly fieldStarts: Uint32Array;
  /** A name's leading word with a product prefix → the word it holds ("gdrive" → drive; `prefixedWord`). */
  readonly prefixed?: ReadonlyMap<number, number>;
}

const COMPOUND_PART_WEIGHT = 0.8;
const FIRST_PARAMETER_FIELD = FIELD_NAMES.indexOf("parameterNames");
const ALPHABETIC = /^\p{L}+$/u;
/**
 * Longest word read as a closed compound. Each cut looks up two substrings, so the work grows with the square of
 * the length: above this, a word (a hostile 1 MiB tool name, say) is never split, and the cost stays linear.
 */
export const MAX_COMPOUND_LENGTH = 48;

/**
 * Splits a word into two known words of 3+ letters ("github" → git + hub), longest head first,
 * or returns undefined. Shared by indexing (closed compounds in the catalog) and queries.
 */
export function splitIntoKnownWords(known: ReadonlyMap<string, number>, word: string): [number, number] | undefined {
  if (word.length < 6 || word.length > MAX_COMPOUND_LENGTH || !ALPHABETIC.test(word)) return undefined;
  for (let cut = word.length - 3; cut >= 3; cut--) {
    const head = known.get(word.slice(0, cut));
    if (head === undefined) continue;
    const tail = known.get(word.slice(cut));
    if (tail !== undefined) return [head, tail];
  }
  return undefined;
}

/** Builds the postings for documents given as per-field text, in catalog order. */
export function buildPostings(
  documents: readonly ToolFields[],
  weights: Readonly<Record<FieldName, FieldWeight>>,
  /**
   * Whether a shorthand after a product's prefix in a name may stand for a word the catalog does not write ("gcal" →
   * calendar): not where the shorthand is a word of its own (`keyword.commonWords`' everyday table). None by default.
   */
  acceptsShorthand?: (shorthand: string) => boolean,
): PostingsIndex {
  const docCount = documents.length;
  const fieldCount = FIELD_NAMES.length;
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  const surfaces = new Map<string, number>();
  const acronyms = new Set<number>();
  const fieldStarts = new Uint32Array(docCount * fieldCount + 1);
  const lengthSums = new Float64Array(fieldCount);
  let sequence = new Int32Array(Math.max(1024, docCount * 32));
  let length = 0;

  /** A token's term id, a new one for a term not seen before; its surface recorded. */
  const termOf = (token: Token): number => {
    let id = termIds.get(token.term);
    if (id === undefined) {
      id = terms.length;
      termIds.set(token.term, id);
      terms.push(token.term);
    }
    if (!surfaces.has(token.surface)) surfaces.set(token.surface, id);
    return id;
  };

  // First pass: one flat array of term ids, so the second pass needs no re-tokenising and no
  // per-field allocations.
  // Tools of one API repeat their parameter text ("owner", "The repository name"): each distinct
  // parameter text is tokenised once per build.
  const repeated = new Map<string, Int32Array>();
  for (let d = 0; d < docCount; d++) {
    const fields = documents[d];
    for (let f = 0; f < fieldCount; f++) {
      const fieldStart = length;
      fieldStarts[d * fieldCount + f] = fieldStart;
      const text = fields[FIELD_NAMES[f]] ?? "";
      if (text.length === 0) continue;
      const cacheable = f >= FIRST_PARAMETER_FIELD;
      const known = cacheable ? repeated.get(text) : undefined;
      if (known !== undefined) {
        if (length + known.length > sequence.length) {
          const next = new Int32Array(Math.max(sequence.length * 2, length + known.length));
          next.set(sequence);
          sequence = next;
        }
        sequence.set(known, length);
        length += known.length;
        lengthSums[f] += known.length;
        continue;
      }
      forEachToken(text, (token) => {
        if (token.stop) return;
        const id = termOf(token);
        if (token.acronym) acronyms.add(id);
        if (length === sequence.length) {
          const next = new Int32Array(sequence.length * 2);
          next.set(sequence);
          sequence = next;
        }
        sequence[length++] = id;
      });
      if (cacheable) repeated.set(text, sequence.slice(fieldStart, length));
      lengthSums[f] += length - fieldStart;
    }
  }
  fieldStarts[docCount * fieldCount] = length;

  // A name's leading word with a product prefix ("gdrive_search") also counts for the word after the prefix; a
  // shorthand's word the catalog does not write ("gcal": calendar) becomes a term of its own.
  const unwritten = acceptsShorthand && {
    accepts: acceptsShorthand,
    term: (word: string): number | undefined => {
      let id: number | undefined;
      // One word: a phrase's reading ("pto" → time off) is no word to stand for.
      if (!word.includes(" ")) forEachToken(word, (token) => void (id ??= token.stop ? undefined : termOf(token)));
      return id;
    },
  };
  const prefixed = prefixedNameWords(surfaces, sequence, fieldStarts, docCount, fieldCount, unwritten);

  const termCount = terms.length;
  const fieldWeight = new Float64Array(fieldCount);
  const fieldB = new Float64Array(fieldCount);
  const averages = new Float64Array(fieldCount);
  for (let f = 0; f < fieldCount; f++) {
    fieldWeight[f] = weights[FIELD_NAMES[f]].weight;
    fieldB[f] = weights[FIELD_NAMES[f]].b;
    averages[f] = docCount > 0 ? lengthSums[f] / docCount : 0;
  }

  // Closed compounds ("geodistance", "boardgame") also count, at a reduced weight, for the two catalog
  // words they are made of, so a query that spells them apart still finds them.
  const compoundHead = new Int32Array(termCount).fill(-1);
  const compoundTail = new Int32Array(termCount).fill(-1);
  for (const [surface, id] of surfaces) {
    const parts = splitIntoKnownWords(surfaces, surface);
    if (parts !== undefined && parts[0] !== id && parts[1] !== id) {
      compoundHead[id] = parts[0];
      compoundTail[id] = parts[1];
    }
  }
  for (const [id, part] of prefixed) {
    if (compoundHead[id] < 0) compoundHead[id] = part;
    else prefixed.delete(id); // a closed compound of two catalog words is read as one
  }

  // Second pass: accumulate each document's pseudo term frequencies in a dense scratch row, then
  // append its postings. Documents are visited in order, so every posting list comes out sorted.
  const scratch = new Float64Array(termCount);
  const touched = new Int32Array(termCount);
  const df = new Uint32Array(termCount);
  let postingTerm = new Uint32Array(Math.max(1024, length));
  let postingDoc = new Uint32Array(postingTerm.length);
  let postingTf = new Float32Array(postingTerm.length);
  let postingCount = 0;
  for (let d = 0; d < docCount; d++) {
    let touchedCount = 0;
    for (let f = 0; f < fieldCount; f++) {
      const weight = fieldWeight[f];
      if (weight === 0) continue;
      const start = fieldStarts[d * fieldCount + f];
      const end = fieldStarts[d * fieldCount + f + 1];
      const average = averages[f];
      const norm = average > 0 ? 1 - fieldB[f] + (fieldB[f] * (end - start)) / average : 1;
      const contribution = weight / norm;
      for (let i = start; i < end; i++) {
        const id = sequence[i];
        if (scratch[id] === 0) touched[touchedCount++] = id;
        scratch[id] += contribution;
        const head = compoundHead[id];
        if (head >= 0) {
          const tail = compoundTail[id];
          if (scratch[head] === 0) touched[touchedCount++] = head;
          scratch[head] += contribution * COMPOUND_PART_WEIGHT;
          if (tail >= 0) {
            if (scratch[tail] === 0) touched[touchedCount++] = tail;
            scratch[tail] += contribution * COMPOUND_PART_WEIGHT;
          }
        }
      }
    }
    if (postingCount + touchedCount > postingTerm.length) {
      const capacity = Math.max(postingTerm.length * 2, postingCount + touchedCount);
      const terms = new Uint32Array(capacity);
      terms.set(postingTerm);
      postingTerm = terms;
      const docs = new Uint32Array(capacity);
      docs.set(postingDoc);
      postingDoc = docs;
      const tfs = new Float32Array(capacity);
      tfs.set(postingTf);
      postingTf = tfs;
    }
    for (let i = 0; i < touchedCount; i++) {
      const id = touched[i];
      postingTerm[postingCount] = id;
      postingDoc[postingCount] = d;
      postingTf[postingCount] = scratch[id];
      postingCount++;
      df[id]++;
      scratch[id] = 0;
    }
  }

  // Counting sort by term keeps document order inside each list.
  const offsets = new Uint32Array(termCount + 1);
  for (let t = 0; t < termCount; t++) offsets[t + 1] = offsets[t] + df[t];
  const cursor = offsets.slice(0, termCount);
  const docIds = new Uint32Array(postingCount);
  const tfs = new Float32Array(postingCount);
  for (let p = 0; p < postingCount; p++) {
    const slot = cursor[postingTerm[p]]++;
    docIds[slot] = postingDoc[p];
    tfs[slot] = postingTf[p];
  }
  const idf = new Float32Array(termCount);
  for (let t = 0; t < termCount; t++) idf[t] = Math.log(1 + (docCount - df[t] + 0.5) / (df[t] + 0.5));

  return {
    docCount,
    termIds,
    terms,
    idf,
    offsets,
    docIds,
    tfs,
    surfaces,
    acronyms,
    sequence:
      termCount <= 0xffff
        ? Uint16Array.from(sequence.subarray(0, length))
        : Uint32Array.from(sequence.subarray(0, length)),
    fieldStarts,
    prefixed,
  };
}

/** The posting of `doc` in term `termId`'s list, or -1 (binary search; lists are sorted by document). */
export function findPosting(index: PostingsIndex, termId: number, doc: number): number {
  let low = index.offsets[termId];
  let high = index.offsets[termId + 1] - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = index.docIds[middle];
    if (value === doc) return middle;
    if (value < doc) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Occurrences of a term in each field of a document. */
export function fieldCounts(index: PostingsIndex, termId: number, doc: number): Partial<Record<FieldName, number>> {
  const counts: Partial<Record<FieldName, number>> = {};
  for (let f = 0; f < FIELD_NAMES.length; f++) {
    const start = index.fieldStarts[doc * FIELD_NAMES.length + f];
    const end = index.fieldStarts[doc * FIELD_NAMES.length + f + 1];
    let count = 0;
    for (let i = start; i < end; i++) if (index.sequence[i] === termId) count++;
    if (count > 0) counts[FIELD_NAMES[f]] = count;
  }
  return counts;
}
