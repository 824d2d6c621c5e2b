// Links read from the catalog itself, before anything is learnt: a required parameter that another tool's name
// says it produces (`get_stock_info(symbol)` ← `get_symbol_by_name`, `message_login(user_id)` ← `get_user_id`).
// A name says so when the parameter's words follow a getter verb in it (`get_user_id`, `github__get_user_id`,
// `GetUserId`); `league_stats.get_top_scorer` is no producer of a league, nor are `round_number` or
// `mutation_type.find` of a type.

import type { CatalogTool } from "../core/catalog.js";
import { ACTION_WORDS } from "../core/action-words.js";
import { stem } from "../core/stemmer.js";
import { terms, tokenize, trimEdgePunctuation, type Token } from "../core/tokenizer.js";

/** Producer links of a catalog: what each tool needs first, and what may follow each tool. */
export interface CatalogLinks {
  /** Tool → the tools that produce one of its required parameters. */
  readonly prerequisites: ReadonlyMap<string, readonly string[]>;
  /** Tool → the tools that need what it produces (the reverse of `prerequisites`). */
  readonly followUps: ReadonlyMap<string, readonly string[]>;
  /**
   * Tool → the search or list tools of its product that find what one of its required identifiers names
   * (`gcal_delete_event(event_id)` ← `gcal_list_events`, `API-patch-page(page_id)` ← `API-post-search`): offered
   * only when the request holds no value to fill it (`holdsValue`), since users name things, not ids.
   */
  readonly lookups: ReadonlyMap<string, readonly string[]>;
  /** Tool → how many identifiers it requires (`event_id`, `issue_number`): a request may give fewer than it needs. */
  readonly identifiers: ReadonlyMap<string, number>;
  /**
   * Tool → its product's finders, each with the nouns of its name, for an identifier of whatever the product holds
   * (`entity_id`, `object_id`) when the product has more than two: the request's nouns say which one finds it ("star
   * the Checkout Revamp project" → `getProjects` for `addToFavorites(entityId)`; `findersNamed`).
   */
  readonly genericLookups: ReadonlyMap<string, readonly GenericFinder[]>;
}

/** A finder of a product, and the nouns of its name (`linear_getProjects` → project). */
export interface GenericFinder {
  readonly name: string;
  readonly nouns: readonly string[];
}

/**
 * The finders of `tool`'s generic identifier whose names' nouns all are words of `query` ("the Checkout Revamp
 * project" → `getProjects`, not `getProjectMembers`), when one or two are.
 */
export function findersNamed(links: CatalogLinks, tool: string, query: string): string[] {
  const finders = links.genericLookups.get(tool);
  if (finders === undefined) return [];
  const words = new Set(terms(query));
  const named = finders.filter((finder) => finder.nouns.every((noun) => words.has(noun)));
  return named.length <= MAX_PRODUCERS ? named.map((finder) => finder.name) : [];
}

/**
 * How many values a request holds that a tool could take as identifiers, one per word: a run of three or more letters
 * and digits with a digit ("10811", "U0G9QF3C6"), a key such as "PROJ-77" or "#342", or a URL. An email address is
 * whom to send or share to, not the id of the file or event it names ("share the Q3 deck w/ lena@globex.com"); a
 * time, date, amount or duration is when or how much, not which ("push my 3pm to 4", "new opp: 40k", "book 30min"),
 * and so is a year after a word such as "the" or "in" ("trash the old 2023 budget page"; "ticket 2023" is an id).
 */
export function heldValues(text: string): number {
  let count = 0;
  let previous = "";
  for (const word of text.replace(EMAIL, " ").split(/\s+/)) {
    const bare = trimEdgePunctuation(word);
    // Only a value is read further: when or how much it says.
    if (VALUE.test(word) && !NOT_IDENTIFIER.test(bare) && !(YEAR.test(bare) && YEAR_BEFORE.has(previous.toLowerCase())))
      count++;
    if (bare.length > 0) previous = bare;
  }
  return count;
}

