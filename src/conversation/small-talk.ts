// Chat-only turns as the agent adapters read them: the chat lexicon (small-talk-words.ts, written blind) on top of
// the ranking's own small-talk words. Kept out of the query rule so that toolsift/core does not ship the lexicon.

import { ACTION_WORDS } from "../core/action-words.js";
import { addressesSomeone, conversationalPositions, isSmallTalk } from "../core/relevance-words.js";
import { CONVERSATIONAL_PHRASES, CONVERSATIONAL_WORDS, STOP_WORDS } from "../core/stop-words.js";
import { markTimeValues, queryTokens, tokenize, unhold, type Token } from "../core/tokenizer.js";
import { EVERYDAY_WORDS } from "../tool-index/everyday-words.js";
import { englishWordSpecificity } from "../tool-index/english-word-specificity.js";
import {
  SMALL_TALK_FRAMING,
  SMALL_TALK_OTHER_WORDS,
  SMALL_TALK_PHRASES,
  SMALL_TALK_WORDS,
} from "./small-talk-words.js";

/** Entries of one word, and phrases by first word, as the tokenizer reads them. */
interface Entries {
  readonly words: Set<string>;
  readonly phrases: Map<string, string[][]>;
}

function entriesOf(list: readonly string[]): Entries {
  const words = new Set<string>();
  const phrases = new Map<string, string[][]>();
  for (const entry of list) {
    const surfaces = tokenize(entry).map((token) => token.surface);
    if (surfaces.length === 1) words.add(surfaces[0]);
    else if (surfaces.length > 1) phrases.set(surfaces[0], [...(phrases.get(surfaces[0]) ?? []), surfaces]);
  }
  return { words, phrases };
}

/**
 * The chat lexicon (small-talk-words.ts) as the tokenizer reads it, and the part of it that frames a turn as chat.
 * Read on first use, not at import: importing an adapter tokenizes nothing.
 */
let lexicon: (Entries & { framing: Entries; chatWords: Set<string>; otherWords: Set<string> }) | undefined;
function chatLexicon() {
  if (lexicon === undefined) {
    const others = SMALL_TALK_OTHER_WORDS.split(" ");
    const entries = entriesOf([...SMALL_TALK_WORDS.split(" "), ...others, ...SMALL_TALK_PHRASES.split("|")]);
    // Every word of chat, alone or in a phrase, the lexicon's and the ranking's own ("sounds good"): `mayBeChat`
    // reads them in one look-up a word.
    const chatWords = new Set([
      ...entries.words,
      ...CONVERSATIONAL_WORDS,
      ...[...entries.phrases.values()].flat(2),
      ...CONVERSATIONAL_PHRASES.flat(),
    ]);
    // Thanks in other languages frame a turn as chat, as "thanks" does.
    const framing = entriesOf([...SMALL_TALK_FRAMING.split("|"), ...others]);
    lexicon = { ...entries, framing, chatWords, otherWords: entriesOf(others).words };
  }
  return lexicon;
}

/** The positions of `tokens` inside an entry of `entries` (a word, or a phrase written out). */
function coveredBy(entries: Entries, tokens: readonly Token[], covered = new Set<number>()): Set<number> {
  tokens.forEach((token, start) => {
    if (entries.words.has(token.surface)) covered.add(start);
    for (const phrase of entries.phrases.get(token.surface) ?? []) {
      if (!phrase.every((word, offset) => tokens[start + offset]?.surface === word)) continue;
      for (let offset = 0; offset < phrase.length; offset++) covered.add(start + offset);
    }
  });
  return covered;
}

const HELD_OR_RUN_ON = /(\p{L})\1\1|(\p{L}\p{L})\2\2/u;
const RUN_ON = /^(\p{L}\p{L})\1{2,}\p{L}?$/u;
/** A word of chat of more than one letter ("lol", not "a"). */
const chatWord = (form: string) => form.length > 1 && isChatWord(form);

/**
 * The word `known` has that `word` stretches, else `word` as typed: a letter held ("lmaooo", "okkk": three times or
 * more) typed once or twice (tokenizer.ts `unhold`), a laugh run on ("hahahaha", "lololol": a syllable of two letters
 * three times or more) written twice or closed by its first letter ("haha", "lol").
 */
export function unstretched(word: string, known: (form: string) => boolean = chatWord): string {
  const syllable = RUN_ON.exec(word)?.[1];
  return syllable === undefined
    ? unhold(word, known)
    : ([syllable + syllable, syllable + syllable[0]].find(known) ?? word);
}

/**
 * `typed` with each word typed with a letter held or a laugh run on written as the word of chat it stretches
 * ("thanksss", "hahahaha"), and as the stop word it stretches only in a turn with a word of chat that is none ("sooo
 * good"): "alll of them", "againnn" and "bothhh" lean on what was said, and stay unread.
 */
