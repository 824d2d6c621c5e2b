// The text the embedding model reads for a query: the query plus the catalog words its typos were read as.

import type { QueryTerm } from "../core/query.js";

/**
 * The query text, plus the catalog words its typos were read as ("sned an emial" + "send email"), so a
 * misspelt word is not lost to the semantic side. Only for models that say which words they know (the
 * local model): a word it knows is no typo to it, and API models read typos themselves.
 */
export function withCorrections(
  text: string,
  terms: readonly QueryTerm[],
  knowsWord: ((word: string) => boolean | undefined) | undefined,
): string {
  if (knowsWord === undefined) return text;
  const corrections = new Map<number, string>();
  for (const term of terms) {
    if (term.correction === undefined || knowsWord(term.from) !== false) continue;
    if (!corrections.has(term.word)) corrections.set(term.word, term.correction);
  }
  return corrections.size === 0 ? text : `${text}\n${[...corrections.values()].join(" ")}`;
}
