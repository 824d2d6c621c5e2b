// Checks the paraphrase set (catalog.json + queries.json) against its rules; see README.md.
//
//   import { checkParaphraseSet } from "./check.mjs";
//   const violations = checkParaphraseSet(catalog, queries, tokenize); // [] when the set is valid
//
// Run alone (needs dist/, built by `npm run build` or `npx tsc -p tsconfig.build.json`):
//
//   node bench/paraphrase/check.mjs
//
// Exits 1 and lists the violations when there are any.

import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Most queries one tool may be the expected answer of. */
export const MAX_QUERIES_PER_TOOL = 3;
/** Query length bounds, in words (whitespace-separated). */
export const MIN_QUERY_WORDS = 2;
export const MAX_QUERY_WORDS = 15;
/** Parameter count bounds per tool. */
export const MIN_PARAMETERS = 1;
export const MAX_PARAMETERS = 4;

const TOOL_NAME = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/;

/** The non-stop analysed terms of a text, as toolsift's tokenizer sees them. */
export function contentTerms(text, tokenize) {
  const out = new Set();
  for (const token of tokenize(text)) if (!token.stop) out.add(token.term);
  return out;
}

/** The text the overlap rule compares a query against: the tool's name and description. */
export function toolText(tool) {
  return `${tool.name} ${tool.description}`;
}

/** The text of a tool's parameters (names and descriptions): overlap here is allowed, only reported. */
export function parameterText(tool) {
  const properties = tool.parameters?.properties ?? {};
  return Object.entries(properties)
    .map(([name, schema]) => `${name} ${schema?.description ?? ""}`)
    .join(" ");
}

