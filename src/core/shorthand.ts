// Shorthand people type for common words ("dm", "msg", "repo", "appt"): general English and software usage, read on
// both sides, so a request's "dm" finds a catalog's "direct message" and a request's "message" a catalog's "msg".

import { FIELD_NAMES } from "./fields.js";
import { forEachToken } from "./tokenizer.js";

/**
 * Shorthand → the words it stands for, each reading a phrase of one or more words (several readings when usage has
 * several: "ci" is a build pipeline as often as "continuous integration"). General usage only, no product's names.
 */
const SHORTHAND_TABLE: Readonly<Record<string, readonly string[]>> = {
  dm: ["direct message", "message"],
  dms: ["direct messages", "messages"],
  msg: ["message"],
  msgs: ["messages"],
  pr: ["pull request"],
  prs: ["pull requests"],
  ci: ["continuous integration", "build", "pipeline", "workflow"],
  repo: ["repository"],
  repos: ["repositories"],
  cal: ["calendar"],
  appt: ["appointment"],
  appts: ["appointments"],
  mtg: ["meeting"],
  mtgs: ["meetings"],
  doc: ["document"],
  docs: ["documents", "documentation"],
  pic: ["picture", "photo", "image"],
  pics: ["pictures", "photos", "images"],
  img: ["image"],
  imgs: ["images"],
  txn: ["transaction"],
  txns: ["transactions"],
  acct: ["account"],
  cust: ["customer"],
  org: ["organization"],
  orgs: ["organizations"],
  env: ["environment"],
  config: ["configuration"],
  db: ["database"],
  perms: ["permissions"],
  dir: ["directory", "folder"],
  dirs: ["directories", "folders"],
  addr: ["address"],
  qty: ["quantity"],
  tmrw: ["tomorrow"],
  tmr: ["tomorrow"],
  tmw: ["tomorrow"],
  bday: ["birthday"],
  convo: ["conversation"],
  notif: ["notification"],
  notifs: ["notifications"],
  ooo: ["out of office"],
  pto: ["time off", "leave", "vacation"],
  vm: ["virtual machine", "instance"],
  ns: ["namespace"],
  svc: ["service"],
  deps: ["dependencies"],
  prod: ["production"],
  stg: ["staging"],
  dept: ["department"],
  mgr: ["manager"],
  req: ["request"],
  opp: ["opportunity"],
  opps: ["opportunities"],
  sms: ["text message"],
  ppl: ["people"],
  yr: ["year"],
  wk: ["week"],
  mins: ["minutes"],
  auth: ["authentication"],
};

/** Shorthand → its readings, as a Map: a word such as "constructor" is no key of it. */
export const SHORTHAND: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(SHORTHAND_TABLE));

/**
 * Full word → the shorthand whose first reading it is ("message" → msg, "repository" → repo). Only the first: "dir"
 * reads as "folder" too, but a request's "folder" is not to be read as every "dir" of a catalog.
 */
export const SHORTHAND_FOR: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [short, [reading]] of SHORTHAND) {
    if (reading === undefined || reading.includes(" ")) continue;
    const list = map.get(reading);
    if (list === undefined) map.set(reading, [short]);
    else list.push(short);
  }
  return map;
})();

/** A shorthand reading's indexed terms, read once per reading (the table is fixed). */
const readingTerms = new Map<string, string[]>();
export function phraseWords(phrase: string): string[] {
  let terms = readingTerms.get(phrase);
  if (terms === undefined) {
    terms = [];
    forEachToken(phrase, (token) => {
      if (!token.stop) terms!.push(token.term);
    });
    readingTerms.set(phrase, terms);
  }
  return terms;
}

/** What `nameTerms` and `nameFrequencies` read of the postings (bm25f.ts's `PostingsIndex`). */
interface NameFields {
  readonly docCount: number;
  readonly terms: readonly string[];
  readonly fieldStarts: Uint32Array;
  readonly sequence: ArrayLike<number>;
}

const nameFrequenciesOf = new WeakMap<NameFields, Uint32Array>();
const nameTermsOf = new WeakMap<NameFields, Set<number>>();

/**
 * How many tools' names hold each term, by term id (read once per index; the name is each tool's first field): where
 * a word is what a tool is about.
 */
export function nameFrequencies(index: NameFields): Uint32Array {
  let counts = nameFrequenciesOf.get(index);
  if (counts === undefined) {
    counts = new Uint32Array(index.terms.length);
    const fields = FIELD_NAMES.length;
    const last = new Int32Array(index.terms.length).fill(-1);
    for (let d = 0; d < index.docCount; d++)
      for (let i = index.fieldStarts[d * fields]; i < index.fieldStarts[d * fields + 1]; i++) {
        const term = index.sequence[i];
        if (last[term] === d) continue;
        last[term] = d;
        counts[term]++;
      }
    nameFrequenciesOf.set(index, counts);
  }
  return counts;
}

/** The term ids written in the catalog's tool names. */
export function nameTerms(index: NameFields): Set<number> {
  let terms = nameTermsOf.get(index);
  if (terms === undefined) {
    terms = new Set();
    nameFrequencies(index).forEach((count, term) => {
      if (count > 0) terms!.add(term);
    });
    nameTermsOf.set(index, terms);
  }
  return terms;
}
