// Chat-only turns as the agent adapters read them: the chat lexicon (small-talk-words.ts, written blind) on top of
// the ranking's own small-talk words. Kept out of the query rule so that toolsift/core does not ship the lexicon.

import { conversationalPositions, isSmallTalk } from "../core/relevance-words.js";
import { CONVERSATIONAL_WORDS } from "../core/stop-words.js";
import { tokenize } from "../core/tokenizer.js";
import { SMALL_TALK_PHRASES, SMALL_TALK_WORDS } from "./small-talk-words.js";

/**
 * The chat lexicon (small-talk-words.ts) as the tokenizer reads it: entries of one word, and phrases by first word.
 * Read on first use, not at import: importing an adapter tokenizes nothing.
 */
let lexicon: { words: Set<string>; phrases: Map<string, string[][]> } | undefined;
function chatLexicon() {
  if (lexicon !== undefined) return lexicon;
  const words = new Set<string>();
  const phrases = new Map<string, string[][]>();
  for (const entry of [...SMALL_TALK_WORDS.split(" "), ...SMALL_TALK_PHRASES.split("|")]) {
    const surfaces = tokenize(entry).map((token) => token.surface);
    if (surfaces.length === 1) words.add(surfaces[0]);
    else if (surfaces.length > 1) phrases.set(surfaces[0], [...(phrases.get(surfaces[0]) ?? []), surfaces]);
  }
  lexicon = { words, phrases };
  return lexicon;
}

/** Whether a word is a word of chat that names no task ("ugh", "tysm", "bored"): the chat lexicon's. */
export function isChatWord(surface: string): boolean {
  return CONVERSATIONAL_WORDS.has(surface) || chatLexicon().words.has(surface);
}

/**
 * Whether `text` is chat only: every word a stop word, a word of conversation or of the chat lexicon (written blind
 * from general knowledge: interjections, thanks and praise, greetings, moods, fillers, talk about the assistant), or
 * inside one of its phrases ("thanks a ton", "tell me a fun fact", "are you a real person"). A number or identifier
 * of three characters or more is something to act on. Wider than `isSmallTalk`, which the ranking reads: this one
 * decides only what a turn is offered.
 */
export function isChitChat(text: string): boolean {
  if (isSmallTalk(text)) return true;
  const tokens = tokenize(text);
  const covered = conversationalPositions(tokens);
  tokens.forEach((token, start) => {
    for (const phrase of chatLexicon().phrases.get(token.surface) ?? []) {
      if (!phrase.every((word, offset) => tokens[start + offset]?.surface === word)) continue;
      for (let offset = 0; offset < phrase.length; offset++) covered.add(start + offset);
    }
  });
  return tokens.every(
    (token, at) =>
      !(token.surface.length >= 3 && /\d/.test(token.surface)) &&
      (token.stop || covered.has(at) || isChatWord(token.surface)),
  );
}
