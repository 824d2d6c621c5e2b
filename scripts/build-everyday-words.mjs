// Builds src/tool-index/everyday-words.ts from bench/everyday/lexicon/everyday-words.json and domain-words.json:
// everyday verbs and nouns users type ("ditch", "pull up", "bug") and workplace, developer and SaaS words → the words
// catalogs name the same things with (delete, get, issue). Both tables were written blind (from general knowledge, by
// helper sessions that never read toolsift's code or benchmark data); this script only merges a word's verb and noun
// readings, leaves out the domain entries that share a word with their writer's prompt, and packs them into one string.
//
//   node scripts/build-everyday-words.mjs [--in file.json] [--domain file.json | --domain ""] [--idioms file.json]
//                                         [--ui file.json] [--out file.ts]
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    in: { type: "string", default: "bench/everyday/lexicon/everyday-words.json" },
    out: { type: "string", default: "src/tool-index/everyday-words.ts" },
    domain: { type: "string", default: "" },
    shorthand: { type: "string", default: "bench/everyday/lexicon/shorthand-2.json" },
    idioms: { type: "string", default: "" },
    ui: { type: "string", default: "bench/everyday/lexicon/ui-words.json" },
  },
});
const table = JSON.parse(readFileSync(values.in, "utf8"));
const merged = new Map();
// A key as the tokenizer reads a request: an apostrophe or a hyphen splits a word ("what's" → what s, "catch-up" →
// catch up), so a key written with one would never match.
const asRead = (key) => key.replace(/['-]/g, " ").replace(/\s+/g, " ").trim();
const add = (part, keep = () => true) => {
  for (const [written, readings] of Object.entries(part)) {
    const key = asRead(written);
    if (!keep(key)) continue;
    const list = merged.get(key) ?? [];
    for (const reading of readings) if (reading !== key && !list.includes(reading)) list.push(reading);
    merged.set(key, list);
  }
};
for (const part of [table.verbs, table.nouns]) add(part);
// The second table (workplace, developer and SaaS words), written blind as well; its entries whose key shares a word
// with the prompt its writer was given are left out (domain-words-prompt.txt says why).
let left = 0;
if (values.domain !== "") {
  const domain = JSON.parse(readFileSync(values.domain, "utf8"));
  const promptFile = values.domain.replace(/\.json$/, "-prompt.txt");
  const promptWords = new Set(
    readFileSync(promptFile, "utf8")
      .split("\n")
      .filter((line) => !line.startsWith("#"))
      .join(" ")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 1),
  );
  const fromPrompt = (key) =>
    key.split(/[ -]/).some((word) => promptWords.has(word) || promptWords.has(word.replace(/s$/, "")));
  for (const part of [domain.verbs, domain.nouns])
    add(part, (key) => {
      if (merged.has(key)) return false;
      if (fromPrompt(key)) left++;
      return !fromPrompt(key);
    });
}
// Work-chat shorthand ("pw" → password, "tix" → tickets), written blind as well: a word the tables above lack.
if (values.shorthand !== "") {
  const { _about: _, ...shorthand } = JSON.parse(readFileSync(values.shorthand, "utf8"));
  add(shorthand, (key) => !merged.has(key));
}
// Idioms and question forms of work requests ("what's on my plate" → task, event), written blind as well, where the
// tables above lack the key.
if (values.idioms !== "") {
  const { _about: _, ...idioms } = JSON.parse(readFileSync(values.idioms, "utf8"));
  add(idioms, (key) => !merged.has(key));
}
// Everyday words for operating a UI ("tap", "hit", "scroll down", "esc") → UI-automation API words (click, press,
// scroll, key), written blind as well: a word the tables above lack.
// Where they have the key, its UI readings are kept apart: read only where none of the key's readings above meets a
// tool's name ("toggle" → set in a catalog of browser tools: check, click).
const fallback = new Map();
if (values.ui !== "") {
  const { _about: _, ...ui } = JSON.parse(readFileSync(values.ui, "utf8"));
  for (const [written, readings] of Object.entries(ui)) {
    const key = asRead(written);
    const known = merged.get(key);
    if (known === undefined) continue;
    const more = readings.filter((reading) => reading !== key && !known.includes(reading));
    if (more.length > 0) fallback.set(key, more);
  }
  add(ui, (key) => !merged.has(key));
}
for (const [key, readings] of merged) {
  if (!/^[a-z][a-z ]*$/.test(key) || readings.some((reading) => !/^[a-z][a-z -]*$/.test(reading)))
    throw new Error(`${values.in}: "${key}" → ${JSON.stringify(readings)}: lower-case words and spaces only`);
  if (readings.length === 0) merged.delete(key);
}
const packed = [...merged]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([key, readings]) => `${key}=${readings.join(",")}${fallback.has(key) ? `|${fallback.get(key).join(",")}` : ""}`)
  .join(";");
const sources = [values.in, values.domain, values.shorthand, values.idioms, values.ui]
  .filter((file) => file !== "")
  .join(", ");
const lines = [
  "// Generated by scripts/build-everyday-words.mjs from",
  ...sources.split(", ").map((source, at, all) => `// ${source}${at < all.length - 1 ? "," : ""}`),
  "// (written blind, from general knowledge of English and of API naming). Do not edit. Part of ENGLISH_COMMON_WORDS",
  "// (`keyword.commonWords`): the root's default, and data toolsift/core's user passes (bundled only then).",
  "",
  'import { everydayWordsFrom } from "../core/everyday-readings.js";',
  'import { uiProducts } from "../core/ui-products.js";',
  "",
  `/** ${merged.size} everyday words and phrases → the catalog words for the same thing. */`,
  "export const EVERYDAY_WORDS = /* @__PURE__ */ everydayWordsFrom(",
  `  ${JSON.stringify(packed)},`,
  "  uiProducts,",
  ");",
  "",
];
writeFileSync(values.out, lines.join("\n"));
console.log(`${values.out}: ${merged.size} words, ${packed.length} characters (${left} domain entries left out)`);
