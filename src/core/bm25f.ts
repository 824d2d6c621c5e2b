// Builds the BM25F postings: term → documents with field-weighted, length-normalised term frequencies.

import { FIELD_NAMES, type FieldName, type FieldWeight, type ToolFields } from "./fields.js";
import { tokenize, type Token } from "./tokenizer.js";

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
  /** Per document, per field, the token streams (kept for phrase-level expansions and explain). */
  readonly streams: ReadonlyArray<Readonly<Record<FieldName, readonly Token[]>>>;
}

/** Builds the postings for documents given as per-field text, in catalog order. */
export function buildPostings(documents: readonly ToolFields[], weights: Readonly<Record<FieldName, FieldWeight>>): PostingsIndex {
  const docCount = documents.length;
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  const surfaces = new Map<string, number>();
  const acronyms = new Set<number>();
  const fieldCount = FIELD_NAMES.length;
  const lengths = new Float64Array(docCount * fieldCount);
  const lengthSums = new Float64Array(fieldCount);
  const streams: Record<FieldName, readonly Token[]>[] = new Array(docCount);
  // Term ids per document and field, flattened, so the second pass needs no re-tokenising.
  const docTermIds: Int32Array[][] = new Array(docCount);

  for (let d = 0; d < docCount; d++) {
    const fields = documents[d];
    const docStreams = {} as Record<FieldName, readonly Token[]>;
    const docFields: Int32Array[] = new Array(fieldCount);
    for (let f = 0; f < fieldCount; f++) {
      const field = FIELD_NAMES[f];
      const tokens = fields[field].length > 0 ? tokenize(fields[field]) : [];
      docStreams[field] = tokens;
      const ids = new Int32Array(tokens.length);
      let length = 0;
      for (let i = 0; i < tokens.length; i++) {
        const token = tokens[i];
        if (token.stop) {
          ids[i] = -1;
          continue;
        }
        let id = termIds.get(token.term);
        if (id === undefined) {
          id = terms.length;
          termIds.set(token.term, id);
          terms.push(token.term);
        }
        if (!surfaces.has(token.surface)) surfaces.set(token.surface, id);
        if (token.acronym) acronyms.add(id);
        ids[i] = id;
        length++;
      }
      docFields[f] = ids;
      lengths[d * fieldCount + f] = length;
      lengthSums[f] += length;
    }
    streams[d] = docStreams;
    docTermIds[d] = docFields;
  }

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
  const compoundParts = new Map<number, [number, number]>();
  for (const [surface, id] of surfaces) {
    const parts = splitIntoKnownWords(surfaces, surface);
    if (parts !== undefined && parts[0] !== id && parts[1] !== id) compoundParts.set(id, parts);
  }

  // Second pass: accumulate each document's pseudo term frequencies in a dense scratch row, then
  // append its postings. Documents are visited in order, so every posting list comes out sorted.
  const scratch = new Float64Array(termCount);
  const touched = new Int32Array(termCount);
  const df = new Uint32Array(termCount);
  let postingTerm: Uint32Array<ArrayBuffer> = new Uint32Array(1024);
  let postingDoc: Uint32Array<ArrayBuffer> = new Uint32Array(1024);
  let postingTf = new Float32Array(1024);
  let postingCount = 0;
  for (let d = 0; d < docCount; d++) {
    let touchedCount = 0;
    for (let f = 0; f < fieldCount; f++) {
      const weight = fieldWeight[f];
      if (weight === 0) continue;
      const ids = docTermIds[d][f];
      const average = averages[f];
      const norm = average > 0 ? 1 - fieldB[f] + (fieldB[f] * lengths[d * fieldCount + f]) / average : 1;
      const contribution = weight / norm;
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i];
        if (id < 0) continue;
        if (scratch[id] === 0) touched[touchedCount++] = id;
        scratch[id] += contribution;
        const parts = compoundParts.size > 0 ? compoundParts.get(id) : undefined;
        if (parts !== undefined) {
          for (const part of parts) {
            if (scratch[part] === 0) touched[touchedCount++] = part;
            scratch[part] += contribution * COMPOUND_PART_WEIGHT;
          }
        }
      }
    }
    if (postingCount + touchedCount > postingTerm.length) {
      const capacity = Math.max(postingTerm.length * 2, postingCount + touchedCount);
      postingTerm = grow(postingTerm, capacity);
      postingDoc = grow(postingDoc, capacity);
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

  return { docCount, termIds, terms, idf, offsets, docIds, tfs, surfaces, acronyms, streams };
}

const COMPOUND_PART_WEIGHT = 0.8;
const ALPHABETIC = /^\p{L}+$/u;

/**
 * Splits a word into two known words of 3+ letters ("github" → git + hub), longest head first,
 * or returns undefined. Shared by indexing (closed compounds in the catalog) and queries.
 */
export function splitIntoKnownWords(known: ReadonlyMap<string, number>, word: string): [number, number] | undefined {
  if (word.length < 6 || !ALPHABETIC.test(word)) return undefined;
  for (let cut = word.length - 3; cut >= 3; cut--) {
    const head = known.get(word.slice(0, cut));
    if (head === undefined) continue;
    const tail = known.get(word.slice(cut));
    if (tail !== undefined) return [head, tail];
  }
  return undefined;
}

function grow(array: Uint32Array, capacity: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(capacity);
  next.set(array);
  return next;
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
