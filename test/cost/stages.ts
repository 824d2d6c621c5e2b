// Every stage that reads catalog or query text, each with an input that doubles: the cost checks' one shared spec
// (counted work in test/cost/ and test/workerd/, wall-clock inside workerd in bench/cost/).
import { AbbreviationIndex } from "../../src/core/abbreviations.js";
import { buildPostings, splitIntoKnownWords } from "../../src/core/bm25f.js";
import { CATALOG_LIMIT_MAXIMUMS } from "../../src/core/catalog-limits.js";
import { DEFAULT_FIELD_WEIGHTS, type ToolFields } from "../../src/core/fields.js";
import { collectSchemaText } from "../../src/core/schema-text.js";
import { stem } from "../../src/core/stemmer.js";
import { forEachToken } from "../../src/core/tokenizer.js";
import { TypoIndex } from "../../src/core/typo-index.js";
import { createToolIndex, type ToolIndex } from "../../src/index.js";
import { embeddingText } from "../../src/semantic/embedding-text.js";
import { saasCatalog } from "../api/saas-catalog.js";
import { letters, letterStream, wordText, words } from "./text.js";

/** One measured call: returns when the stage's work is done. */
export type CostRun = () => unknown;

/** A stage and how its input grows. */
export interface CostStage {
  readonly name: string;
  /** Input sizes, each double the one before (characters, unless the name says otherwise). */
  readonly sizes: readonly number[];
  /** Builds the input of one run, outside what is measured; another `seed` gives words no cache has seen. */
  prepare(size: number, seed: number): CostRun | Promise<CostRun>;
}

/** Catalog text: 10k → 20k → 40k characters. */
export const CATALOG_SIZES = [10_000, 20_000, 40_000] as const;
/** Query text: up to the 2,000 characters `select` reads (MAX_QUERY_LENGTH). */
export const QUERY_SIZES = [500, 1_000, 2_000] as const;

const raised = { catalog: { limits: CATALOG_LIMIT_MAXIMUMS } };

function fieldsOf(text: Partial<ToolFields>): ToolFields {
  return { name: "", description: "", parameterNames: "", parameterDescriptions: "", enumValues: "", ...text };
}

/** Letters with a capital every few characters: one long camelCase identifier ("abcDefgHij..."). */
function camelCase(length: number, seed: number): string {
  const next = letterStream(seed + 7);
  const codes = new TextEncoder().encode(letters(length, seed));
  for (let i = 0; i < length; i++) if (next() < "f") codes[i] -= 32;
  return new TextDecoder().decode(codes);
}

/** Words with accented and folded letters (the non-ASCII path: NFKD, marks, special folds). */
function accented(length: number, seed: number): string {
  return wordText(length, seed).replace(/a/g, "á").replace(/o/g, "ø").replace(/s/g, "ß").replace(/e/g, "Æ");
}

function object(properties: Record<string, unknown>): Record<string, unknown> {
  return { type: "object", properties };
}

/** A schema with one nested object per 40 characters (10k → 250 levels, 40k → 1,000, the deepest allowed). */
function nested(size: number, seed: number): Record<string, unknown> {
  const names = words(size, seed, 6, 6);
  let node: Record<string, unknown> = { type: "string", description: names[0] };
  for (let level = 0; level < Math.floor(size / 40); level++) node = object({ [names[level % names.length]]: node });
  return node;
}

/** A schema of about `size` characters of text: properties with descriptions and a few enum values each. */
function wideSchema(size: number, seed: number): Record<string, unknown> {
  const parts = words(size, seed, 4, 9);
  const properties: Record<string, unknown> = {};
  for (let i = 0; i + 5 < parts.length; i += 6) {
    properties[`${parts[i]}_${i}`] = {
      type: "string",
      description: `${parts[i + 1]} ${parts[i + 2]} ${parts[i + 3]}`,
      enum: [parts[i + 4], parts[i + 5]],
    };
  }
  return object(properties);
}

function buildStage(name: string, catalog: (size: number, seed: number) => unknown[]): CostStage {
  return {
    name,
    sizes: CATALOG_SIZES,
    prepare(size, seed) {
      const tools = catalog(size, seed);
      return () => createToolIndex(tools as Parameters<typeof createToolIndex>[0], raised).warmUp();
    },
  };
}

const SEND = { name: "send_email", description: "Send an email to a recipient." };