const normalise = (query) =>
  query
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * Returns every rule the set breaks, as `{ kind, message }` objects (an empty array when the set is valid).
 *
 * Kinds: "catalog" (malformed tool), "duplicate-tool", "query" (malformed query), "missing-tool" (expected or
 * alternative not in the catalog), "duplicate-query", "overlap" (the query shares a non-stop term with its expected
 * tool's name or description), "per-tool-cap" (more than MAX_QUERIES_PER_TOOL queries expect one tool).
 */
export function checkParaphraseSet(catalog, queries, tokenize) {
  const violations = [];
  const report = (kind, message) => violations.push({ kind, message });

  if (!Array.isArray(catalog)) return [{ kind: "catalog", message: "catalog is not an array" }];
  if (!Array.isArray(queries)) return [{ kind: "query", message: "queries is not an array" }];

  const tools = new Map();
  for (const [i, tool] of catalog.entries()) {
    const where = `catalog[${i}]${typeof tool?.name === "string" ? ` (${tool.name})` : ""}`;
    if (typeof tool?.name !== "string" || !TOOL_NAME.test(tool.name)) {
      report("catalog", `${where}: name must be a snake_case string`);
      continue;
    }
    if (tools.has(tool.name)) report("duplicate-tool", `${where}: duplicate tool name "${tool.name}"`);
    else tools.set(tool.name, tool);
    if (typeof tool.description !== "string" || tool.description.trim().length === 0) {
      report("catalog", `${where}: description must be a non-empty string`);
    }
    const parameters = tool.parameters;
    if (parameters?.type !== "object" || typeof parameters.properties !== "object" || parameters.properties === null) {
      report("catalog", `${where}: parameters must be a JSON Schema object with properties`);
      continue;
    }
    const names = Object.keys(parameters.properties);
    if (names.length < MIN_PARAMETERS || names.length > MAX_PARAMETERS) {
      report("catalog", `${where}: has ${names.length} parameters, expected ${MIN_PARAMETERS}-${MAX_PARAMETERS}`);
    }
    for (const name of names) {
      const description = parameters.properties[name]?.description;
      if (typeof description !== "string" || description.trim().length === 0) {
        report("catalog", `${where}: parameter "${name}" has no description`);
      }
    }
    for (const name of parameters.required ?? []) {
      if (!names.includes(name)) report("catalog", `${where}: required parameter "${name}" is not a property`);
    }
  }

  const seen = new Map();
  const perTool = new Map();
  const termsByTool = new Map();
  for (const [i, entry] of queries.entries()) {
    const query = entry?.query;
    const where = `queries[${i}]${typeof query === "string" ? ` "${query}"` : ""}`;
    if (typeof query !== "string" || query.trim().length === 0) {
      report("query", `${where}: query must be a non-empty string`);
      continue;
    }
    const words = query.trim().split(/\s+/).length;
    if (words < MIN_QUERY_WORDS || words > MAX_QUERY_WORDS) {
      report("query", `${where}: ${words} words, expected ${MIN_QUERY_WORDS}-${MAX_QUERY_WORDS}`);
    }
    const key = normalise(query);
    if (seen.has(key)) report("duplicate-query", `${where}: duplicates queries[${seen.get(key)}]`);
    else seen.set(key, i);

    const expected = entry.expected;
    const tool = tools.get(expected);
    if (tool === undefined) {
      report("missing-tool", `${where}: expected tool "${expected}" is not in the catalog`);
    } else {
      perTool.set(expected, (perTool.get(expected) ?? 0) + 1);
      if (!termsByTool.has(expected)) termsByTool.set(expected, contentTerms(toolText(tool), tokenize));
      const toolTerms = termsByTool.get(expected);
      const shared = [...contentTerms(query, tokenize)].filter((term) => toolTerms.has(term));
      if (shared.length > 0) {
        report(
          "overlap",
          `${where}: shares ${shared.map((t) => `"${t}"`).join(", ")} with ${expected}'s name or description`,
        );
      }
    }
    if (entry.alternatives !== undefined) {
      if (!Array.isArray(entry.alternatives)) {
        report("query", `${where}: alternatives must be an array`);
      } else {
        for (const alternative of entry.alternatives) {
          if (!tools.has(alternative))
            report("missing-tool", `${where}: alternative "${alternative}" is not in the catalog`);
          if (alternative === expected)
            report("query", `${where}: alternative "${alternative}" repeats the expected tool`);
        }
      }
    }
  }

  for (const [name, count] of perTool) {
    if (count > MAX_QUERIES_PER_TOOL)
      report("per-tool-cap", `${name}: expected by ${count} queries, at most ${MAX_QUERIES_PER_TOOL}`);
  }
  return violations;
}

/** Queries that share a term with their expected tool's parameter text: allowed, but worth knowing. */
export function parameterOverlaps(catalog, queries, tokenize) {
  const tools = new Map(catalog.map((tool) => [tool.name, tool]));
  const out = [];
  for (const { query, expected } of queries) {
    const tool = tools.get(expected);
    if (tool === undefined) continue;
    const parameterTerms = contentTerms(parameterText(tool), tokenize);
    const shared = [...contentTerms(query, tokenize)].filter((term) => parameterTerms.has(term));
    if (shared.length > 0) out.push({ query, expected, shared });
  }
  return out;
}

async function main() {
  const here = new URL(".", import.meta.url);
  let tokenize;
  try {
    ({ tokenize } = await import("../../dist/core/tokenizer.js"));
  } catch (error) {
    console.error(
      "Cannot load dist/core/tokenizer.js; build first (npm run build, or npx tsc -p tsconfig.build.json).",
    );
    throw error;
  }
  const catalog = JSON.parse(await readFile(new URL("catalog.json", here), "utf8"));
  const queries = JSON.parse(await readFile(new URL("queries.json", here), "utf8"));
  const violations = checkParaphraseSet(catalog, queries, tokenize);
  const covered = new Set(queries.map((q) => q.expected));
  const uncovered = catalog.map((t) => t.name).filter((name) => !covered.has(name));
  const parameterShared = parameterOverlaps(catalog, queries, tokenize);
  console.log(`${catalog.length} tools, ${queries.length} queries, ${covered.size} tools expected by some query`);
  if (uncovered.length > 0) console.log(`tools no query expects: ${uncovered.join(", ")}`);
  console.log(`queries sharing a term with their tool's parameters (allowed): ${parameterShared.length}`);
  for (const { query, expected, shared } of parameterShared)
    console.log(`  "${query}" → ${expected}: ${shared.join(", ")}`);
  if (violations.length === 0) {
    console.log("no violations");
    return;
  }
  console.log(`${violations.length} violation(s):`);
  for (const { kind, message } of violations) console.log(`  [${kind}] ${message}`);
  process.exitCode = 1;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await main();
