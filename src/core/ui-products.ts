// Which tools of a catalog are a UI's (a browser's, a phone's): where the everyday table's UI readings ("toggle" →
// click) are read. Only the word list (tool-index/everyday-words.ts) brings this module: toolsift/core without it
// ships none of it.

import type { PostingsIndex } from "./bm25f.js";
import type { EverydayWords, UiTerms } from "./everyday-readings.js";
import { FIELD_NAMES } from "./fields.js";
import { phraseWords } from "./shorthand.js";

/** The fewest of the UI readings a product's tool names hold for it to be read as a UI's (click, navigate, type). */
const UI_PRODUCT_WORDS = 5;

const found = new WeakMap<PostingsIndex, UiTerms>();

/**
 * The catalog's tool names by product (a name's first word, past a word every name has; the server's for an MCP
 * tool): `names`, the name terms of the products whose names hold at least UI_PRODUCT_WORDS of the table's UI
 * readings (a browser's click, navigate, type, press, fill…; a database's url, key and type are no UI's), where those
 * readings are read; `other`, the name terms of the other products' names.
 */
export function uiProducts(index: PostingsIndex, everyday: EverydayWords): UiTerms {
  let terms = found.get(index);
  if (terms !== undefined) return terms;
  const readings = new Set<number>();
  for (const list of everyday.fallback().values())
    for (const reading of list) for (const word of phraseWords(reading)) readings.add(index.termIds.get(word) ?? -1);
  const products = new Map<number, Set<number>>();
  const fields = FIELD_NAMES.length;
  // A leading word every tool's name has, with more words after it in every name, names no product ("mcp" of
  // `mcp__playwright__browser_click`): the word after it does. (`browser_click` and `browser_type` stay `browser`'s.)
  const at = (d: number, k: number) => {
    const start = index.fieldStarts[d * fields] + k;
    return start < index.fieldStarts[d * fields + 1] - 1 ? index.sequence[start] : -1;
  };
  const docs = [...Array(index.docCount).keys()];
  let skip = 0;
  while (docs.length > 1 && docs.every((d) => at(d, skip) === at(0, skip) && at(d, skip + 1) >= 0)) skip++;
  const lead = (d: number) => at(d, skip);
  for (let d = 0; d < index.docCount; d++) {
    const start = index.fieldStarts[d * fields];
    const end = index.fieldStarts[d * fields + 1];
    const product = lead(d);
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
