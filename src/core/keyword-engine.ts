// The keyword engine: catalog tools → BM25F postings in wasm, queries → ranked tools with provenance.

import type { WasmArena } from "../wasm/arena.js";
import { AbbreviationIndex } from "./abbreviations.js";
import { buildPostings, fieldCounts, findPosting, type PostingsIndex } from "./bm25f.js";
import type { EverydayWords } from "./everyday-readings.js";
import { catalogFamilies, familyReadings, focusOnNamedFamilies, type Families } from "./families.js";
import { FIELD_NAMES, type FieldName, type FieldWeight, type ToolFields } from "./fields.js";
import { KeywordScorer } from "./keyword-scorer.js";
import { analyseQuery, unknownWords, type ExpansionSettings, type QueryContext, type QueryTerm } from "./query.js";
import { NO_WORD_SPECIFICITY, type WordSpecificity } from "./word-specificity.js";
import { keywordRelevance, relevanceQuery, type RelevanceQuery, type WordMatch } from "./relevance.js";
import type { Neighbour } from "./word-neighbours.js";
import { TypoIndex } from "./typo-index.js";
import { stem } from "./stemmer.js";
import { queryTokens, tokenize } from "./tokenizer.js";
import { isVerb, writers } from "./question.js";
import { zeroRow } from "./zero-row.js";

/** Settings of the keyword engine. */
export interface KeywordSettings extends ExpansionSettings {
  readonly k1: number;
  readonly fields: Readonly<Record<FieldName, FieldWeight>>;
}

/** One ranked document. */
export interface KeywordHit {
  readonly doc: number;
  /** Raw BM25F score. */
  readonly score: number;
  /** Score relative to a full match of the query (0–1, see `ceiling`). */
  readonly normalized: number;
}

/** How one query term contributed to one document. */
export interface TermContribution {
  readonly term: string;
  readonly kind: QueryTerm["kind"];
  readonly from: string;
  readonly weight: number;
  readonly idf: number;
  /** BM25F pseudo term frequency in this document. */
  readonly tf: number;
  readonly contribution: number;
  /** Occurrences of the term per field of this document (filled by explain only). */
  readonly fields: Partial<Record<FieldName, number>>;
}

const READING_SLOT: Readonly<Record<QueryTerm["kind"], number>> = {
  exact: 0,
  typo: 1,
  abbreviation: 2,
  compound: 3,
  semantic: 4,
  synonym: 5,
};
const READING_KINDS = 6;

/** What a tool that changes something keeps of its score for a question ("is CI green on main?"). */
export const QUESTION_WRITER = 0.5;

export class KeywordEngine {
  readonly postings: PostingsIndex;
  private readonly scorer: KeywordScorer;
  private readonly context: QueryContext;
  private typoIndex: TypoIndex | undefined;
  private familyIndex: Families | null | undefined;
  /** Document → 1 when its name says it changes something (question.ts `writes`), read on first question. */
  private writers: Uint8Array | undefined;
  private readonly names: readonly string[];
  /** A word a product glosses another with ("data source (database)"): the gloss's term id → the word's (-1: two). */
  private readonly glosses: Map<number, number>;
  private lastRelevance:
    { readonly text: string; readonly terms: readonly QueryTerm[]; readonly query: RelevanceQuery } | undefined;

  constructor(
    documents: readonly ToolFields[],
    private readonly settings: KeywordSettings,
    arena: WasmArena,
    /** How specific a word is in general English, for relevance (default: every word). */
    private readonly specificity: WordSpecificity = NO_WORD_SPECIFICITY,
    /** Everyday words read as catalog words (`keyword.commonWords`' table; none by default). */
    everyday?: EverydayWords,
  ) {
    // A shorthand after a product's prefix ("gcal") stands for its word unless it is an everyday word itself ("docs").
    const postings = buildPostings(documents, settings.fields, everyday && ((tail) => !everyday.table().has(tail)));
    this.names = documents.map((document) => document.name);
    this.scorer = new KeywordScorer(arena, postings, settings.k1);
    // The postings live in wasm memory from here on; the JS copies are dropped for views on it.
    this.postings = { ...postings, ...this.scorer.postingViews() };
    this.glosses = catalogGlosses(documents, this.postings, () => this.families());
    this.context = {
      index: this.postings,
      typos: () => this.typos(),
      abbreviations: new AbbreviationIndex(this.postings),
      settings,
      specificity,
      ...(everyday !== undefined ? { everyday } : {}),
    };
  }

  /** The typo index, built on first need (it costs more than the postings and many catalogs never need it). */
  typos(): TypoIndex {
    this.typoIndex ??= new TypoIndex(this.postings.surfaces.keys());
    return this.typoIndex;
  }

