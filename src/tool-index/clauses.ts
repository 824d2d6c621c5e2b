// A request of several tasks ("roll back checkout, then resolve the incident", "pull the signups and post them in
// #growth"): in an agent loop each task's best tool is offered beside the whole request's ranking, which a request's
// first task or its named product tends to fill.

import { ACTION_WORDS } from "../core/action-words.js";
import type { Families } from "../core/families.js";
import { asksQuestion } from "../core/question.js";
import type { BuiltIndex } from "./built-index.js";

/** Words that join two tasks in a request whatever follows them ("…, then resolve it", "…; post it"). */
const SEQUENCE = /\s*(?:[;\n]|,?\s+(?:and\s+then|then|after\s+that|afterwards|and\s+also)\s+)\s*/iu;

/**
 * Verbs that begin a task after "and" ("… and post the numbers"), beyond the action words of tool names: general
 * English imperatives of work. After any other word "and" joins nouns ("Raj and I", "merge and rebase").
 */
const TASK_VERBS = new Set([
  ...ACTION_WORDS,
  "tell",
  "let",
  "ping",
  "notify",
  "email",
  "message",
  "mail",
  "text",
  "dm",
  "drop",
  "mark",
  "attach",
  "resolve",
  "restart",
  "comment",
  "remind",
  "page",
  "log",
  "file",
  "record",
  "note",
  "archive",
  "link",
  "tag",
  "label",
  "publish",
  "deploy",
  "summarize",
  "summarise",
  "grab",
  "pull",
  "push",
  "ask",
  "forward",
  "approve",
  "reject",
  "refund",
  "pay",
  "bill",
  "charge",
]);

/** Most tasks read from one request: a long request is prose, not a list of tasks. */
const MAX_CLAUSES = 4;
/** A clause shorter than this (in characters) is a fragment, not a task ("ok", "pls"). */
const MIN_CLAUSE = 8;
/**
 * How far down each task's ranking its look-up is looked for: "refund INV-2041" ranks the refund first, then three
 * Jira tools that take a key, then the invoice (the everyday SaaS catalog).
 */
const CLAUSE_CANDIDATES = 5;

/** Whether two tools are of one product family (`stripe_refund`, `stripe_get_invoice`). */
function sameFamily(families: Families | undefined, a: number, b: number): boolean {
  return families !== undefined && families.of[a] >= 0 && families.of[a] === families.of[b];
}

/**
 * The tasks of a request: its parts joined by "then", ";" or a new line, and by "and" before a verb of work ("pull
 * the signups and post them"). One part, or none, when it names a single task.
 */
export function requestClauses(text: string): string[] {
  const parts: string[] = [];
  for (const part of text.split(SEQUENCE)) {
    // "and" before a task verb starts a new task; before any other word it stays inside this one.
    let clause = "";
    for (const segment of part.split(/\s+and\s+/iu)) {
      const verb = segment.match(/^[\p{L}']+/u)?.[0].toLowerCase();
      if (clause.length > 0 && verb !== undefined && TASK_VERBS.has(verb)) {
        parts.push(clause);
        clause = segment;
      } else clause = clause.length > 0 ? `${clause} and ${segment}` : segment;
    }
    parts.push(clause);
  }
  const clauses = parts.map((part) => part.trim()).filter((part) => part.length >= MIN_CLAUSE);
  return clauses.length >= 2 && clauses.length <= MAX_CLAUSES ? clauses : [];
}

/**
 * Whether `text` is one question alone (`asksQuestion`): one line and one task. A query read from a conversation puts
 * the assistant's words or an earlier message on a line before the request, and "is it closed? then post it in #eng"
 * is two tasks, each read on its own (`clauseTools`).
 */
export function asksOneQuestion(text: string): boolean {
  return !text.includes("\n") && asksQuestion(text) && requestClauses(text).length === 0;
}

/**
 * Each clause's best keyword-ranked tool that reaches `minRelevance` on its own, and the best-ranked other of its
 * product among the clause's CLAUSE_CANDIDATES best that does: a task often needs a look-up beside its action ("refund
 * INV-2041": the invoice and the refund; with the refund alone the scripted model stopped at the first step). Not in
 * `taken` nor `excluded`, clause order kept; keyword evidence only (no embedding call per clause).
 */
export function clauseTools(
  index: BuiltIndex,
  clauses: readonly string[],
  minRelevance: number,
  taken: ReadonlySet<string>,
  excluded: readonly number[],
): string[] {
  if (!index.hasKeywordIndex) return [];
  const found: string[] = [];
  const { engine } = index;
  const families = engine.families();
  for (const clause of clauses) {
    const terms = engine.analyse(clause);
    if (terms.length === 0) continue;
    const query = engine.relevanceQuery(clause, terms);
    // In rank order, the first tool that reaches minRelevance is the task's, the next of its product that does its
    // look-up; relevance is read only for the tools that could be either.
    let task = -1;
    for (const { doc } of engine.search(terms, CLAUSE_CANDIDATES, excluded, asksQuestion(clause))) {
      if (task >= 0 && !sameFamily(families, task, doc)) continue;
      if (engine.relevance(query, doc).relevance < minRelevance) continue;
      const name = index.docTools[doc].name;
      if (!taken.has(name) && !found.includes(name)) found.push(name);
      if (task >= 0 || families === undefined || families.of[doc] < 0) break;
      task = doc;
    }
  }
  return found;
}

/**
 * The `most` best keyword-ranked tools for `text` that reach `minRelevance`, not in `taken` nor `excluded`: what the
 * assistant asked, for a reply that agrees to it ("Should I ack the page and add a note?" names two actions, of any
 * product). Keyword evidence only (no embedding call).
 */
export function bestKeywordTools(
  index: BuiltIndex,
  text: string,
  most: number,
  minRelevance: number,
  taken: ReadonlySet<string>,
  excluded: readonly number[],
): string[] {
  if (!index.hasKeywordIndex) return [];
  const { engine } = index;
  const terms = engine.analyse(text);
  if (terms.length === 0) return [];
  const query = engine.relevanceQuery(text, terms);
  // The question and the reply on two lines are no question of one line: a proposal's writer ("Should I send it?")
  // keeps its score.
  return engine
    .search(terms, most, excluded, asksOneQuestion(text))
    .filter(({ doc }) => engine.relevance(query, doc).relevance >= minRelevance)
    .map(({ doc }) => index.docTools[doc].name)
    .filter((name) => !taken.has(name));
}
