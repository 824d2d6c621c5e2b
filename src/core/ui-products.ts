// Which tools of a catalog are a UI's (a browser's, a phone's): where the everyday table's UI readings ("toggle" →
// click) are read. Only the word list (tool-index/everyday-words.ts) brings this module: toolsift/core without it
// ships none of it.

import type { PostingsIndex } from "./bm25f.js";
import type { EverydayWords, UiTerms } from "./everyday-readings.js";
import { FIELD_NAMES } from "./fields.js";
import { phraseWords } from "./shorthand.js";

/** The fewest of the UI readings a product's tool names hold for it to be read as a UI's (click, navigate, type). */
const UI_PRODUCT_WORDS = 3;

const found = new WeakMap<PostingsIndex, UiTerms>();

/**
 * The catalog's tool names by product (a name's first word, the server's for an MCP tool): `names`, the name terms of
 * the products whose names hold at least UI_PRODUCT_WORDS of the table's UI readings (click, navigate, type,
 * press…), where those readings are read; `other`, the name terms of the other products' names. A storage product's
 * `generate_presigned_url` is no UI's: "host the site" reads no url there.
 */
export function uiProducts(index: PostingsIndex, everyday: EverydayWords): UiTerms {
  let terms = found.get(index);
  if (terms !== undefined) return terms;
  const readings = new Set<number>();
  for (const list of everyday.fallback().values())
    for (const reading of list) for (const word of phraseWords(reading)) readings.add(index.termIds.get(word) ?? -1);
  const products = new Map<number, Set<number>>();
  const fields = FIELD_NAMES.length;
  for (let d = 0; d < index.docCount; d++) {
    const start = index.fieldStarts[d * fields];
    const end = index.fieldStarts[d * fields + 1];
    const product = end - start > 1 ? index.sequence[start] : -1;
    const names = products.get(product) ?? new Set<number>();
    for (let i = start; i < end; i++) names.add(index.sequence[i]);
    products.set(product, names);
  }
  const ui = new Set<number>();
  const other = new Set<number>();
  for (const names of products.values()) {
    let held = 0;
    for (const term of names) if (readings.has(term)) held++;
    for (const term of names) (held >= UI_PRODUCT_WORDS ? ui : other).add(term);
  }
  terms = { names: ui, other };
  found.set(index, terms);
  return terms;
}