// Values that say when or how much: a time or a span of them ("3pm", "10:30am", "9am-5pm", "3-4pm", "14:00"), a date
// ("2026-11-30", "2026/11/30", "11/30/2026", "11-30-2026"), a span of years ("2023-2024"), a fiscal year or quarter
// ("FY2024", "Q3-2025"), an amount written as one ("$2,400", "40k", "1.5M", "3x", "25%", "12,000"), a duration or an
// ordinal ("30min", "2h", "3rd"). A bare number ("10811") may be an id.
const NOT_IDENTIFIER =
  /^(?:\d\d?(?::\d\d)?(?:[ap]m)?-\d\d?(?::\d\d)?[ap]m|\d\d?(?::\d\d)?[ap]m(?:-\d\d?(?::\d\d)?)?|\d\d?:\d\d|\d{4}[-/]\d\d?(?:[-/]\d\d?)?|\d\d?[-/.]\d\d?(?:[-/.]\d{2,4})?|(?:19|20)\d\d-(?:19|20)?\d\d|(?:fy|q[1-4]-?)(?:19|20)?\d\d|[$€£¥]\d[\d,.]*[kmb]?|\d[\d,.]*(?:k|m|bn|x|%)|\d{1,3}(?:,\d{3})+|\d+(?:mins?|h|hrs?|d|days|wks?|sec|st|nd|rd|th))$/i;
// A recent year, and the words after which a number of that form is one ("the old 2023 budget", "in 2024", "since
// 2019"; "the 2048 ticket" is an id).
const YEAR = /^(?:199\d|20[0-3]\d)s?$/;
const YEAR_BEFORE = new Set("the this last next old new in of for since from by before after until during".split(" "));

const VALUE = /(?=[\p{L}\p{N}]*\p{N})[\p{L}\p{N}]{3,}|\p{L}-\p{N}|#\p{N}|:\/\//u;
const EMAIL = /[^\s@]+@[^\s@]+\.[\p{L}]{2,}/gu;

// The verbs of a tool that finds things by what users call them: a list or a search, not a get by id.
const FINDERS = new Set(["search", "list", "find", "lookup", "query", "browse"]);

// The last word of a parameter that holds an identifier (`event_id`, `issue_number`, `page_ids`).
const IDENTIFIERS = new Set(["id", "ids", "uuid", "key", "number", "gid", "slug", "handle"]);

// Nouns an identifier parameter uses for whatever a product holds (`object_id`): general API usage.
const GENERIC_NOUNS = new Set(["object", "record", "item", "entity", "resource", "target"].map(stem));
const isGeneric = (term: string) => GENERIC_NOUNS.has(term);

/** Whether a parameter holds an identifier: its last word says so (`event_id`, `page_ids`, `issue_number`). */
function isIdentifier(parameter: string): boolean {
  const words = tokenize(parameter).filter((token) => !token.stop);
  return words.length > 0 && IDENTIFIERS.has(words[words.length - 1].surface);
}

// Leading words that name an API rather than act (`API-patch-page`): a product for lookups, though no family.
const API_PREFIXES = new Set(["api", "mcp", "tool"]);

/**
 * A tool's product: the leading word of its name (`gcal_list_events` → gcal, `API-move-page` → api) unless that word
 * is an action.
 */
function productOf(tokens: readonly Token[]): string | undefined {
  if (tokens.length < 2) return undefined;
  const lead = tokens[0].surface;
  return (ACTION_WORDS.has(lead) && !API_PREFIXES.has(lead)) || FINDERS.has(lead) ? undefined : lead;
}

/**
 * `lookups` of `catalogLinks`: for each required identifier parameter (its last word an identifier, `event_id`), the
 * finder tools (a search or list verb in the name) of the tool's product that do not require it themselves. Those
 * whose names hold the identifier's noun (`list_channels` for `channel_id`) come first; when none does, the product's
 * general search (a finder name with no noun: `gmail_search`, `API-post-search`). One or two such tools make a
 * link; more say nothing. Tools without a product (`create_issue`, `find`) are the catalog's unprefixed group, which
 * has no general search: a topic catalog's `find` (files) is no finder of tickets or orders.
 */
