// The one rule that reads a selection query from a conversation, over a neutral shape every adapter converts to.

import { isSmallTalk } from "../core/relevance-words.js";
import { CONVERSATIONAL_WORDS } from "../core/stop-words.js";
import { queryTokens, timeWords, tokenize, unhold } from "../core/tokenizer.js";
import { MAX_QUERY_LENGTH } from "../options.js";
/**
 * A message as the rule reads it. Adapters convert their own shapes to it: AI SDK `ModelMessage`s and V4
 * prompts (`model-messages.ts`), LangChain messages (`langchain/message-query.ts`).
 */
export interface ConversationMessage {
  /** `"user"` for the person's turns, `"assistant"` for the model's, `"other"` for system and tool messages. */
  readonly role: "user" | "assistant" | "other";
  /** The message's text parts, joined with newlines (tool calls, tool results, files and images left out). */
  readonly text: string;
  /** Names of the tools an assistant message called, in order. */
  readonly toolCalls: readonly string[];
}

/**
 * The select option under which toolsift's own adapters hand an index the conversation in this shape (its tool calls
 * are the conversation's memory, as `messages` are): a symbol, so it is no option a user sees or sets.
 */
export const CONVERSATION: unique symbol = Symbol.for("toolsift.conversation");

/** Select options with the conversation in the neutral shape (`CONVERSATION`). */
export interface WithConversation {
  readonly [CONVERSATION]?: readonly ConversationMessage[];
}

/** A follow-up shorter than this ("and in Berlin?") is read together with the user message before it. */
export const FOLLOW_UP_LENGTH = 40;

// Words that open an elliptic follow-up ("and tomorrow?", "same for Bob", "what about staging?") and words that point
// back at what was said ("cancel the first one", "share it with Ana"): general English, no catalog's words.
export const CONNECTIVES = new Set("and also same too plus or then now but instead again another else".split(" "));
const BACK_REFERENCES = new Set(
  "it its this these those them they one ones there her him his hers theirs previous above earlier last".split(" "),
);

/**
 * Whether a short user turn leans on the one before it (elliptic: "and in Berlin?", "same for Bob", "cancel the first
 * one") rather than naming its own task ("What's on my calendar tomorrow?"). A turn of conversation only ("thanks!",
 * "ok great") leans on nothing: it asks for nothing.
 */
export function isEllipticFollowUp(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  if (words.length === 0) return false;
  const [first = "", second = ""] = words;
  if (CONNECTIVES.has(first) || ((first === "what" || first === "how") && second === "about")) return true;
  if (words.some((word) => BACK_REFERENCES.has(word))) return true;
  // No content word of its own: nothing but stop words and values ("at 4?", "Bob?").
  const content = tokenize(text).filter((token) => !token.stop && !CONVERSATIONAL_WORDS.has(token.surface));
  return content.length > 0 && content.every((token) => !token.alphabetic || token.capitalized);
}

// Words that point back at what was said or done, besides BACK_REFERENCES: "make that every day", "same for utils.py",
// "she works at Spotify now", "it's asking for a name", "next page pls", "more, like the last 30", "warmer too".
const LEANING = new Set(
  "that that's it's she he she's he's same next more other too also again instead still".split(" "),
);

/**
 * Whether a turn leans on the conversation: an elliptic follow-up; a fragment of at most FRAGMENT_WORDS words that
 * are neither stop words, words of conversation, times nor numbers ("only mine", "Lyon on saturday morning please",
 * "when will the package arrive"); a first word, past words of conversation, that is a connective; "what about" or
 * "how about" anywhere ("ok so what about prod"); "as well"; or a word that points back at what was said ("great,
 * same for utils.py", "oh and she works at Spotify now"). A turn that names its own task or asks its own question
 * ("how do I make a sourdough starter", "explain the difference between TCP and UDP") leans on nothing: when it ranks
 * no tool, the conversation's tools are no answer to it.
 */
