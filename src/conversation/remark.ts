// A remark ("greta is a legend lol"): a statement framed as chat that asks for nothing its words say. The step
// selection (src/agent/step-selection.ts) reads it as chat when the ranking finds no task in it. Its own module, so
// that toolsift/core, which ships the chat lexicon with the word list, does not ship this.

import { ACTION_WORDS } from "../core/action-words.js";
import { DETERMINERS } from "../core/stop-words.js";
import { queryTokens, tokenize, type Token } from "../core/tokenizer.js";
import { englishWordSpecificity } from "../tool-index/english-word-specificity.js";
import { EVERYDAY_WORDS } from "../tool-index/everyday-words.js";
import {
  CONNECTIVES,
  isEllipticFollowUp,
  replyToQuestion,
  userTextBefore,
  YES_OPENERS,
  type ConversationMessage,
} from "./query-rule.js";
import { COMMON_WORD, framesAsChat, isChatWord, QUESTION_WORDS, unstretched } from "./small-talk.js";

// What makes a turn a statement: a copula, an auxiliary, a modal or a word of feeling, or a contraction of one
// ("she's", "im", "cant"): "greta is a legend", "early flights should be illegal", "feel like death tbh".
const STATEMENT =
  /\b(?:is|was|are|were|am|has|have|had|been|gonna|should|never|always|feels?|felt|loves?|hate[sd]?|\p{L}+['’](?:s|m|re|ve|ll|d|t)|im|ive|thats|its|theyre|youre|cant|wont|dont|doesnt|didnt|isnt|wasnt)\b/iu;
// The marks of a request in any words: a question, a quotation to write, a polite ask (a plea's folded hands too), a
// need or a wish.
const REQUEST =
  /[?"“”‘🙏]|(?:^|\s)'|\b(?:please|pls|plz|let['’]?s|(?:can|could|would|will) (?:you|u)|i (?:need|want)|i['’]?d like|need to|want to|wanna|gotta|have to|has to)\b/iu;
const EMOJI = /\p{Extended_Pictographic}/u;
// Chat shorthand that also abbreviates a thing: "tx" (thanks; a transaction), "mb" (my bad; megabytes), "gl" (good
// luck; a general ledger). The blind chat lexicon (bench/everyday/lexicon/chat-shorthand.json) set these aside as
// borderline; of its shorthand, those whose chat meaning is one of its kinds of chat (thanks, greeting, leaving, back,
// laughing, agreeing, hedging, affection) and whose other meaning is a thing (not a request, a time, a status, an
// answer or an action: "lmk", "eod", "wfh", "y", "bk" for book) frame a remark as chat. A remark is chat only when
// the catalog reads no task in it: a catalog that has the thing ranks it.
const CHAT_OR_THING = new Set(
  "gm gl hf wp gz wd tc ta tx mb nw nm nn bb cu wb bak fr fs ig def srs ic ltr tty atm xx xxx".split(" "),
);
/** Whether a word with a letter held or a laugh run on is a word of chat as it stretches ("lmaooo", "hahahaha"). */
const heldChat = (surface: string) => unstretched(surface) !== surface;
const chatty = (token: Token) => isChatWord(token.surface) || heldChat(token.surface);
// Words a turn may open with before what it says ("lol", "oh").
const OPENERS = new Set("lol lmao haha oh ah ahh well so ugh omg wow hmm".split(" "));
// Besides the words that open a follow-up, a question or a yes (query-rule.ts, small-talk.ts): those that ask a
// question without its mark ("is CI green"), and those that answer or hold off ("nah", "wait").
const OPENS_NO_REMARK = new Set(
  "is are was were do does did can could will would should has have ya no nah nope wait".split(" "),
);
const opensNoRemark = (word: string): boolean =>
  OPENS_NO_REMARK.has(word) ||
  CONNECTIVES.has(word) ||
  QUESTION_WORDS.has(word) ||
  YES_OPENERS.has(word) ||
  unstretched(word, opensNoRemark) !== word; // "yesss he's the best", "nooo"
// Words of something gone wrong or a slip ("the formatting is all broken", "the site is down again", "oops"): a
// remark with one may ask for a fix of what was just done, so it is no remark.
const PROBLEM = new Set(
  "wrong broken broke break breaks down fail failed failing fails failure stuck crash crashed crashing crashes error errors bug bugs buggy missing lost dead died fire late delayed slow forever frozen froze freezing hang hanging blank empty typo typos cracked blurry corrupt corrupted outage offline expired declined rejected bounced blocked locked leak leaking flaky incorrect mistake messed mess duplicate twice again forgot forget still out oops whoops".split(
    " ",
  ),
);

// A habit stated ("lol we always forget that one", "the wifi is down every time it rains smh"): a word of something
// gone wrong in its clause tells how things go, not a slip of what was just done to fix ("lmao wrong kim, i always pick
// the wrong one" has one).
const HABIT =
  /\b(?:always|usually|constantly|all the time|every ?(?:single )?(?:time|day|night|morning|week|month))\b/iu;
// What ends a clause: a comma, a stop, a dash between words.
const CLAUSE_END = /[,;.!?—–]|\s-\s/;
const isProblem = (token: Token) => PROBLEM.has(token.surface);
// Besides the connectives ("sam too 😅"), the words of a follow-up wherever they stand: "paris next", "raj as well".
const ADDS_ON = /\b(?:next|as well)\b/iu;
/**
 * Whether a word, or it and the next, reads as an action: one a tool's name holds ("send"), or an everyday word for
 * one, directly or through another ("say", "loop in"; "fwd" → forward → send).
 */
function readsAsAction(tokens: readonly Token[]): boolean {
  const table = EVERYDAY_WORDS.table();
  const acts = (word: string, hops: number): boolean =>
    ACTION_WORDS.has(word) || (hops > 0 && (table.get(word) ?? []).some((reading) => acts(reading, hops - 1)));
  return tokens.some(
    (token, at) =>
      ACTION_WORDS.has(token.term) ||
      acts(token.surface, 2) ||
      (at + 1 < tokens.length && acts(`${token.surface} ${tokens[at + 1].surface}`, 2)),
  );
}

/**
 * Whether a turn with no statement in it is a fragment of chat ("ice cream 😋", "poor raj lmao", "freedom 🕊️"), not
 * an elliptic request ("yay 🎉 now globex", "yea cc them", "nvm say maybe", "lol the other two", "zoom too lol",
 * "paris next lol", "fwd to ana lol"): no word of it reads as an action or a follow-up ("too", "instead", "next", "as
 * well"), it leans on nothing said before (no "them", "those", "one"), and past its chat words it opens with no
 * question, answer word or determiner.
 */
function isChatFragment(text: string, tokens: readonly Token[]): boolean {
  if (isEllipticFollowUp(text) || ADDS_ON.test(text)) return false;
  if (readsAsAction(tokens) || tokens.some((token) => CONNECTIVES.has(token.surface))) return false;
  // Chat words are passed over, but not an answer ("smh yes poor raj") nor a determiner.
  const first = tokens.find(
    (token) =>
      !OPENERS.has(token.surface) && (!chatty(token) || DETERMINERS.has(token.surface) || opensNoRemark(token.surface)),
  );
  return first !== undefined && !opensNoRemark(first.surface) && !DETERMINERS.has(first.surface);
}

/**
 * Whether a turn read alone is a remark: a statement ("greta is a legend lol", "dependabot never sleeps huh") or a
 * fragment of chat (`isChatFragment`: "poor raj lmao") framed as chat (a reaction of the chat lexicon, typed with a
 * letter held or not, chat shorthand that also abbreviates a thing, or an emoji), with no mark of a request (no
 * question, quotation, "please", "can you", need, wish or 🙏) and no word of something gone wrong (but in the clause
 * of a habit: "lol we always forget that one"), that opens with no question, answer, follow-up or action word ("and
 * prod", "is CI green", "yes he's the best", "reply to her"), and holds no value, number or name. It asks for nothing
 * its words say; whether the catalog reads a task in it is the ranking's to tell (step-selection.ts).
 */
export function isRemark(text: string): boolean {
  if (text.includes("\n") || REQUEST.test(text)) return false;
  const tokens = queryTokens(text);
  if (!STATEMENT.test(text) && !isChatFragment(text, tokens)) return false;
  const first = tokens.find((token) => !OPENERS.has(unstretched(token.surface, (form) => OPENERS.has(form))));
  if (first === undefined || opensNoRemark(first.surface)) return false;
  // A clause is tokenized apart only when the turn has a problem word (`queryTokens` keeps the whole turn's for later).
  if (
    tokens.some(isProblem) &&
    text.split(CLAUSE_END).some((clause) => !HABIT.test(clause) && tokenize(clause).some(isProblem))
  )
    return false;
  if (ACTION_WORDS.has(first.surface) || ACTION_WORDS.has(first.term)) return false;
  // Past its reactions and thanks, a connective and an action as written ask for it ("thanks, now email dana that it's
  // done"; not "thanks, print shop was packed lol", "ugh i'll look at them after lunch").
  const lead = tokens.findIndex(
    (token) => !OPENERS.has(token.surface) && !CONNECTIVES.has(token.surface) && !framesAsChat([token]),
  );
  const action = tokens[lead];
  if (lead > 0 && CONNECTIVES.has(tokens[lead - 1].surface) && readsAsAction([{ ...action, term: action.surface }]))
    return false;
  // A reaction, acknowledgement or thanks of the chat lexicon ("lol", "smh", "lmaooo", "tx"), or an emoji, frames it as
  // chat: a problem stated plainly ("the login page is blank again") may be a task.
  const framed = (token: Token) => CHAT_OR_THING.has(token.surface) || heldChat(token.surface);
  if (!EMOJI.test(text) && !framesAsChat(tokens) && !tokens.some(framed)) return false;
  // A name: capitalised inside the turn, or at its start a word English seldom uses ("Greta is gonna love this lol").
  const named = (token: Token, at: number) =>
    token.capitalized &&
    (at > 0
      ? !token.stop
      : !chatty(token) && !CHAT_OR_THING.has(token.surface) && englishWordSpecificity(token.surface) >= COMMON_WORD);
  return tokens.every((token, at) => token.valueKind === undefined && !/\d/.test(token.surface) && !named(token, at));
}

/**
 * The latest user message of a conversation when it is a remark (`isRemark`) that replies to nothing the assistant
 * asked: whether it asks for anything is then its own words' to tell, through the ranking. Every delivery reads a turn
 * by it (step-selection.ts, in-conversation.ts).
 */
export function remarkAtTurn(conversation: readonly ConversationMessage[]): string | undefined {
  const latest = userTextBefore(conversation, conversation.length - 1)?.text ?? "";
  return isRemark(latest) && replyToQuestion(conversation, latest) === undefined ? latest : undefined;
}
