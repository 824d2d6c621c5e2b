// Text → terms: Unicode folding, identifier splitting, stop words and stemming, shared by index and query.

import { stem } from "./stemmer.js";
import { CONVERSATIONAL_WORDS, STOP_WORDS } from "./stop-words.js";

/** One analysed word piece. */
export interface Token {
  /** The stemmed, folded, lower-case term that is indexed and matched. */
  readonly term: string;
  /** The folded lower-case word before stemming (used for typo tolerance and abbreviations). */
  readonly surface: string;
  /** True when the source spelled it as an upper-case acronym ("PR", "HTTP"). */
  readonly acronym: boolean;
  /** True for an acronym's plural, read as the acronym ("PRs" → pr). */
  readonly plural: boolean;
  /** True for stop words, single characters and bare numbers: never indexed or matched. */
  readonly stop: boolean;
  /** Written with a capital initial and the rest lower case ("Lisbon"): in a query, likely a name. */
  readonly capitalized: boolean;
  /** Letters only. */
  readonly alphabetic: boolean;
  /** Written as a numeronym ("k8s", "i18n"). */
  readonly numeronym: boolean;
  /** In a query: a value the request gives ("a folder called Invoices"), not what it asks for (`markNamedValues`). */
  readonly value?: true;
  /** In a query, on a value's first word: what kind of value it is (`markPathValues`; a key's words stay words). */
  readonly valueKind?: ValueKind;
}

/** Kinds of values a request gives: "go to https://…", "read ~/notes.md", "reopen acme/api#12", "ask @jo". */
export type ValueKind =
  | "url"
  | "host"
  | "email"
  | "handle"
  | "path"
  | "file"
  | "slug"
  | "reference"
  | "channel"
  | "key"
  | "size"
  | "percent"
  | "money"
  | "time";

// Words that introduce a name the request gives: "a folder called Invoices", "a channel named Launch".
const NAMING_WORDS = new Set(["called", "named", "titled", "labeled", "labelled", "entitled"]);

/**
 * Marks the name a request gives after "called", "named" or "titled" (and "called" itself) as values: "make a
 * folder called Invoices 2025" asks for a folder, not for invoices or a call. Only a name written as one (capitalised,
 * an acronym, or with digits) is marked: "who called me" keeps its words.
 */
export function markNamedValues(tokens: readonly Token[]): readonly Token[] {
  let marked: Token[] | undefined;
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!NAMING_WORDS.has(tokens[i].surface)) continue;
    const named = (token: Token) => token.capitalized || token.acronym || !token.alphabetic;
    if (!named(tokens[i + 1])) continue;
    marked ??= [...tokens];
    // "called" there is no call to make; "named", "titled" still say the tool takes a name or a title.
    if (tokens[i].surface === "called") marked[i] = { ...tokens[i], value: true };
    for (let j = i + 1; j < tokens.length && (named(tokens[j]) || tokens[j].stop); j++)
      marked[j] = { ...tokens[j], value: true };
  }
  return marked ?? tokens;
}