export function leansOnConversation(text: string): boolean {
  if (isEllipticFollowUp(text)) return true;
  const tokens = queryTokens(text);
  const content = tokens.filter(
    (token) =>
      !token.stop &&
      !CONVERSATIONAL_WORDS.has(token.surface) &&
      token.valueKind !== "time" &&
      !/\d/.test(token.surface),
  );
  // Words of conversation alone ("ok", "thanks!") carry nothing on.
  if (content.length <= FRAGMENT_WORDS) return tokens.some((token) => !CONVERSATIONAL_WORDS.has(token.surface));
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const task = words.filter((word) => !CONVERSATIONAL_WORDS.has(word) && word !== "so");
  if (CONNECTIVES.has(task[0])) return true;
  return words.some(
    (word, at) =>
      BACK_REFERENCES.has(word) ||
      LEANING.has(word) ||
      (word === "about" && (words[at - 1] === "what" || words[at - 1] === "how")) ||
      (word === "well" && words[at - 1] === "as"),
  );
}

/** The most words of a task a fragment has ("only mine": none; "the hidden ones": one). */
const FRAGMENT_WORDS = 2;

/** The latest non-empty user text at or before `end`, and its position. */
export function userTextBefore(
  messages: readonly ConversationMessage[],
  end: number,
): { text: string; at: number } | undefined {
  for (let i = end; i >= 0; i--) {
    if (messages[i].role !== "user") continue;
    const text = messages[i].text.trim();
    if (text.length > 0) return { text, at: i };
  }
  return undefined;
}

/** `text` cut to `room` characters (never inside a surrogate pair); "" when there is no room. */
function fit(text: string, room: number): string {
  if (room <= 0) return "";
  if (text.length <= room) return text;
  const end = text.charCodeAt(room - 1) >= 0xd800 && text.charCodeAt(room - 1) <= 0xdbff ? room - 1 : room;
  return text.slice(0, end);
}

/**
 * The query for the next model call, or "" when the conversation has no user text:
 * - the latest non-empty user message; when it is shorter than 40 characters and elliptic ("and in Berlin?",
 *   "cancel the first one": `isEllipticFollowUp`), the user message before it, a newline, then it; a short turn that
 *   names its own task ("What's on my calendar tomorrow?") or only converses ("thanks!") is read alone;
 * - a reply to what the assistant asked (`askingText`: a question or a go-ahead asked for in its last sentences) that
 *   reads as an answer ("yes pls", "the 2nd", "no, $25"; `readsAsAnswer`): the user message before it (when the reply
 *   is short), the asking sentences, then the reply, each after a newline; a reply that closes the matter ("thanks!",
 *   "nah leave it") is read alone;
 * - later in the loop (an assistant turn after that message): the assistant's latest text, a newline,
 *   then the request; when it said nothing, the request, a newline, then the names of the tools it
 *   just called;
 * - at most `maxLength` characters (default 2,000, the most any selection reads). The latest user message
 *   is kept whole (cut only when it alone is longer); the earlier context is cut to fit first: the previous
 *   user message, then the asking sentences, then the tool names, then the assistant's words.
 * Tool outputs never enter the query.
 */
export function queryFromConversation(
  messages: readonly ConversationMessage[],
  maxLength: number = MAX_QUERY_LENGTH,
): string {
  const latest = userTextBefore(messages, messages.length - 1);
  if (latest === undefined) return "";
  const { asked, closing } = replyTo(messages, latest);
  const previous =
    !closing && latest.text.length < FOLLOW_UP_LENGTH && (isEllipticFollowUp(latest.text) || asked !== undefined)
      ? userTextBefore(messages, latest.at - 1)?.text
      : undefined;
  let assistantText = "";
  let calledTools = "";
  for (let i = messages.length - 1; i > latest.at; i--) {
    if (messages[i].role !== "assistant") continue;
    // The assistant's latest words say what it is doing now; the request keeps the rest of the goal.
    assistantText = messages[i].text.trim();
    if (assistantText.length === 0) calledTools = messages[i].toolCalls.join(" ");
    if (assistantText.length > 0 || calledTools.length > 0) break;
  }
  // Fill the budget in order of importance, each part after a newline.
  const request = fit(latest.text, maxLength);
  let room = maxLength - request.length - 1;
  const words = fit(assistantText, room);
  room -= words.length > 0 ? words.length + 1 : 0;
  const tools = fit(calledTools, room);
  room -= tools.length > 0 ? tools.length + 1 : 0;
  const question = fitEnd(asked ?? "", room);
  room -= question.length > 0 ? question.length + 1 : 0;
  const context = fit(previous ?? "", room);
  const fullRequest = [context, question, request].filter((part) => part.length > 0).join("\n");
  if (words.length > 0) return `${words}\n${fullRequest}`;
  if (tools.length > 0) return `${fullRequest}\n${tools}`;
  return fullRequest;
}

