// Shorthand people type for common words ("dm", "msg", "repo", "appt"): general English and software usage, read on
// both sides, so a request's "dm" finds a catalog's "direct message" and a request's "message" a catalog's "msg".

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
