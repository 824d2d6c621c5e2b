// Links read from the catalog itself, before anything is learnt: a required parameter that another tool's name
// says it produces (`get_stock_info(symbol)` ← `get_symbol_by_name`, `message_login(user_id)` ← `get_user_id`).
// A name says so when its last segment starts with a getter verb and holds the parameter's words (`get_user_id`);
// `league_stats.get_top_scorer` is no producer of a league's name, nor are `round_number` or `mutation_type.find`.

import type { CatalogTool } from "../core/catalog.js";
import { terms } from "../core/tokenizer.js";

/** Producer links of a catalog: what each tool needs first, and what may follow each tool. */
export interface CatalogLinks {
  /** Tool → the tools that produce one of its required parameters. */
  readonly prerequisites: ReadonlyMap<string, readonly string[]>;
  /** Tool → the tools that need what it produces (the reverse of `prerequisites`). */
  readonly followUps: ReadonlyMap<string, readonly string[]>;
}

// A parameter that more tools' names could produce is too generic to say which one comes first ("name", "id").
const MAX_PRODUCERS = 2;

// The verbs a producing name starts with.
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
 * The stemmed words of a name that says it gets something: its last segment starts with a getter verb
 * (`get_symbol_by_name` → get, symbol, name); none for another name (`round_number`, `league_stats.top_scorer`).
 */
function getterTerms(name: string): Set<string> {
  const segment = name.split(/[./:]/).at(-1) ?? "";
  const first = /^[A-Za-z][a-z]*/.exec(segment)?.[0]?.toLowerCase() ?? "";
  return GETTERS.has(first) ? new Set(terms(segment)) : new Set();
}

function requiredParameters(schema: unknown): string[] {
  const required = (schema as { required?: unknown } | undefined)?.required;
  return Array.isArray(required) ? required.filter((name): name is string => typeof name === "string") : [];
}

/**
 * For each tool's required parameter, the tools whose names say they get it (a getter verb first, then every word of
 * the parameter, stemmed: `user_id` ← `get_user_id`; see `getterTerms`) and that do not require it themselves: they
 * are read as producing it. Parameters with no producer, or more than two, make no link.
 */
export function catalogLinks(catalog: readonly CatalogTool[]): CatalogLinks {
  const tools = catalog.filter((tool) => !tool.provider);
  const nameTerms = tools.map((tool) => getterTerms(tool.name));
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