/**
 * How the user message `latest` stands to what the assistant asked before it: `asked`, the asking sentences, when it
 * answers them ("yes" to "Should I send Dana the deck?": the action the reply agrees to is named there, not in the
 * reply nor in the request before it); `closing` when it closes the matter (thanks, a plain no: "nah leave it" leans
 * on nothing).
 */
function replyTo(
  messages: readonly ConversationMessage[],
  latest: { text: string; at: number },
): { asked?: string; closing: boolean } {
  const asking = askingText(messages, latest.at);
  if (asking === undefined) return { closing: false };
  if (closes(latest.text)) return { closing: true };
  return readsAsAnswer(latest.text) ? { asked: asking, closing: false } : { closing: false };
}

/**
 * The most tools a reply to what the assistant asked takes from the asking sentences' own ranking ("Should I ack the
 * page and add a note?" names two actions).
 */
export const ASKED_TOOLS = 2;
/**
 * The share of `minRelevance` a tool of the asking sentences' own ranking must reach: the assistant's own words for
 * what it proposes, written knowing the tools.
 */
export const ASKED_RELEVANCE = 0.5;

/**
 * The asking sentences and the reply ("Should I email them a reminder?\nyes pls") when the conversation's latest
 * user message answers what the assistant asked (as `queryFromConversation` reads it), else undefined: the action
 * the reply agrees to, for a selection of its own.
 */
export function answeredQuestion(messages: readonly ConversationMessage[]): string | undefined {
  const latest = userTextBefore(messages, messages.length - 1);
  if (latest === undefined) return undefined;
  const { asked } = replyTo(messages, latest);
  if (asked === undefined) return undefined;
  const reply = fit(latest.text, MAX_QUERY_LENGTH);
  const question = fitEnd(asked, MAX_QUERY_LENGTH - reply.length - 1);
  return question.length > 0 ? `${question}\n${reply}` : reply;
}

/** The end of `text` in `room` characters (never inside a surrogate pair): a long question keeps its "?". */
function fitEnd(text: string, room: number): string {
  if (room <= 0) return "";
  if (text.length <= room) return text;
  const start = text.length - room;
  const low = text.charCodeAt(start);
  return text.slice(low >= 0xdc00 && low <= 0xdfff ? start + 1 : start);
}

/**
 * Whether the conversation's latest message is a user turn of conversation only ("thanks!", "ok great", "lol"): such a
 * turn asks for nothing, so the call is offered no tool but the pinned ones, whatever the turn before used (every
 * delivery and adapter reads it here). False once the model has answered in this turn (a later step).
 */
export function isSmallTalkTurn(
  messages: readonly ConversationMessage[],
  /** What reads a text as chat only: `isSmallTalk` (the ranking's), or the agent's wider `isChitChat`. */
  chat: (text: string) => boolean = isSmallTalk,
): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.role === "assistant") return false;
    if (message.role !== "user") continue;
    const text = message.text.trim();
    if (text.length === 0) continue;
    // After a question, a reply answers it unless it closes the matter ("nah leave it", "thanks!") or is chat with no
    // yes and no time ("lol", "hmm let me think"): "yes", "that works", "cheers, go for it" answer, and so do
    // "morning" to "10 AM or 2 PM?" and a reply of stop words only ("both", "all of them", "now"). Else the chat
    // reader decides.
    if (askingText(messages, i) === undefined) return chat(text);
    const tokens = queryTokens(text);
    return (
      closes(text) ||
      (chat(text) && !saysYes(text) && timeWords(tokens).size === 0 && !tokens.every((token) => token.stop))
    );
  }
  return false;
}

/**
 * The text a selection ranks for `text`, the conversation's latest user message: an elliptic follow-up shorter than
 * 40 characters ("and tmrw?", "same for april") after the user message before it (cut to fit MAX_QUERY_LENGTH), a
 * newline, then it, as `queryFromConversation` reads it for a step selection; else `text`. For a turn that is no
 * reply to what the assistant asked (`replyToQuestion` undefined; its caller has read that already): a reply's
 * question is read with it by that rule.
 */
