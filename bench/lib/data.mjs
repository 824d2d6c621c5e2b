// Loads the bench data: the BFCL sets in ../shared/bench-data/ (next to the repo, not committed) and the paraphrase set
// the tests share (test/fixtures/paraphrase/, committed), and turns tools into the inputs each library takes.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { jsonSchema, tool } from "ai";

/** `name` in ../shared/bench-data/ next to the repo, or the path in env `variable` when it is set. */
export function sharedDataFile(name, variable) {
  const given = process.env[variable];
  return given ? resolve(given) : new URL(`../../../shared/bench-data/${name}`, import.meta.url);
}

/** How a report names a data file: relative to the repo when it is the default one, else as given. */
export function describeDataFile(location, name) {
  return location instanceof URL ? `../shared/bench-data/${name}` : location;
}

/** Where the BFCL tool-selection set is read from: env TOOLSIFT_BENCH_DATA, else ../shared/bench-data/bfcl-dev.json. */
export const dataLocation = sharedDataFile("bfcl-dev.json", "TOOLSIFT_BENCH_DATA");

const PARAPHRASE_SET = new URL("../../test/fixtures/paraphrase/", import.meta.url);

/** The paraphrase set (test/fixtures/paraphrase/, shared with the tests): `{ catalog, queries }`, new each call. */
export function loadParaphraseSet() {
  const read = (file) => JSON.parse(readFileSync(new URL(file, PARAPHRASE_SET), "utf8"));
  return { catalog: read("catalog.json"), queries: read("queries.json") };
}

// BFCL writes Python type names; the AI SDK expects JSON Schema ones.
const TYPE_NAMES = { dict: "object", float: "number", tuple: "array" };

/**
 * Returns a deep copy of a BFCL parameter schema in plain JSON Schema:
 * "dict" -> "object", "float" -> "number", "tuple" -> "array", "any" -> no type.
 * Only string values of a `type` key are rewritten, so a property named "type" is left alone.
 */
export function normaliseSchema(schema) {
  if (Array.isArray(schema)) return schema.map(normaliseSchema);
  if (schema === null || typeof schema !== "object") return schema;
  const copy = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "type" && typeof value === "string") {
      if (value === "any") continue;
      copy.type = TYPE_NAMES[value] ?? value;
    } else {
      copy[key] = normaliseSchema(value);
    }
  }
  return copy;
}

let cached;

/**
 * Reads the data set once; parameter schemas come back normalised (see normaliseSchema).
 * @returns {{ tools: {name: string, description: string, parameters: object}[],
 *             queries: {query: string, expected: string[], type: string}[] }}
 */
export function loadBfcl() {
  if (cached) return cached;
  const raw = JSON.parse(readFileSync(dataLocation, "utf8"));
  const tools = raw.tools.map((t) => ({
    name: t.name,
    description: t.description,
    parameters: normaliseSchema(t.parameters),
  }));
  const names = new Set(tools.map((t) => t.name));
  for (const q of raw.queries) {
    for (const expected of q.expected) {
      if (!names.has(expected)) throw new Error(`bench data: query expects unknown tool "${expected}"`);
    }
  }
  cached = { tools, queries: raw.queries };
  return cached;
}

/** Builds an AI SDK ToolSet (what toolpick takes) from `{ name, description, parameters }` tools. */
export function toToolSet(tools) {
  const toolSet = {};
  for (const t of tools) {
    toolSet[t.name] = tool({ description: t.description, inputSchema: jsonSchema(t.parameters) });
  }
  return toolSet;
}

/** Where the irrelevance set is read from: env TOOLSIFT_IRRELEVANCE_DATA, else the shared irrelevance-dev.json. */
export const irrelevanceLocation = sharedDataFile("irrelevance-dev.json", "TOOLSIFT_IRRELEVANCE_DATA");

/**
 * BFCL's live_irrelevance requests, each with the functions it was offered (schemas normalised), and those functions
 * pooled into one catalog (deduplicated by name, the first definition kept): `{ items, pooled }`.
 */
export function loadIrrelevance() {
  const raw = JSON.parse(readFileSync(irrelevanceLocation, "utf8"));
  const items = raw.items.map((item) => ({
    id: item.id,
    query: item.query,
    tools: item.tools.map((t) => ({
      name: t.name,
      description: t.description,
      parameters: normaliseSchema(t.parameters),
    })),
  }));
  const pooled = new Map();
  for (const item of items) for (const t of item.tools) if (!pooled.has(t.name)) pooled.set(t.name, t);
  return { items, pooled: [...pooled.values()] };
}

const IRRELEVANCE_SET = new URL("../../test/fixtures/irrelevance/", import.meta.url);

/**
 * The off-topic sets written for issue 19 (test/fixtures/irrelevance/): `chitChat` (greetings, thanks, questions about
 * the assistant), `saasCatalog` (30 SaaS tools) and `offTopic` (math and trivia questions none of them answers).
 */
export function loadOffTopicSets() {
  const read = (file) => JSON.parse(readFileSync(new URL(file, IRRELEVANCE_SET), "utf8"));
  return {
    chitChat: read("chit-chat.json").turns,
    saasCatalog: read("saas-catalog.json"),
    offTopic: read("off-topic-questions.json").queries,
  };
}

/**
 * `index.prepareStep(options)`, toolsift's with `stableTools: false`: the per-step selection these benches measure
 * (the default keeps a stable set for the cache, which bench/session-cost.mjs measures). A peer's index as it is.
 */
export function perStepPrepareStep(index, options = {}) {
  const toolsift = typeof index.inConversation === "function";
  return index.prepareStep(toolsift ? { ...options, stableTools: false } : options);
}