// A quote that opens a quoted text at a chunk's start (after brackets), and one that closes it at a chunk's end: single
// quotes (' ‘ ’) close single ones, double quotes (" “ ”) double ones.
const OPENING = /^[([{<]*(['"‘“])/u;
const CLOSING = /(['"’”])[)\]}>.,;:!?]*$/u;
const MAY_QUOTE = /(?:^|\s)[([{<]*['"‘“]/u;
// A single quote that elides the start of a word opens nothing: "tell 'em", "'til friday", "the '90s", "rock 'n' roll".
const ELISION = /^[([{<]*['‘](?:\d|(?:em|til|till|cause|cos|cuz|bout|round|n|tis|twas|sup|kay|nuff|ol|ya)\b)/iu;
// A single quote closes within this many chunks: further on, a word's closing apostrophe is a plural's possessive
// ("email the clients' reps") more often than the end of a quote.
const SINGLE_QUOTE_CHUNKS = 16;
const isDouble = (quote: string): boolean => quote === '"' || quote === "“" || quote === "”";

/**
 * Marks the words a request quotes as values: a title, a subject, a message or a search's text is what a tool is
 * given, not what it is asked to do ("create a jira ticket titled 'refund flow broken on stripe'" asks for no refund,
 * "email dana with subject 'zendesk ticket export'" for no Zendesk tool). A quote opens at a chunk's first letter and
 * closes at a chunk's last ("don't", "it's" hold none); an opening quote that never closes marks nothing, and neither
 * does a request whose words are all quoted but for words of conversation ("and 'Send invites' too": the quoted text
 * is all it says). Code in backticks is no such value: "run `kubectl get pods`" names the tool that runs it.
 * `tokens` must be `tokenize(text)`. Linear in the text: each opening quote looks up the next closing one.
 */
export function markQuotedValues(text: string, tokens: readonly Token[]): readonly Token[] {
  // Most requests hold no quote at a word's start ("what's" holds an apostrophe): one scan.
  if (!MAY_QUOTE.test(text)) return tokens;
  const chunks = text.split(/\s+/).filter((chunk) => chunk.length > 0);
  // The first chunk at or after each one that closes a single quote, and a double one (−1: none).
  const next = [new Int32Array(chunks.length + 1).fill(-1), new Int32Array(chunks.length + 1).fill(-1)];
  for (let i = chunks.length - 1; i >= 0; i--) {
    const close = CLOSING.exec(chunks[i])?.[1];
    for (const kind of [0, 1]) next[kind][i] = close !== undefined && +isDouble(close) === kind ? i : next[kind][i + 1];
  }
  let inside: boolean[] | undefined;
  for (let i = 0; i < chunks.length; i++) {
    const open = OPENING.exec(chunks[i]);
    if (open === null || ELISION.test(chunks[i])) continue;
    const kind = +isDouble(open[1]);
    // The chunk that opens may close too ('hello'), not on its opening quote alone.
    const own = CLOSING.exec(chunks[i].slice(open[0].length))?.[1];
    const end = own !== undefined && +isDouble(own) === kind ? i : next[kind][i + 1];
    if (end < 0 || (kind === 0 && end - i >= SINGLE_QUOTE_CHUNKS)) continue;
    inside ??= new Array<boolean>(chunks.length).fill(false);
    for (let k = i; k <= end; k++) inside[k] = true;
    i = end;
  }
  if (inside === undefined) return tokens;
  const marked = [...tokens];
  let at = 0;
  let words = 0;
  let quoted = 0;
  for (let c = 0; c < chunks.length; c++) {
    let count = 0;
    forEachToken(chunks[c], () => count++);
    for (let t = at; t < at + count && t < marked.length; t++) {
      // Words of conversation ("and 'Send invites' too") are no task of their own beside the quoted words.
      if (marked[t].stop || CONVERSATIONAL_WORDS.has(marked[t].surface)) continue;
      words++;
      if (!inside[c]) continue;
      quoted++;
      marked[t] = { ...marked[t], value: true };
    }
    at += count;
  }
  return quoted === 0 || quoted === words ? tokens : marked;
}

// A chunk of a request that is a value however it reads: a URL, an address or handle, a path or "owner/repo" slug,
// an issue reference, a host or file name, a channel. An address's scheme is captured: the system it is in.
const URL_LIKE = /^(?:([a-z][a-z0-9+.-]*):\/\/|www\.|localhost\b)/i;
// Schemes of links a browser opens: the web's, and a browser's own pages ("chrome://settings").
const WEB =
  /^(?:https?|ftp|wss?|file|chrome|edge|brave|opera|vivaldi|about|view-source|(?:chrome|moz|safari)-extension)$/i;
const VALUE_LIKE =
  /[\p{L}\p{N}]\/[\p{L}\p{N}]|@[\p{L}\p{N}]|[\p{L}\p{N}]#\p{N}|^#[\p{L}\p{N}]|[\p{L}\p{N}]\.\p{L}{2,}|^(?:~|\.\.?)\/[.\p{L}]/u;
const MAY_HOLD_VALUE =
  /[\p{L}\p{N}][/@#.][\p{L}\p{N}]|(?:^|\s)[#@]|:\/\/|\p{Lu}-\p{N}|\d[x×]\d|\d%|\/(?:\s|$)|[~.]\/|\p{L}:\d|[$€£]\d/u;
// A key such as "PROJ-77" or "INC-2041": its letters may say what it keys ("proj"), so they stay words.
const KEY = /^\p{Lu}[\p{Lu}\p{N}]{1,9}-\p{N}+$/u;
// Dimensions such as "1920x1080" or "390×844": a size to set, not a word.
const SIZE = /^\d{2,5}[x×]\d{2,5}(?:px)?$/u;
// A share such as "25%" or "12.5%": a percentage to set, read as the parameters that take one. A bare number is no
// word of the request; a percentage is a value it gives.
const PERCENT = /^\d{1,3}(?:\.\d+)?%$/u;
// A sum of money after its currency's sign ("$2,400", "€50", "£5k", "$1.2M"): an amount or a price to set or look for.
// Not a digit alone: "$1" and "$2" are a shell's or a regular expression's arguments ("$5.99", "$5k" are sums).
const MONEY = /^[$€£](?:\d[\d,]*\d|\d(?=[.kmb]))(?:\.\d+)?[kmb]?$/iu;
const MAY_BE_VALUE = /[\d/@#.:%]/u;
const EDGE_PUNCTUATION = /^[("'`[{<]+|(?:['’]s)?[)"'`\]}>.,;:!?]*$/g;

/** A chunk of a request without the punctuation around it: opening quotes and brackets, closing ones, a full stop. */
export function trimEdgePunctuation(chunk: string): string {
  return chunk.replace(EDGE_PUNCTUATION, "");
}

/**
 * Marks the words of a request's URLs, addresses, paths, repository slugs, issue references, host and file names as
 * values: in "reopen acme/webapp#12" or "go to news.ycombinator.com" the task is "reopen", "go to"; "acme" is no
 * initialism and "webapp" no typo. `tokens` must be `tokenize(text)`.
 */
export function markPathValues(text: string, tokens: readonly Token[]): readonly Token[] {
  // Most requests hold none: one scan, no second tokenizing.
  if (!MAY_HOLD_VALUE.test(text)) return tokens;
  let marked: Token[] | undefined;
  let at = 0;
  let previous = "";
  for (const chunk of text.split(/\s+/)) {
    if (chunk.length === 0) continue;
    let count = 0;
    forEachToken(chunk, () => count++);
    const place = previous;
    previous = chunk;
    // A chunk of letters alone (most of a long request) is a word whatever follows: every pattern below needs a digit
    // or one of / @ # . : %.
    if (!MAY_BE_VALUE.test(chunk)) {
      at += count;
      continue;
    }
    const bare = trimEdgePunctuation(chunk);
    const quantity = SIZE.test(bare) ? "size" : PERCENT.test(bare) ? "percent" : MONEY.test(bare) ? "money" : undefined;
    // A folder written with its slash where a place is said ("files under data/", "in photos/"); not "w/", "yes/".
    if (count > 0 && FOLDER.test(bare) && PLACES.has(place.toLowerCase())) {
      marked ??= [...tokens];
      marked[at] = { ...marked[at], value: true, valueKind: "path" };
    } else if (count > 0 && quantity !== undefined) {
      marked ??= [...tokens];
      // A percentage's number is a stop word until here (a bare number).
      marked[at] = { ...marked[at], stop: false, value: true, valueKind: quantity };
    } else if (count > 0 && KEY.test(bare)) {
      marked ??= [...tokens];
      marked[at] = { ...marked[at], valueKind: "key" };
    } else if (count > 0 && (URL_LIKE.test(bare) || VALUE_LIKE.test(bare))) {
      marked ??= [...tokens];
      // A scheme other than the web's names the system the address is in ("s3://logs/…", "mongodb+srv://…"): its
      // words stay words, and the rest is a path in it, not a link.
      const scheme = URL_LIKE.exec(bare)?.[1];
      const system = scheme === undefined || WEB.test(scheme) ? 0 : tokenize(scheme).length;
      const kind = system > 0 ? "path" : valueKindOf(bare);
      // The kind goes on the value's first word; in another system's address, on its first word that is no stop word
      // ("s3://my-bucket/…": "my" is one), or on its first word made one (as a percentage's number is).
      let first = at + system;
      while (system > 0 && first < at + count - 1 && marked[first].stop) first++;
      for (let i = at + system; i < at + count && i < marked.length; i++)
        marked[i] = {
          ...marked[i],
          value: true,
          ...(i === first && kind !== undefined ? { valueKind: kind, ...(system > 0 ? { stop: false } : {}) } : {}),
        };
    }
    at += count;
  }
  return marked ?? tokens;
}

const FOLDER = /^\p{L}[\p{L}\p{N}_-]+\/$/u;
const PLACES = new Set("in under into to from".split(" "));
const EMAIL = /^[^@/]+@[^@/]+\.\p{L}{2,}$/u;
const LOCAL_PATH = /^(?:~|\.{1,2})?\/|^[a-z]:\\/i;
const SLUG = /^[\p{L}\p{N}_.-]+\/[\p{L}\p{N}_.-]+(?:#\p{N}+)?$/u;
// Endings of host names, not of files: "example.com", "staging.acme.dev" (a file is "app.yaml", "notes.md").
const HOST_ENDING = /\.(?:com|org|net|io|dev|app|co|ai|so|us|uk|de|fr|eu|gov|edu|info|me|tv)$/i;
// The end of a file's or a host's name: "app.yaml", "example.com", "video.mp4" (not "staging.k8s", "rm.B12").
const FILE_ENDING = /[\p{L}\p{N}]\.(?:\p{L}{2,}|\p{Ll}{1,3}\d)$/u;

/** What kind of value a chunk of a request is, when it reads as one kind. */
function valueKindOf(bare: string): ValueKind | undefined {
  if (URL_LIKE.test(bare)) return "url";
  if (EMAIL.test(bare)) return "email";
  if (bare.startsWith("@")) return "handle";
  if (bare.startsWith("#")) return /^#\p{N}/u.test(bare) ? undefined : "channel";
  // A host name and a path is a link written without its scheme ("linear.app/pricing", "docs.stripe.com/billing"):
  // no repository slug (an owner's name has no dot), no local path.
  const slash = bare.indexOf("/");
  if (slash > 0 && HOST_ENDING.test(bare.slice(0, slash))) return "url";
  if (LOCAL_PATH.test(bare) || (bare.match(/\//g)?.length ?? 0) >= 2) return "path";
  if (SLUG.test(bare)) return bare.includes("#") ? "reference" : "slug";
  if (!bare.includes("/") && FILE_ENDING.test(bare)) return HOST_ENDING.test(bare) ? "host" : "file";
  return undefined;
}

const SPECIAL_FOLDS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  þ: "th",
  Þ: "TH",
  ı: "i",
};
const SPECIAL_FOLD_PATTERN = /[ßæÆœŒøØłŁđĐþÞı]/g;
const COMBINING_MARKS = /\p{M}+/gu;
const LOWER = /^\p{Ll}$/u;
const LOWER_THEN_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
const UPPER_RUN_THEN_WORD = /(\p{Lu})(\p{Lu}(?!s$)\p{Ll})/gu;
const BARE_NUMBER = /^\p{N}+$/u;
const ALPHABETIC = /^\p{L}+$/u;
const NUMERONYM = /^\p{L}\d+\p{L}$/u;
const ALL_UPPER = /^\p{Lu}[\p{Lu}\p{N}]*$/u;
const ACRONYM_PLURAL = /^\p{Lu}[\p{Lu}\p{N}]+s$/u;

/** Folds diacritics and compatibility forms ("Crème Brûlée" → "Creme Brulee", "ﬁle" → "file"). */
export function foldText(text: string): string {
  if (isAscii(text)) return text;
  return text
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .replace(SPECIAL_FOLD_PATTERN, (char: string, offset: number, whole: string) => {
      const folded = SPECIAL_FOLDS[char] ?? char;
      // A capital ligature before a lower-case letter is title case ("Ærø" → "Aero"): "AEro" would be
      // cut by camelCase splitting into "a" + "ero".
      return folded.length > 1 && LOWER.test(whole.charAt(offset + 1))
        ? folded[0] + folded.slice(1).toLowerCase()
        : folded;
    });
}

// Words repeat heavily across a catalog; analysing each distinct spelling once keeps index builds fast.
const wordCache = new Map<string, readonly Token[]>();
const WORD_CACHE_LIMIT = 200_000;

const isUpper = (code: number): boolean => code >= 65 && code <= 90;
const isLowerOrDigit = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 48 && code <= 57);

/** Splits an ASCII identifier at case changes: "createGitHubPR" → create Git Hub PR, "HTTPServer" → HTTP Server. */
function splitAsciiCase(word: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let i = 1; i < word.length; i++) {
    const previous = word.charCodeAt(i - 1);
    const current = word.charCodeAt(i);
    const boundary =
      (isLowerOrDigit(previous) && isUpper(current)) ||
      (isUpper(previous) &&
        isUpper(current) &&
        i + 1 < word.length &&
        word.charCodeAt(i + 1) >= 97 &&
        word.charCodeAt(i + 1) <= 122 &&
        // An acronym's plural is one word: "PRs", "URLs", "IDs" (not "P" + "Rs").
        !(i + 2 === word.length && word.charCodeAt(i + 1) === 115));
    if (boundary) {
      pieces.push(word.slice(start, i));
      start = i;
    }
  }
  pieces.push(word.slice(start));
  return pieces;
}

function analyseWord(word: string): readonly Token[] {
  const cached = wordCache.get(word);
  if (cached !== undefined) return cached;
  const pieces = isAscii(word)
    ? splitAsciiCase(word)
    : word.replace(LOWER_THEN_UPPER, "$1 $2").replace(UPPER_RUN_THEN_WORD, "$1 $2").split(" ");
  const tokens: Token[] = [];
  for (const piece of pieces) {
    if (piece.length === 0) continue;
    // An acronym's plural is read as the acronym ("PRs" → pr, "URLs" → url).
    const plural = piece.length <= 7 && ACRONYM_PLURAL.test(piece);
    const surface = (plural ? piece.slice(0, -1) : piece).toLowerCase();
    const alphabetic = ALPHABETIC.test(surface);
    tokens.push({
      term: stem(surface),
      surface,
      acronym: plural || (piece.length >= 2 && piece.length <= 6 && ALL_UPPER.test(piece)),
      plural,
      capitalized: piece.length >= 2 && piece !== surface && piece.slice(1) === surface.slice(1),
      // Single characters and bare numbers are values ("x", "52"), not intent: kept in the stream, never matched.
      stop: surface.length < 2 || STOP_WORDS.has(surface) || BARE_NUMBER.test(surface),
      alphabetic,
      numeronym: !alphabetic && NUMERONYM.test(surface),
    });
  }
  if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
  wordCache.set(word, tokens);
  return tokens;
}

/**
 * Splits text into tokens: folds diacritics, splits on anything that is not a letter or digit (but initials joined by
 * "&" and a letter hyphened to a number: "P&L", "W-9" as w9),
 * splits camelCase / PascalCase / snake / kebab / dotted identifiers (`createGitHubPR` → create, git,
 * hub, pr), lower-cases and stems. Stop words are kept but flagged, so callers can see phrases.
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  forEachToken(text, (token) => out.push(token));
  return out;
}

// Words that say when: a day, a part of one, a month ("may" and "march" read as words first).
const WHEN_WORDS = new Set(
  (
    "today tomorrow tonight yesterday tmrw tmr weekend monday tuesday wednesday thursday friday saturday sunday " +
    "morning afternoon evening january february april june july august september october november december"
  ).split(" "),
);
// Units of time, read as when after a number or a word that places them ("the last 15 min", "next week").
const TIME_UNITS = new Set(
  "min mins minute minutes hour hours hr hrs day days week weeks month months quarter year years".split(" "),
);
const PLACING = new Set("next last this past coming previous few couple".split(" "));
const CLOCK = /^\d{1,2}(?:am|pm)$/;

/**
 * Marks the words of a request that say when as values of kind "time" ("push my 3pm to 4", "how packed is my
 * wednesday", "errors in the last 15 min", "next week"): they read as the parameters that take a time, besides
 * themselves.
 */
export function markTimeValues(tokens: readonly Token[]): readonly Token[] {
  let marked: Token[] | undefined;
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at];
    if (token.valueKind !== undefined) continue;
    const surface = token.surface;
    // "3PM", "9 am": the hour is a bare number, so its "am" or "pm" says when (and "am" is then no stop word). The
    // word before is read only for the few words it decides.
    const meridiem = (surface === "am" || surface === "pm") && afterNumber(tokens, at);
    if (token.stop && !meridiem) continue;
    const when =
      meridiem ||
      WHEN_WORDS.has(surface) ||
      CLOCK.test(surface) ||
      (TIME_UNITS.has(surface) && at > 0 && (PLACING.has(tokens[at - 1].surface) || afterNumber(tokens, at)));
    if (!when) continue;
    marked ??= [...tokens];
    marked[at] = { ...token, stop: false, valueKind: "time" };
  }
  return marked ?? tokens;
}

/** Whether the token before `at` is a bare number ("15 min", "9 am"). */
const afterNumber = (tokens: readonly Token[], at: number) => at > 0 && /^\d+$/.test(tokens[at - 1].surface);

// Files known by a name without an extension: "show me the README", "read the Dockerfile".
const FILE_NAMES = new Set(
  "readme dockerfile makefile changelog procfile gemfile jenkinsfile vagrantfile codeowners".split(" "),
);

/**
 * Marks the names of well-known files ("README", "Dockerfile") as of kind "file", as "app.yaml" is: they read as the
 * parameters that take a file, besides themselves.
 */
export function markFileNames(tokens: readonly Token[]): readonly Token[] {
  let marked: Token[] | undefined;
  tokens.forEach((token, at) => {
    // A word inside an address or a slug is part of that value ("acme/readme-tools"), no file of its own.
    if (token.valueKind !== undefined || token.value === true || !FILE_NAMES.has(token.surface)) return;
    marked ??= [...tokens];
    marked[at] = { ...token, valueKind: "file" };
  });
  return marked ?? tokens;
}

/** The surfaces of the tokens `markTimeValues` marked: the words of a request that say when. */
export function timeWords(tokens: readonly Token[]): ReadonlySet<string> {
  return new Set(tokens.flatMap((token) => (token.valueKind === "time" ? [token.surface] : [])));
}

/** The text `queryTokens` read last, and its tokens. */
let lastText: string | undefined;
let lastTokens: readonly Token[] = [];

/**
 * A query's tokens, its values marked (`markPathValues`, `markNamedValues`) and a held word of conversation read as
 * itself (`unhold`), not to be changed: the last text's are kept, so the stages of one selection (small talk,
 * analysis, relevance) tokenise its query once.
 */
export function queryTokens(typed: string): readonly Token[] {
  if (lastText !== typed) {
    // A held word of conversation as itself ("thanksss"); a held stop word may lean on what was said ("againnn").
    const text = /([a-z])\1\1/i.test(typed)
      ? typed.replace(/\b[a-z]*([a-z])\1\1[a-z]*\b/gi, (word) => unhold(word, (form) => CONVERSATIONAL_WORDS.has(form)))
      : typed;
    const tokens = markQuotedValues(text, tokenize(text));
    lastTokens = markFileNames(markTimeValues(markNamedValues(markPathValues(text, tokens))));
    lastText = typed;
  }
  return lastTokens;
}

/**
 * A word typed with a letter held three times or more ("thanksss", "okkk", "coool") as the word `known` has with each
 * such run typed once, or else twice; as typed when it has neither.
 */
export function unhold(word: string, known: (form: string) => boolean): string {
  for (const runs of ["$1", "$1$1"]) {
    const form = word.replace(/(\p{L})\1{2,}/gu, runs);
    if (form === word) break;
    if (known(form.toLowerCase())) return form;
  }
  return word;
}

export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}

/** Like `tokenize`, calling `visit` for each token instead of building an array (the index build's hot path). */
export function forEachToken(text: string, visit: (token: Token) => void): void {
  if (!isAscii(text)) {
    const folded = foldText(text);
    WORD_OR_JOINED.lastIndex = 0;
    for (let match = WORD_OR_JOINED.exec(folded); match !== null; match = WORD_OR_JOINED.exec(folded)) {
      const word = match[0];
      const tokens = analyseWord(word.length <= 6 && word.includes("-") ? word.replace("-", "") : word);
      for (let i = 0; i < tokens.length; i++) visit(tokens[i]);
    }
    return;
  }
  // ASCII fast path (most tool text): a char-code scan instead of a Unicode regex.
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      // "P&L" as one word; "W-9" as the "W9" a name writes (`JOINED`).
      const before = start > 0 ? text.charCodeAt(start - 1) : 32;
      JOINED.lastIndex = start;
      const joined = (code === 38 || code === 45) && before !== 38 && before !== 45 ? JOINED.exec(text) : null;
      // Where the scan goes on, read before `visit` (which may tokenise other text).
      if (joined !== null) i = JOINED.lastIndex - 1;
      const tokens = analyseWord(joined === null ? text.slice(start, i) : joined[0].replace("-", ""));
      for (let k = 0; k < tokens.length; k++) visit(tokens[k]);
      start = -1;
    }
  }
}

// A word and its symbol that are one term: initials joined by an ampersand ("P&L", "R&D", "AT&T") and a letter joined
// to a number by a hyphen ("W-9", "I-9", "F-150"), after and before no letter, digit, "&" or "-" ("a-b-c", "P&L&X"
// join nothing); else a run of letters and digits. `JOINED` reads the first kinds where an ASCII word meets its symbol.
const WORD_OR_JOINED =
  /(?<![\p{L}\p{N}&-])(?:\p{L}{1,2}&\p{L}{1,2}|\p{L}-\p{N}{1,4})(?![\p{L}\p{N}&-])|[\p{L}\p{N}]+/gu;
const JOINED = /(?:[a-z]{1,2}&[a-z]{1,2}|[a-z]-\d{1,4})(?![a-z\d&-])/iy;

/** The indexed terms of a text: tokens without stop words, as stemmed terms. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) if (!token.stop) out.push(token.term);
  return out;
}
