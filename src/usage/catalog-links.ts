// Links read from the catalog itself, before anything is learnt: a required parameter that another tool's name
// says it produces (`get_stock_info(symbol)` ← `get_symbol_by_name`, `message_login(user_id)` ← `get_user_id`).
// A name says so when the parameter's words follow a getter verb in it (`get_user_id`, `github__get_user_id`,
// `GetUserId`); `league_stats.get_top_scorer` is no producer of a league, nor are `round_number` or
// `mutation_type.find` of a type.

import type { CatalogTool } from "../core/catalog.js";
import { terms, tokenize } from "../core/tokenizer.js";

/** Producer links of a catalog: what each tool needs first, and what may follow each tool. */
export interface CatalogLinks {
  /** Tool → the tools that produce one of its required parameters. */
  readonly prerequisites: ReadonlyMap<string, readonly string[]>;
  /** Tool → the tools that need what it produces (the reverse of `prerequisites`). */
  readonly followUps: ReadonlyMap<string, readonly string[]>;
}

// A parameter that more tools' names could produce is too generic to say which one comes first ("name", "id").
const MAX_PRODUCERS = 2;

// The verbs after which a name says what it produces.
const GETTERS = new Set([
  "get",
  "fetch",
  "find",
  "lookup",
  "look",
  "retrieve",
  "search",
  "list",
  "read",
  "query",
  "resolve",
  "load",
  "obtain",
]);

/**
 * The terms of a tool's name after its first getter verb (`get_symbol_by_name` → symbol, name; `GETUserID`,
 * `getHTTPServer` as the tokenizer splits them), or none when it has none (`round_number`; `mutation_type.find` has
 * nothing after it). An MCP tool is read by its name on its server, so a server named "search" is no getter.
 */
function getterTerms(tool: CatalogTool): Set<string> {
  const tokens = tokenize(tool.server?.toolName ?? tool.name);
  const verb = tokens.findIndex((token) => GETTERS.has(token.surface));
  if (verb < 0) return new Set();
  return new Set(
    tokens
      .slice(verb + 1)
      .filter((token) => !token.stop)
      .map((token) => token.term),
  );
}

function requiredParameters(schema: unknown): string[] {
  const required = (schema as { required?: unknown } | undefined)?.required;
  return Array.isArray(required) ? required.filter((name): name is string => typeof name === "string") : [];
}

/**
 * For each tool's required parameter, the tools whose names say they get it (every word of the parameter after a
 * getter verb, stemmed: `user_id` ← `get_user_id`; see `getterTerms`) and that do not require it themselves: they
 * are read as producing it. Parameters with no producer, or more than two, make no link.
 */
export function catalogLinks(catalog: readonly CatalogTool[]): CatalogLinks {
  const tools = catalog.filter((tool) => !tool.provider);
  const nameTerms = tools.map(getterTerms);
  const needs = tools.map((tool) => new Set(requiredParameters(tool.schema)));
  const prerequisites = new Map<string, string[]>();
  const followUps = new Map<string, string[]>();
  tools.forEach((tool, position) => {
    for (const parameter of needs[position]) {
      const words = terms(parameter);
      if (words.length === 0) continue;
      const producers: string[] = [];
      tools.forEach((other, candidate) => {
        if (candidate === position || needs[candidate].has(parameter)) return;
        if (words.every((word) => nameTerms[candidate].has(word))) producers.push(other.name);
      });
      if (producers.length === 0 || producers.length > MAX_PRODUCERS) continue;
      for (const producer of producers) {
        push(prerequisites, tool.name, producer);
        push(followUps, producer, tool.name);
      }
    }
  });
  return { prerequisites, followUps };
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}