function lookupLinks(
  tools: readonly CatalogTool[],
  needs: readonly Set<string>[],
): { lookups: Map<string, string[]>; generic: Map<string, GenericFinder[]> } {
  const names = tools.map((tool) => tokenize(tool.server?.toolName ?? tool.name).filter((token) => !token.stop));
  const products = tools.map((tool, position) => tool.server?.name ?? productOf(names[position]));
  const finders = names.map(
    (tokens) => tokens.some((token) => FINDERS.has(token.surface)) || tokens.some(listsByGetter),
  );
  const nouns = names.map(
    (tokens, position) =>
      new Set(
        tokens
          .filter((token) => !ACTION_WORDS.has(token.surface) && !FINDERS.has(token.surface))
          .filter((token) => token.surface !== products[position])
          .map((token) => token.term),
      ),
  );
  const lookups = new Map<string, string[]>();
  const generic = new Map<string, GenericFinder[]>();
  tools.forEach((tool, position) => {
    for (const parameter of needs[position]) {
      if (!isIdentifier(parameter)) continue;
      const words = tokenize(parameter).filter((token) => !token.stop);
      const noun = words.slice(0, -1).map((token) => token.term);
      const candidates = tools
        .map((_, candidate) => candidate)
        .filter(
          (candidate) =>
            candidate !== position &&
            finders[candidate] &&
            products[candidate] === products[position] &&
            !needs[candidate].has(parameter),
        );
      let found = candidates.filter((candidate) => noun.length > 0 && noun.every((word) => nouns[candidate].has(word)));
      if (found.length === 0 && products[position] !== undefined)
        found = candidates.filter((candidate) => nouns[candidate].size === 0);
      // The id of whatever the product holds (`object_id`, `record_id`), which no finder names and no general search
      // finds: the product's finders, when one or two.
      if (found.length === 0 && products[position] !== undefined && noun.length > 0 && noun.every(isGeneric)) {
        found = candidates;
        // More than two: the request's nouns choose among those whose names have nouns (`findersNamed`).
        if (found.length > MAX_PRODUCERS) {
          const named = found.filter((candidate) => nouns[candidate].size > 0);
          generic.set(
            tool.name,
            named.map((candidate) => ({ name: tools[candidate].name, nouns: [...nouns[candidate]] })),
          );
        }
      }
      if (found.length === 0 || found.length > MAX_PRODUCERS) continue;
      for (const candidate of found) push(lookups, tool.name, tools[candidate].name);
    }
  });
  return { lookups, generic };
}

// Getters that read as lists when a plural noun follows them (`getTeams`, `fetch_users`).
const PLURAL_GETTERS = new Set(["get", "fetch", "retrieve"]);

/** Whether a name's token is a plural noun right after a getter verb (`getTeams`, `fetch_users`): a list. */
function listsByGetter(token: Token, at: number, tokens: readonly Token[]): boolean {
  const { surface, term } = token;
  return (
    at > 0 &&
    PLURAL_GETTERS.has(tokens[at - 1].surface) &&
    (surface === `${term}s` || surface === `${term}es`) &&
    !ACTION_WORDS.has(surface)
  );
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
 * The terms of a tool's name after its first getter verb and before a "by" (`get_symbol_by_name` → symbol: the name
 * is what it takes; `getProjectById` gets a project from its id, no id from anything; `GETUserID`, `getHTTPServer`
 * as the tokenizer splits them), or none when it has none (`round_number`; `mutation_type.find` has nothing after
 * it). An MCP tool is read by its name on its server, so a server named "search" is no getter.
 */
function getterTerms(tool: CatalogTool): Set<string> {
  const tokens = tokenize(tool.server?.toolName ?? tool.name);
  const verb = tokens.findIndex((token) => GETTERS.has(token.surface));
  if (verb < 0) return new Set();
  const by = tokens.findIndex((token, at) => at > verb && token.surface === "by");
  return new Set(
    tokens
      .slice(verb + 1, by < 0 ? undefined : by)
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
  const identifiers = new Map<string, number>();
  tools.forEach((tool, position) => {
    const count = [...needs[position]].filter(isIdentifier).length;
    if (count > 0) identifiers.set(tool.name, count);
  });
  const { lookups, generic } = lookupLinks(tools, needs);
  return { prerequisites, followUps, lookups, identifiers, genericLookups: generic };
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}