/** The saas catalog, indexed and warmed once (typo index included): queries are measured, not the build. */
let queryIndex: Promise<ToolIndex<string>> | undefined;
function warmQueryIndex(): Promise<ToolIndex<string>> {
  queryIndex ??= (async () => {
    const index = createToolIndex(saasCatalog);
    await index.warmUp();
    await index.select("sned an emial to the custmer");
    return index as ToolIndex<string>;
  })();
  return queryIndex;
}

function queryStage(name: string, query: (size: number, seed: number) => string): CostStage {
  return {
    name,
    sizes: QUERY_SIZES,
    async prepare(size, seed) {
      const index = await warmQueryIndex();
      const text = query(size, seed).slice(0, size);
      return () => index.select(text);
    },
  };
}

const TYPOS = ["sned", "emial", "custmer", "refnud", "paymnet", "isssue", "repositry", "brnach", "calender", "evnet"];

export const COST_STAGES: readonly CostStage[] = [
  // The tokenizer: one word, one identifier, accented text, plain words.
  { name: "tokenizer: one word", sizes: CATALOG_SIZES, prepare: (n, s) => tokenizes(letters(n, s)) },
  { name: "tokenizer: camelCase identifier", sizes: CATALOG_SIZES, prepare: (n, s) => tokenizes(camelCase(n, s)) },
  { name: "tokenizer: accented words", sizes: CATALOG_SIZES, prepare: (n, s) => tokenizes(accented(n, s)) },
  { name: "tokenizer: words", sizes: CATALOG_SIZES, prepare: (n, s) => tokenizes(wordText(n, s)) },
  // The stemmer on one long word, through each suffix rule that slices.
  {
    name: "stemmer: one word",
    sizes: CATALOG_SIZES,
    prepare: (n, s) => {
      const stems = ["ations", "ing", "ies", "ed", "ers"].map((suffix) => letters(n - suffix.length, s) + suffix);
      return () => stems.map(stem);
    },
  },
  // Compound splitting: one long word against its own halves, and a text of closed compounds.
  {
    name: "compound split: one word",
    sizes: CATALOG_SIZES,
    prepare: (n, s) => {
      const word = letters(n, s);
      const known = new Map([word.slice(0, n / 2), word.slice(n / 2), word].map((part, id) => [part, id]));
      return () => splitIntoKnownWords(known, word);
    },
  },
  {
    name: "compound split: closed compounds in a catalog",
    sizes: CATALOG_SIZES,
    prepare: (n, s) => {
      const parts = words(n / 3, s, 4, 8);
      const compounds = parts.slice(1).map((part, i) => parts[i] + part);
      const fields = fieldsOf({ description: `${parts.join(" ")} ${compounds.join(" ")}`.slice(0, n) });
      return () => buildPostings([fields], DEFAULT_FIELD_WEIGHTS);
    },
  },
  // The typo index: a vocabulary, one long word in it, a long word looked up.
  {
    name: "typo index: vocabulary",
    sizes: CATALOG_SIZES,
    prepare: (n, s) => {
      const vocabulary = words(n, s, 3, 34);
      return () => new TypoIndex(vocabulary);
    },
  },
  {
    name: "typo index: one long word",
    sizes: CATALOG_SIZES,
    prepare: (n, s) => {
      const word = letters(n, s);
      return () => new TypoIndex([word, "send", "email"]).lookup(word);
    },
  },
  // Abbreviation tables over the postings of a large text (numeronyms, initialisms, acronyms).
  {
    name: "abbreviation tables",
    sizes: CATALOG_SIZES,
    prepare: (n, s) => {
      const postings = buildPostings([fieldsOf({ description: wordText(n, s), name: "PR SMS k8s" })], {
        ...DEFAULT_FIELD_WEIGHTS,
      });
      return () => {
        const abbreviations = new AbbreviationIndex(postings);
        return [
          abbreviations.acronymKeys(),
          abbreviations.numeronymMatches("k8s"),
          abbreviations.phrasesFor("pr"),
          abbreviations.phrasesFor("abcd"),
        ];
      };
    },
  },
  // The schema walk: a long property name, a long description, an enum list, many properties, deep nesting, $refs.
  schemaStage("schema walk: one property name", (n, s) => object({ [letters(n, s)]: { type: "string" } })),
  schemaStage("schema walk: one description", (n, s) => ({ type: "object", description: wordText(n, s) })),
  schemaStage("schema walk: enum list", (n, s) => object({ kind: { enum: words(n, s, 4, 10) } })),
  schemaStage("schema walk: properties", (n, s) => wideSchema(n, s)),
  schemaStage("schema walk: nesting", (n, s) => nested(n, s)),
  schemaStage("schema walk: $refs", (n, s) => {
    const names = words(n / 2, s, 4, 8);
    const $defs: Record<string, unknown> = {};
    const properties: Record<string, unknown> = {};
    names.forEach((name, i) => {
      $defs[`${name}${i}`] = { type: "string", description: name };
      properties[`p${i}`] = { $ref: `#/$defs/${name}${i}` };
    });
    return { type: "object", $defs, properties };
  }),
  // What is embedded for a tool.
  {
    name: "embedding text",
    sizes: CATALOG_SIZES,
    prepare: (n, s) => {
      const text = wordText(n, s);
      const fields = fieldsOf({
        name: camelCase(n, s),
        description: text,
        parameterNames: wordText(n, s + 1, "_"),
        parameterDescriptions: text.replace(/ /g, "  \n"),
      });
      return () => embeddingText(fields);
    },
  },
  // The whole build (createToolIndex + warmUp: catalog, schema walk, postings, wasm scorer, typo index).
  buildStage("build: one tool name", (n, s) => [{ name: letters(n, s), description: "A tool." }, SEND]),
  buildStage("build: one description", (n, s) => [{ name: "a_tool", description: wordText(n, s) }, SEND]),
  buildStage("build: enum list", (n, s) => [
    { name: "pick", description: "Pick one.", inputSchema: object({ kind: { enum: words(n, s, 4, 10) } }) },
    SEND,
  ]),
  buildStage("build: schema", (n, s) => [{ name: "fill", description: "Fill a form.", inputSchema: wideSchema(n, s) }]),
  buildStage("build: many tools", manyTools),
  {
    // The catalog grows, the query stays: select's work may grow with the postings it reads, no faster.
    name: "query: the same query over more tools",
    sizes: CATALOG_SIZES,
    async prepare(size, seed) {
      const tools = manyTools(size, seed);
      const index = createToolIndex(tools, raised);
      await index.warmUp();
      const text = tools
        .slice(0, 3)
        .map((tool) => tool.description)
        .join(" ");
      return () => index.select(text);
    },
  },
  // The query path, on a warmed index.
  queryStage("query: one word", (n, s) => letters(n, s)),
  queryStage("query: one-letter words", (n, s) =>
    letters(n / 2, s)
      .split("")
      .join(" "),
  ),
  queryStage("query: repeated typos", (n) => {
    let text = "";
    for (let i = 0; text.length < n; i++) text += `${TYPOS[i % TYPOS.length]} `;
    return text;
  }),
  queryStage("query: unknown words", (n, s) => wordText(n, s)),
  queryStage("query: initialisms and acronyms", (n) => "pr sms PR pull request k8s ".repeat(Math.ceil(n / 27))),
  // Exact names (src/tool-index/exact-names.ts): every catalog name spelt out, and a select: list of them.
  queryStage("query: tool names spelt out", (n) =>
    repeatTo(
      n,
      " ",
      saasCatalog.map((tool) => tool.name),
    ),
  ),
  queryStage(
    "query: a select: list",
    (n) =>
      `select:${repeatTo(
        n,
        ",",
        saasCatalog.map((tool) => tool.name),
      )}`,
  ),
];

/** `parts` joined by `separator` over and over until the text is `length` characters long. */
function repeatTo(length: number, separator: string, parts: readonly string[]): string {
  let text = "";
  for (let i = 0; text.length < length; i++) text += `${parts[i % parts.length]}${separator}`;
  return text;
}

/** Tools of 6 words each (2 in the name, 4 in the description), `size` characters of words in all. */
function manyTools(size: number, seed: number): { name: string; description: string }[] {
  const parts = words(size, seed, 4, 10);
  const tools = [];
  for (let i = 0; i + 5 < parts.length; i += 6) {
    tools.push({ name: `${parts[i]}_${parts[i + 1]}_${i}`, description: parts.slice(i + 2, i + 6).join(" ") });
  }
  return tools;
}

function tokenizes(text: string): CostRun {
  return () => {
    let count = 0;
    forEachToken(text, () => count++);
    return count;
  };
}

function schemaStage(name: string, schema: (size: number, seed: number) => unknown): CostStage {
  return {
    name,
    sizes: CATALOG_SIZES,
    prepare(size, seed) {
      const input = schema(size, seed);
      return () => collectSchemaText(input, "tool", CATALOG_LIMIT_MAXIMUMS);
    },
  };
}