export function followUpText(messages: readonly ConversationMessage[], text: string): string {
  const latest = userTextBefore(messages, messages.length - 1);
  if (latest === undefined || latest.text !== text.trim() || latest.text.length >= FOLLOW_UP_LENGTH) return text;
  if (!isEllipticFollowUp(latest.text)) return text;
  const previous = userTextBefore(messages, latest.at - 1);
  // At most MAX_QUERY_LENGTH characters in all, the earlier message cut to fit, as `queryFromConversation` cuts it.
  const context = previous === undefined ? "" : fit(previous.text, MAX_QUERY_LENGTH - latest.text.length - 1);
  return context.length === 0 ? text : `${context}\n${latest.text}`;
}

/**
 * How `text`, when it is the conversation's latest user message, stands to what the assistant asked before it:
 * "answers" ("yes" to "Should I go ahead?": a chat word there carries the task on), "closes" ("nah leave it",
 * "thanks, that's all": it asks for nothing), or undefined (not the latest message, or nothing was asked).
 */
export function replyToQuestion(
  messages: readonly ConversationMessage[],
  text: string,
): "answers" | "closes" | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const latest = messages[i].role === "user" ? messages[i].text.trim() : "";
    if (latest.length === 0) continue;
    if (latest !== text.trim() || askingText(messages, i) === undefined) return undefined;
    return closes(latest) ? "closes" : "answers";
  }
  return undefined;
}

/**
 * A reply's words, lower-cased, with a typographic apostrophe as the plain one ("that’s" as "that's"), and a word
 * typed with a letter held as the reply word it stretches ("yesss", "nooo", "coool").
 */
function replyWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘]/gu, "'")
      .match(/[\p{L}\p{N}']+/gu)
      ?.map((word) => unhold(word, (form) => [YES, NO, THANKS, AROUND, MILD].some((words) => words.has(form)))) ?? []
  );
}

// Thanks, a plain no, and the words around them ("thank you so much", "nah, not now", "never mind", "no need, it's
// fine"): general English.
const THANKS = new Set("thanks thank thx ty tysm tyvm cheers appreciate appreciated".split(" "));
const NO = new Set("no nope nah nvm nevermind never not don't dont".split(" "));
const AROUND = new Set(
  (
    "you u so very much a lot ton bunch again it that nice lovely mate now yet mind leave skip hold off need " +
    "worries fine good all thats that's it's its for then but im i'm bye"
  ).split(" "),
);
// What a no leaves alone ("no, leave them").
const LEFT = new Set("them those these".split(" "));
// Words that approve but do not say yes by themselves: beside thanks or after a no they close ("great, thanks", "no
// that's ok", "not right now", "nah it's cool").
const MILD = new Set("alright cool great perfect awesome right sounds works exactly".split(" "));
// Words and phrases that say yes ("sure", "ok", "go for it", "why not", "👍"), and a number, a choice ("1", "3.9.1"):
// general English.
const YES = new Set(
  "yes yeah yep yup yea ya y k ok okay sure please pls absolutely definitely go do proceed lgtm sgtm ofc".split(" "),
);
const YES_PHRASE = /\b(?:why not|of course|go for it|go ahead)\b/u;
// A no said with a yes word, and a goodbye ("of course not", "see ya"): read as a no, and as "bye".
const NOT_PHRASE = /\b(?:of course|absolutely|definitely|certainly) not\b/gu;
const SEE_YA = /\bsee (?:ya|you)\b/gu;
const APPROVING_EMOJI = /[👍👌✅]/u;

/**
 * Whether a reply closes the matter: a word of thanks or a no, nothing but words around them, and no yes ("nah leave
 * it", "thank you so much", "no that's ok", "great, thanks", "of course not"; not "ok thanks", "sure, thanks", "why
 * not", "no, $25", which agree or answer).
 */
