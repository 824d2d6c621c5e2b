// A request asked as a question reads: "is CI green on main?", "what's on my plate tomorrow", "how many vacation days
// do I have left" ask to see something, so the tools that read (get, list, search, a status) answer them before the
// tools that change something (create, delete, trigger, close). Word lists from general API usage.

import { ACTION_WORDS } from "./action-words.js";
import { stem } from "./stemmer.js";
import type { Token } from "./tokenizer.js";

/** Words that open a question ("what's", "who", "anything new…"). */
const OPENERS = new Set(
  "what whats how hows who whos whose where wheres when which why any anything anyone anybody".split(" "),
);
/** Words that open a yes/no question ("is CI green", "are the builds done"): no request for an action starts so. */
const BE = new Set("is are was were".split(" "));
/** Words that open a yes/no question when a subject or a name follows ("did Raj reply", "has Globex paid"). */
const AUXILIARIES = new Set("does did has".split(" "));
/** Words that open one only when a pronoun follows ("do we get…"; "do the deploy", "have Bob review it" ask). */
const COMMANDING = new Set("do have".split(" "));
/** What follows an auxiliary in a question: its subject ("do we", "did the"; "has Globex" is read by its capital). */
const SUBJECTS = new Set(
  "i we you they it he she there the my our your their this that these those anyone anything someone any".split(" "),
);
/** Personal pronouns: after a question word they open a clause ("when you post it, …"), not a question. */
const PERSONAL = new Set("i you u we they he she".split(" "));
/** The assistant addressed: "are you able to…" asks it to act. */
const YOU = new Set(["you", "u"]);
/** A word of a request as this module reads it: letters and digits ("what's" is what, s). */
const WORD = /[\p{L}\p{N}]+/gu;
/** The most lead-in words read before a request's question word. */
const OPENING = 8;
/** Words a request may start with before its question ("ok so what's…", "hey, is…", "and who…"). */
const LEAD_IN = new Set("ok okay so and also hey hi btw quick q um uh oh wait then now but".split(" "));

/**
 * Whether a request is a question: after lead-in words ("ok so"), it opens with a question word ("what", "how many",
 * "anything"), with "is", "are", "was" or "were" ("is CI green on main?"), with "did", "does" or "has" and a subject or
 * a name ("did Raj reply", "has Globex paid"), or with "do" or "have" and a pronoun ("do we get…"). "can you …",
 * "are you able to …", "is it possible to …", "any chance you …" ask for an action; "when you post it, …" is a clause;
 * a question mark alone does not make one ("and staging?").
 */
export function asksQuestion(text: string): boolean {
  // The first words only, as plain words ("what's" → what, s): a request is read on every select, and most are no
  // question, so this reads no more of it than its opening.
  const words: string[] = [];
  const lower: string[] = [];
  // One pattern for every call, read from the text's start: the loop below stops before the end.
  WORD.lastIndex = 0;
  // Lead-in words, then the three words read after them.
  let at = 0;
  for (let match = WORD.exec(text); match !== null && words.length < at + 3; match = WORD.exec(text)) {
    words.push(match[0]);
    lower.push(match[0].toLowerCase());
    if (at === words.length - 1 && at < OPENING && LEAD_IN.has(lower[at])) at++;
  }
  const first = lower[at];
  if (first === undefined) return false;
  const next = lower[at + 1];
  // "when you post the tweet, add …", "what I need is …": a clause, not a question; "any chance you could…" asks.
  if (OPENERS.has(first)) return next === undefined || !(PERSONAL.has(next) || (first === "any" && next === "chance"));
  if (next === undefined) return false;
  // "are you able to…", "is it possible to…" ask for an action.
  if (BE.has(first)) return !YOU.has(next) && !(next === "it" && lower[at + 2] === "possible");
  if (COMMANDING.has(first)) return PERSONAL.has(next);
  return AUXILIARIES.has(first) && (SUBJECTS.has(next) || /^\p{Lu}/u.test(words[at + 1]));
}

/** Verbs of tools that read (`get_`, `search`): a name with one is no writer (`API-post-search`; not `set_status`). */
const READS = new Set(
  "get list search find fetch read query check show view lookup look retrieve load download describe browse".split(" "),
);
/** Action words that neither read nor change anything for sure ("open" an issue or a page). */
const NEITHER = new Set("is has can do api tool mcp open calculate convert".split(" "));
/**
 * Action words of tool names that change something: the action words that do not read (`create`, `close`, `send`),
 * and these. General API verbs.
 */
const WRITES = new Set([
  ...[...ACTION_WORDS].filter((word) => !READS.has(word) && !NEITHER.has(word)),
  ...(
    "trigger fork rollback revert toggle archive approve reject submit refund mute restart scale deploy resolve " +
    "complete mark comment publish enable disable install transfer reopen import clear purge drop destroy insert " +
    "modify subscribe unsubscribe pin star lock block charge pay void tag label grant revoke suspend reset sync " +
    "restore apply rerun retry launch"
  ).split(" "),
]);

/** A writing verb, or one undone ("unlock", "unpin", "unmute": what undoes a change changes something too). */
const writes = (word: string): boolean => WRITES.has(word) || (word.startsWith("un") && WRITES.has(word.slice(2)));

let verbTerms: Set<string> | undefined;
/** Whether a catalog term (a stem: "creat") is an action word of tool names that reads or changes something. */
export const isVerb = (term: string): boolean => (verbTerms ??= new Set([...READS, ...WRITES].map(stem))).has(term);

/** Leading name words that name an API, not the tool's action (`API-patch-page`). */
const API_WORDS = new Set(["api", "mcp", "tool"]);

/**
 * Which tools of a catalog change something, by name (`names`: each tool's name tokens): a tool's action, its name's
 * first word after a product prefix (`gh_close_issue`, `pd_trigger_incident`, `browser_close`, `create_issue`,
 * `API-patch-page`, `set_status`), is a writing verb, and no word of its name is a reading verb (`API-post-search`).
 * A prefix is a leading word two tools or more share that is no general action word such as get or create (`deploy_`
 * of `deploy_status`, `deploy_rollback` is one). A word later in a name is as often a noun (`musical_scale`,
 * `entropy_change`), so a name without a prefix is read by its first word only.
 */
export function writers(names: readonly (readonly Token[])[]): Uint8Array {
  const leading = new Map<string, number>();
  for (const name of names) if (name.length > 1) leading.set(name[0].surface, (leading.get(name[0].surface) ?? 0) + 1);
  const verb = (word: string) => READS.has(word) || ACTION_WORDS.has(word);
  return Uint8Array.from(names, (name) => {
    let at = name.length > 1 && (leading.get(name[0].surface) ?? 0) >= 2 && !verb(name[0].surface) ? 1 : 0;
    // An API's word, or the product's name again after a server's namespace (`linear__linear_createIssue`).
    while (
      at < name.length - 1 &&
      (API_WORDS.has(name[at].surface) || (at > 0 && name[at].surface === name[0].surface))
    )
      at++;
    const action = name[at];
    return action !== undefined && writes(action.surface) && !name.some((token) => READS.has(token.surface)) ? 1 : 0;
  });
}
