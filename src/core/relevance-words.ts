// The words of a query that carry little or no intent for relevance: values (quoted text, identifiers, paths) and
// conversational phrases.

import { CONVERSATIONAL_PHRASES, CONVERSATIONAL_WORDS } from "./stop-words.js";
import { queryTokens, tokenize, type Token } from "./tokenizer.js";

// Quoted text ('final_report.pdf', "Q3 budget") and words joined by _ . / : @ - or holding digits are values the
// user gives a tool (file names, ids, addresses), not what they ask for.
const QUOTED = /'[^'\n]{1,200}'|"[^"\n]{1,200}"|`[^`\n]{1,200}`|[‘“][^’”\n]{1,200}[’”]/g;
// A match starts where a run of letters and digits does (none can start inside a run where one failed at its start):
// the look-behind says so, and spares the scan a retry at each letter of every word (half its time on long requests).
const IDENTIFIER = /(?<![\p{L}\p{N}])(?:[\p{L}\p{N}]+(?:[_./:@\\-][\p{L}\p{N}]+)+|[\p{L}]*\p{N}[\p{L}\p{N}]*)/gu;

/** The words of `text` that are values: inside quotes, or part of an identifier, path or address. */
export function valueWords(text: string): Set<string> {
  const values = new Set<string>();
  if (!mayHoldValues(text)) return values;
  const add = (part: string): void => {
    for (const token of tokenize(part)) values.add(token.surface);
  };
  for (const match of text.matchAll(QUOTED)) add(match[0]);
  for (const match of text.matchAll(IDENTIFIER)) add(match[0]);
  return values;
}

/**
 * False when neither pattern can match: ASCII text without digits, quotes or the joiners _ . / : @ \\ - (the
 * regex scans below are the cost of most queries otherwise).
 */
function mayHoldValues(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 127 || (code >= 48 && code <= 58) || code === 34 || code === 39 || code === 96) return true;
    if (code === 95 || code === 46 || code === 47 || code === 64 || code === 92 || code === 45) return true;
  }
  return false;
}

/** Conversational phrases by their first word. */
const PHRASES_BY_FIRST_WORD = new Map<string, (readonly string[])[]>();
for (const phrase of CONVERSATIONAL_PHRASES) {
  const list = PHRASES_BY_FIRST_WORD.get(phrase[0]);
  if (list === undefined) PHRASES_BY_FIRST_WORD.set(phrase[0], [phrase]);
  else list.push(phrase);
}

// Words of conversation that address someone: "tell me a joke" converses, "tell marcus the standup moved" is a
// message to send.
const ADDRESSING = new Set(["tell"]);
const SELF = new Set(["me", "us", "you"]);

/** Whether the token at `at` is a word of conversation there (`CONVERSATIONAL_WORDS`, "tell" only to me or us). */
export function isConversationalWord(tokens: readonly Token[], at: number): boolean {
  return CONVERSATIONAL_WORDS.has(tokens[at].surface) && !addressesSomeone(tokens, at);
}

/** Whether the token at `at` tells someone other than me or us ("tell them we're on it"): a message to send. */
export function addressesSomeone(tokens: readonly Token[], at: number): boolean {
  const next = tokens[at + 1];
  return ADDRESSING.has(tokens[at].surface) && next !== undefined && !SELF.has(next.surface);
}

/** Positions (among all tokens, stop words included) of the words of conversational phrases. */
export function conversationalPositions(tokens: readonly Token[]): Set<number> {
  const positions = new Set<number>();
  tokens.forEach((token, start) => {
    for (const phrase of PHRASES_BY_FIRST_WORD.get(token.surface) ?? []) {
      if (!phrase.every((word, offset) => tokens[start + offset]?.surface === word)) continue;
      for (let offset = 0; offset < phrase.length; offset++) positions.add(start + offset);
    }
  });
  return positions;
}

/**
 * True when `text` asks for nothing: every word is a stop word or a word of conversation ("thanks!", "ok, great",
 * "thank you so much"), so no tool can be relevant to it. Empty text too. A number or identifier of three characters
 * or more is something to act on: "same for 10519" is an elliptic request, not small talk.
 */
export function isSmallTalk(text: string): boolean {
  // Asked twice of one query by a selection (its own rule, then the word list's chat reader): the last answer kept.
  if (text !== lastSmallTalk.text) lastSmallTalk = { text, answer: readsAsSmallTalk(text) };
  return lastSmallTalk.answer;
}

let lastSmallTalk = { text: "", answer: true };

function readsAsSmallTalk(text: string): boolean {
  // The query's own tokens (its values marked, which reads no differently here): analysis reads them next.
  const tokens = queryTokens(text);
  const conversational = conversationalPositions(tokens);
  return tokens.every(
    (token, at) =>
      !(token.surface.length >= 3 && /\d/.test(token.surface)) &&
      (token.stop || isConversationalWord(tokens, at) || conversational.has(at)),
  );
}