function closes(text: string): boolean {
  const lower = text.toLowerCase().replace(SEE_YA, " bye ");
  const refused = lower.replace(NOT_PHRASE, " no ");
  const words = replyWords(refused);
  const declines = NO.has(words[0] ?? "") || refused !== lower;
  if (!declines && strongYes(text)) return false;
  if (declines && (/\p{N}/u.test(text) || /\bgo (?:for it|ahead)\b/u.test(lower))) return false;
  const closing = (word: string) => THANKS.has(word) || NO.has(word);
  // After a no, a yes word, a pause right after it ("no wait"; not "no don't wait") and what is left alone ("no, leave
  // them"; not "no, don't leave them").
  const around = (word: string, at: number) =>
    AROUND.has(word) ||
    MILD.has(word) ||
    (declines &&
      (YES.has(word) ||
        (word === "wait" && words[at - 1] === words[0]) ||
        (LEFT.has(word) && words[at - 1] === "leave" && !/^(?:don'?t|not|never)$/u.test(words[at - 2] ?? ""))));
  return words.some(closing) && words.every((word, at) => closing(word) || around(word, at));
}

/** Whether a reply says yes or picks by number ("ok", "go for it", "👍", "2"); "of course not" does not. */
function strongYes(text: string): boolean {
  const lower = text.toLowerCase().replace(SEE_YA, " bye ").replace(NOT_PHRASE, " no ");
  return (
    APPROVING_EMOJI.test(text) ||
    /\p{N}/u.test(text) ||
    YES_PHRASE.test(lower) ||
    replyWords(lower).some((word) => YES.has(word))
  );
}

/** Whether a reply says yes, approves, or picks by number ("ok", "that works", "👍", "2"). */
function saysYes(text: string): boolean {
  return strongYes(text) || replyWords(text).some((word) => MILD.has(word));
}

/** Words that open a reply to the assistant, whatever its length ("yes please, and cc Bob and Priya on it too"). */
export const YES_OPENERS = new Set("yes yeah yep yup y sure ok okay k".split(" "));
/** The most content words a short reply that opens with no yes has to be read as an answer ("4 is better"). */
const ANSWER_WORDS = 3;

/**
 * Whether a reply reads as an answer, not a request of its own: it opens with "yes", "ok" and the like, or it is short
 * and opens with a no ("no, $25"), leans on what was said (`isEllipticFollowUp`: "the v2 one") or says little ("4 is
 * better", "sfo, morning of is ok"). "share the Q3 deck with Dana" names its own task, and so does a long reply that
 * opens with a no ("no I'll answer her myself. can you block 2 hours tomorrow morning").
 */
function readsAsAnswer(text: string): boolean {
  const first = replyWords(text)[0] ?? "";
  if (YES_OPENERS.has(first)) return true;
  if (text.length >= FOLLOW_UP_LENGTH) return false;
  if (NO.has(first)) return true;
  const content = tokenize(text).filter((token) => !token.stop && !CONVERSATIONAL_WORDS.has(token.surface));
  return isEllipticFollowUp(text) || content.length <= ANSWER_WORDS;
}

/** How many of the assistant's last sentences are read for a question: "Should I send it? I'll cc Bob too." */
const ASKING_SENTENCES = 3;
/** The most characters of the assistant's message read for them: its end. */
const ASKING_TAIL = 2000;

// A sentence asking the user for a go-ahead without a "?": "Reply yes to confirm.", "Just say the word and I'll cancel
// it.", "Please confirm.", "Once you confirm, I'll send it.", "Let me know if I should send it.", "Let me know and I'll
// merge it." Not a statement ("Delivery confirmed.", "I emailed Dana to confirm the time.", "Once you approve the
// budget, finance will release funds.", "Finance gave the go-ahead.", "If they reply yes, I'll book it.") nor a
// sign-off ("Let me know if you have any questions.", "Let me know and I'll be here."). General English.
const GO_AHEAD = new RegExp(
  [
    /\bsay the word\b/u.source,
    /\b(?:give me|need|want|get|have) (?:the |your )?go-ahead\b|\byour go-ahead\b/u.source,
    /^(?:just |please |simply )?(?:reply|respond|answer|type|say) (?:with )?["'“]?(?:yes|y|ok|confirm)\b/u.source,
    /\byou (?:can )?(?:reply|respond|answer|type|say) (?:with )?["'“]?(?:yes|y|ok|confirm)\b/u.source,
    /^(?:please |just |kindly )?(?:confirm|approve)\b/u.source,
    /\b(?:once|when|after|if) you (?:confirm|approve|ok)\b.*\bi(?:'ll| will| can)\b/u.source,
    /\bi(?:'ll| will| can)\b.*\b(?:once|when|after|if) you (?:confirm|approve|ok)\b/u.source,
    /\blet me know (?:if|whether) (?:i should|you(?:'d| would)? (?:like|want) me to)\b/u.source,
    /\blet me know and i(?:'ll| will) (?!be\b)\w+/u.source,
  ].join("|"),
  "iu",
);
// A question: a sentence that ends in a question mark, maybe emphasised ("**Should I send it?**", "…?!"); not one
// inside a URL, code, quotes or brackets ("…?id=1", "a?.b", 'Dana asked "Can we move it?"', "(why?)").
const QUESTION = /[?？؟][*_~!]*$/u;
// An open offer of help ("Anything else?", "What else can I do for you?", "How can I help?"): no action to agree to.
const OPEN_OFFER = /\b(?:anything|something|what) else\b|\b(?:how|what) (?:can|could|may) i (?:do|help)\b/iu;
// Where sentences part: after . ! ? and a space (not after a title or "e.g."), after a full-width end, at line ends.
const SENTENCE_END = /(?<!(?:^|[\s(])(?:mr|mrs|ms|dr|st|vs|etc|e\.g|i\.e)\.)(?<=[.!?？؟][*_~]*)\s+|(?<=[？。！])|\n+/iu;
// Code, fenced or inline: its question marks ask nothing ("`user?.name ?? 'anon'`").
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/gu;
// A line of a list ("- main", "2. Q4 roadmap", "• #old-launch"): an option, not a sentence of the message's own.
const LIST_ITEM = /^\s*(?:[-*•]|\d+[.)])\s/u;
// A question that names no action, only points back at what the sentence before proposed ("I can email Initech.
// Want me to do that?", "Shall I go ahead?"), or one of a few words ("Want me to?", "Sound good?").
const POINTS_BACK = /\b(?:do|doing) (?:it|that|this|so)\b|\bgo ahead\b|\bproceed\b/iu;
const FEW_WORDS = 4;

/**
 * The assistant's last words before the user message at `at`, when they ask the user something: the sentences among
 * its last ASKING_SENTENCES (list items and code left out) that end in a question ("Should I send it?") or ask for a
 * go-ahead ("Reply yes to confirm."), not an open offer of more help ("Anything else?"); with the sentence before the
 * first of them when that one points back ("I can send Initech a reminder email. Want me to do that?"). Undefined
 * when the assistant asked nothing, or a user message came first.
 */
function askingText(messages: readonly ConversationMessage[], at: number): string | undefined {
  for (let i = at - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.role === "user") return undefined;
    if (message.role !== "assistant" || message.text.trim().length === 0) continue;
    // A step asks this of the same message three or four times (the chat test, the query, the question's ranking).
    if (message.text !== lastAsked.text) lastAsked = { text: message.text, asking: askingSentences(message.text) };
    return lastAsked.asking;
  }
  return undefined;
}

/** The last message `askingText` read, and what it asked. */
let lastAsked: { text: string; asking: string | undefined } = { text: "", asking: undefined };

/** The sentences of an assistant message that ask the user something (see `askingText`), or undefined. */
function askingSentences(text: string): string | undefined {
  const sentences = text
    .replace(CODE, "code")
    .slice(-ASKING_TAIL)
    .trim()
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence) && !LIST_ITEM.test(sentence));
  const last = sentences.slice(-ASKING_SENTENCES);
  const asks = (sentence: string) => {
    const plain = sentence.replace(/^[*_~]+/u, "");
    return (QUESTION.test(plain) || GO_AHEAD.test(plain)) && !OPEN_OFFER.test(plain);
  };
  const asking = last.filter(asks);
  if (asking.length === 0) return undefined;
  const first = sentences.length - last.length + last.indexOf(asking[0]);
  const pointsBack = POINTS_BACK.test(asking[0]) || asking[0].split(/\s+/u).length <= FEW_WORDS;
  const before = first > 0 && pointsBack ? [sentences[first - 1]] : [];
  return [...before, ...asking].join(" ");
}