  /** The catalog's families of tools (`families.ts`), read on first need; undefined when it has fewer than two. */
  families(): Families | undefined {
    if (this.familyIndex === undefined) this.familyIndex = catalogFamilies(this.postings, FIELD_NAMES.length) ?? null;
    return this.familyIndex ?? undefined;
  }

  /** Whether general English has `word` (or its stem) among its common words. */
  private readonly common = (word: string): boolean =>
    Math.min(this.context.specificity(word), this.context.specificity(stem(word))) < 1;

  analyse(query: string, neighbours?: ReadonlyMap<string, readonly Neighbour[]>): QueryTerm[] {
    const tokens = queryTokens(query);
    const terms = analyseQuery(this.context, tokens, neighbours);
    // A word the catalog glosses another with reads as that word too ("db" → database → the data-source tools).
    for (let i = 0, n = this.glosses.size > 0 ? terms.length : 0; i < n; i++) {
      const term = terms[i];
      const head = this.glosses.get(term.termId) ?? -1;
      if (head >= 0 && !terms.some((other) => other.termId === head))
        terms.push({
          ...term,
          termId: head,
          term: this.postings.terms[head],
          weight: term.weight / 2,
          kind: "synonym",
        });
    }
    const families = this.settings.abbreviationWeight > 0 ? this.families() : undefined;
    if (families === undefined) return terms;
    // Without a word list (toolsift/core) any word may end a product's name.
    const known = (word: string) =>
      this.specificity === NO_WORD_SPECIFICITY || this.common(word) || this.postings.termIds.has(stem(word));
    const weight = this.settings.abbreviationWeight;
    const readings = familyReadings(families, this.postings, tokens, terms, weight, this.common, known);
    return readings.length === 0 ? terms : [...terms, ...readings];
  }

  /**
   * `text` and its analysed `terms` read once for `relevance` (its content words and their shares); the last one is
   * kept, so a selection's pinned and companion tools do not read the query again.
   */
  relevanceQuery(text: string, terms: readonly QueryTerm[]): RelevanceQuery {
    const last = this.lastRelevance;
    if (last?.text === text && last.terms === terms) return last.query;
    const query = relevanceQuery(this.postings, text, queryTokens(text), terms, this.specificity);
    this.lastRelevance = { text, terms, query };
    return query;
  }

  /** How well `doc` answers a query: the share of its content words the tool matches (see relevance.ts). */
  relevance(query: RelevanceQuery, doc: number): { relevance: number; match: WordMatch[] } {
    return keywordRelevance(this.postings, query, doc);
  }

  /** Query words the catalog lacks (candidates for word-vector expansion). */
  unknownWords(query: string): string[] {
    return unknownWords(this.postings, query);
  }

  /**
   * The score of a full match: every query word found once in the tool's name and once in its
   * description (at average field lengths), each word counted once through its best reading (the
   * exact term, or its typo match, or its whole abbreviation phrase). Scores are divided by it and
   * capped at 1.
   */
  private ceiling(terms: readonly QueryTerm[]): number {
    const { k1, fields } = this.settings;
    const reference = fields.name.weight + fields.description.weight;
    const factor = reference > 0 ? (reference * (k1 + 1)) / (reference + k1) : k1 + 1;
    // Per query word, the best of its readings; a typo, everyday or word-vector reading is its best candidate, an
    // abbreviation or compound reading the sum of its words.
    let words = 0;
    for (const term of terms) if (term.word >= words) words = term.word + 1;
    const readings = zeroRow(words * READING_KINDS);
    for (const term of terms) {
      const slot = term.word * READING_KINDS + READING_SLOT[term.kind];
      const value = term.weight * this.postings.idf[term.termId] * factor;
      readings[slot] =
        term.kind === "typo" || term.kind === "semantic" || term.kind === "synonym"
          ? Math.max(readings[slot], value)
          : readings[slot] + value;
    }
    let total = 0;
    for (let word = 0; word < words; word++) {
      let best = 0;
      for (let kind = 0; kind < READING_KINDS; kind++) best = Math.max(best, readings[word * READING_KINDS + kind]);
      total += best;
    }
    return total;
  }