function unheldText(typed: string): string {
  const chat = typed.replace(/\p{L}+/gu, (word) =>
    unstretched(word, (form) => chatWord(form) && !STOP_WORDS.has(form)),
  );
  return tokenize(chat).some((token) => !token.stop && isChatWord(token.surface))
    ? chat.replace(/\p{L}+/gu, (word) => unhold(word, (form) => STOP_WORDS.has(form)))
    : chat;
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
export function isChitChat(typed: string): boolean {
  if (isSmallTalk(typed)) return true;
  // Most requests have more words outside the lexicon than any reading below allows: one pass over the query's
  // tokens (kept from the selection's own tokenising) tells them apart before the turn is tokenised again.
  if (!mayBeChat(queryTokens(typed))) return false;
  // "okkk", "sooo good", "hahahaha": read as the words they stretch.
  const text = HELD_OR_RUN_ON.test(typed) ? unheldText(typed) : typed;
  if (text !== typed && isSmallTalk(text)) return true;
  const tokens = tokenize(text);
  // The lexicon's phrases; its words are read by isChatWord.
  const phrases = coveredBy({ words: new Set(), phrases: chatLexicon().phrases }, tokens);
  const conversational = conversationalPositions(tokens);
  const covered = new Set([...phrases, ...conversational]);
  // Another language's thanks written with a capital inside a turn is a name ("what do you know about Merci?"), and in
  // a question it is no thanks ("Dank?", "and toda?").
  const { otherWords } = chatLexicon();
  const asks = text.includes("?");
  const noThanks = (token: Token, at: number) =>
    otherWords.has(token.surface) && (asks || (token.capitalized && at > 0));
  const chat = (token: Token, at: number) =>
    covered.has(at) || (isChatWord(token.surface) && !addressesSomeone(tokens, at) && !noThanks(token, at));
  const value = (token: Token) => token.surface.length >= 3 && /\d/.test(token.surface);
  if (tokens.every((token, at) => !value(token) && (token.stop || chat(token, at)))) return true;
  if (chatAtATime(tokens, conversational, chat)) return true;
  return chatAbout(tokens, phrases, chat) || chatFramed(text, tokens, chat) || (!asks && chatToSomeone(tokens, chat));
}

/** Words that say whom a greeting or thanks is for ("morning team", "thanks folks", "cheers mate"). */
const ADDRESSEES = new Set("team everyone everybody folks guys yall fam mate buddy".split(" "));

/**
 * Whether a turn is chat said to someone: words of chat only (a stop word only inside a phrase of chat: "thank you"),
 * then whom they are for, an addressee word or a name ("good morning team!", "thanks Bob"). Not when anything else is
 * said ("thanks Bob, now send it", "ok now do the same for Acme"), nor in a question ("and people?").
 */
function chatToSomeone(tokens: readonly Token[], chat: (token: Token, at: number) => boolean): boolean {
  const last = tokens.length - 1;
  const to = tokens[last];
  if (last < 1 || !(ADDRESSEES.has(to.surface) || (to.capitalized && to.alphabetic))) return false;
  for (let at = 0; at < last; at++) if (!chat(tokens[at], at)) return false;
  return true;
}

/**
 * Whether `tokens` may be chat: at most FRAMED_WORDS of them (the most any reading below lets through: a topic's
 * words, the words a chat frame holds) are neither stop words, nor words that say when, nor words of the lexicon.
 */
function mayBeChat(tokens: readonly Token[]): boolean {
  const { chatWords } = chatLexicon();
  let others = 0;
  for (const token of tokens) {
    if (token.stop || token.valueKind === "time" || chatWords.has(token.surface)) continue;
    if (++others > FRAMED_WORDS) return false;
  }
  return true;
}

/** Words that make a time a slot of a task: "see you at 3pm", "ok for friday". */
const SLOT_WORDS = new Set("at for on by until till from to".split(" "));
/** Words that address the assistant in a conversational phrase ("how are you", "see you"). */
const ADDRESS_WORDS = new Set(["you", "your", "u", "ur"]);

/**
 * Whether a turn is a conversational phrase addressed to the assistant with words that say when ("how are you
 * today?", "see you tomorrow"): those words neither make a turn chat nor break it. A phrase to the assistant, not a
 * word or a reply: "what's on today" asks, "sounds good, 3pm then" and "ok, tomorrow then" answer a question about a
 * task, and "see you at 3pm" names a slot.
 */
function chatAtATime(
  tokens: readonly Token[],
  conversational: ReadonlySet<number>,
  chat: (token: Token, at: number) => boolean,
): boolean {
  const timed = markTimeValues(tokens);
  if (timed === tokens) return false;
  const when = (at: number) => timed[at].valueKind === "time";
  return (
    [...conversational].some((at) => ADDRESS_WORDS.has(tokens[at].surface)) &&
    tokens.every((token, at) =>
      when(at)
        ? !SLOT_WORDS.has(tokens[at - 1]?.surface ?? "")
        : !/\d/.test(token.surface) && (token.stop || chat(token, at)),
    )
  );
}

/** The most words of a topic a chat phrase is about ("tell me a joke about git", "a fun fact about octopuses"). */
const TOPIC_WORDS = 3;

/**
 * Whether a turn is a phrase of the chat lexicon about a topic: the phrase ("tell me a joke"), only chat before it,
 * then "about" and at most TOPIC_WORDS words, none a name, a value or an action word ("tell me a joke about PMs"; not
 * "tell me about the PR", whose phrase is no chat, nor "what do you know about Globex", a name to look up).
 */
function chatAbout(
  tokens: readonly Token[],
  phrases: ReadonlySet<number>,
  chat: (token: Token, at: number) => boolean,
) {
  const end = Math.max(-1, ...phrases);
  if (end < 0 || tokens[end + 1]?.surface !== "about") return false;
  if (!tokens.slice(0, end + 1).every((token, at) => token.stop || chat(token, at))) return false;
  const topic = tokens.slice(end + 2).filter((token) => !token.stop || !token.alphabetic);
  return (
    topic.length > 0 &&
    topic.length <= TOPIC_WORDS &&
    topic.every(
      (token) =>
        token.alphabetic && !token.capitalized && !ACTION_WORDS.has(token.surface) && !ACTION_WORDS.has(token.term),
    )
  );
}

/** The most words besides its chat words a chat-framed turn has. */
const FRAMED_WORDS = 4;
/** Words that point back at a task ("the same for next week", "the big one", "again"): a follow-up, not chat. */
const FOLLOW_UP_WORDS = new Set(
  "same other another again too also instead more next else one ones last first second third fourth fifth".split(" "),
);
/** Words that open a question: a turn that asks one asks for something, with or without its "?". */
export const QUESTION_WORDS = new Set("what whats which how when where who whose why".split(" "));
/** Below this general specificity a word is among the commonest English words (as `asksForSomething` reads them). */
export const COMMON_WORD = 0.5;

/**
 * Whether a turn is chat framed around a few common words: it has a reaction, acknowledgement or thanks of the chat
 * lexicon ("thanks", "lol", "ok": SMALL_TALK_FRAMING) and at most FRAMED_WORDS other words, each among the commonest
 * English words and none a task: no action word ("send", "do"), no everyday word a task is asked with ("ping",
 * "ditch"), no word pointing back at a task ("the same for next week", "the other one"), no name, number or value.
 * "found it, thanks!", "lol ok nothing important then". A question ("ok, what about tomorrow?", "thanks, how much is
 * left": a "?" or a question word) asks for something, a follow-up that names a task ("thanks, now send it to Bob")
 * does too, and so does one that points into a list ("yes the second").
 */
function chatFramed(text: string, tokens: readonly Token[], chat: (token: Token, at: number) => boolean): boolean {
  if (text.includes("?")) return false;
  const frame = coveredBy(chatLexicon().framing, tokens);
  let framing = 0;
  let others = 0;
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at];
    if (QUESTION_WORDS.has(token.surface)) return false;
    if (token.stop && token.alphabetic && !FOLLOW_UP_WORDS.has(token.surface)) continue;
    // A follow-up word among the chat words still points back ("haha do the week after too"); "too" does only at the
    // end ("u know me too well").
    const back = FOLLOW_UP_WORDS.has(token.surface) && (token.surface !== "too" || at === tokens.length - 1);
    if (chat(token, at) && !back) {
      if (frame.has(at)) framing++;
      continue;
    }
    const task =
      !token.alphabetic ||
      (token.capitalized && at > 0) ||
      FOLLOW_UP_WORDS.has(token.surface) ||
      ACTION_WORDS.has(token.surface) ||
      ACTION_WORDS.has(token.term) ||
      EVERYDAY_WORDS.table().has(token.surface) ||
      Math.max(englishWordSpecificity(token.surface), englishWordSpecificity(token.term)) >= COMMON_WORD;
    if (task || ++others > FRAMED_WORDS) return false;
  }
  return framing > 0 && others > 0;
}

/** Whether `tokens` hold a reaction, acknowledgement or thanks of the chat lexicon ("lol", "smh", "ugh"). */
export function framesAsChat(tokens: readonly Token[]): boolean {
  return coveredBy(chatLexicon().framing, tokens).size > 0;
}