  /**
   * Ranks documents: at most `k` with a score above 0, best first, ties in catalog order.
   * `excluded` documents (pinned tools) are left out of the ranking.
   */
  search(terms: readonly QueryTerm[], k: number, excluded: readonly number[] = [], question = false): KeywordHit[] {
    if (terms.length === 0 || k <= 0) return [];
    const scores = this.scorer.score(terms);
    for (const doc of excluded) scores[doc] = 0;
    // A question reads: the tools that change something come after the ones that read (question.ts).
    if (question) {
      const flags = this.writerFlags();
      for (let doc = 0; doc < flags.length; doc++) if (flags[doc] === 1) scores[doc] *= QUESTION_WRITER;
    }
    // A request that names a product ("pull up zendesk 4411") is about that product's tools first (families.ts).
    const families = this.families();
    if (families !== undefined) focusOnNamedFamilies(families, terms, scores, this.common);
    const ceiling = this.ceiling(terms);
    const count = this.scorer.top(k, 0);
    const { topIds: ids, topScores } = this.scorer;
    const hits: KeywordHit[] = new Array(count);
    for (let i = 0; i < count; i++)
      hits[i] = { doc: ids[i], score: topScores[i], normalized: ceiling > 0 ? Math.min(1, topScores[i] / ceiling) : 0 };
    return hits;
  }

  /** Whether a document's name says it changes something (question.ts `writers`): a question ranks it lower. */
  writes(doc: number): boolean {
    return this.writerFlags()[doc] === 1;
  }

  /** Which documents' names say they change something (question.ts `writers`), read on the first question. */
  writerFlags(): Uint8Array {
    this.writers ??= writers(this.names.map((name) => tokenize(name)));
    return this.writers;
  }

  /**
   * Per-term contributions of the query terms to one document (TypeScript, for the few returned
   * documents). `withFields` adds per-field occurrence counts, for explain.
   */
  contributions(terms: readonly QueryTerm[], doc: number, withFields = false): TermContribution[] {
    const out: TermContribution[] = [];
    const k1 = this.settings.k1;
    for (const term of terms) {
      const posting = findPosting(this.postings, term.termId, doc);
      if (posting < 0) continue;
      const tf = this.postings.tfs[posting];
      const idf = this.postings.idf[term.termId];
      const fields = withFields ? fieldCounts(this.postings, term.termId, doc) : {};
      out.push({
        term: term.term,
        kind: term.kind,
        from: term.from,
        weight: term.weight,
        idf,
        tf,
        contribution: (term.weight * idf * tf * (k1 + 1)) / (tf + k1),
        fields,
      });
    }
    return out;
  }
}

/**
 * Words a product glosses in its prose ("Identifier for a Notion data source (database)"): a lower-case word in
 * brackets after a word, both words of the names of the product's tools and of no other product's (a product: the
 * prose's tool's family, `families.ts`, or the whole catalog where it has none), neither an action word ("archive
 * (delete)"), and a gloss of one word only. By the gloss's term id → the glossed word's: a request's
 * "database" (or "db") reads as "source" at half its weight, so the data-source tools meet it.
 */
function catalogGlosses(
  documents: readonly ToolFields[],
  postings: PostingsIndex,
  families: () => Families | undefined,
): Map<number, number> {
  const { termIds, sequence, fieldStarts, terms } = postings;
  const heads = new Map<number, number>();
  // Tool, glossed word's term, gloss's term: two catalog terms, no action words (a word glossing itself reads as
  // itself: `analyse` adds no term twice).
  const found: number[][] = [];
  documents.forEach((document, d) => {
    for (const text of [document.description, document.parameterDescriptions])
      if (text.includes(" ("))
        for (const [, word, gloss] of text.matchAll(/\b([a-z]{3,}) \(([a-z]{3,})\)/g)) {
          const head = termIds.get(stem(word));
          const id = termIds.get(stem(gloss));
          if (head !== undefined && id !== undefined && !isVerb(terms[head]) && !isVerb(terms[id]))
            found.push([d, head, id]);
        }
  });
  if (found.length === 0) return heads;
  // Each tool's product family (-1: none; one product, undefined, where the catalog has no families), and the
  // families whose names hold each term found (a name: its first field in `sequence`).
  const products: ArrayLike<number> = families()?.of ?? [];
  const fields = FIELD_NAMES.length;
  const namedBy = new Map<number, Set<number>>();
  for (const [, head, id] of found) namedBy.set(head, new Set()).set(id, new Set());
  for (let d = 0; d < documents.length; d++)
    for (let at = fieldStarts[d * fields]; at < fieldStarts[d * fields + 1]; at++)
      namedBy.get(sequence[at])?.add(products[d]);
  for (const [d, head, id] of found) {
    // Named by this product's tools, and by no other product's: "ticket (issue)" says nothing of another's tickets.
    const owned = (term: number) => namedBy.get(term)!.size === 1 && namedBy.get(term)!.has(products[d]);
    // A word glossing two words glosses neither (-1); in a catalog of families, a tool of none is no product's.
    if (products[d] !== -1 && owned(head) && owned(id)) heads.set(id, (heads.get(id) ?? head) === head ? head : -1);
  }
  return heads;
}
