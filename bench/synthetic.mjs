// Deterministic synthetic catalogs of N tools grown from the BFCL tools, for speed and memory only.
//
// Tool i is a variant of BFCL tool (i mod 589):
//   name        `${base.name}_${domain}_${i}`, domain drawn from DOMAINS;
//   description the base description's words, with 0-2 of them dropped and 3-6 words from the
//               domain's vocabulary (plus a shared verb list) inserted at random positions, so
//               lengths stay close to real descriptions and posting lists overlap realistically;
//   parameters  the base tool's schema, copied as is.
// Everything comes from mulberry32(SYNTHETIC_SEED), so the same N always gives the same catalog.
// Queries: the BFCL queries (their expected tools are meaningless here; only timing uses them).
import { loadBfcl } from "./lib/data.mjs";
import { mulberry32, randomInt } from "../scripts/seeded-random.mjs";

export const SYNTHETIC_SEED = 0x5eed_0589;

const VERBS = [
  "create",
  "update",
  "delete",
  "list",
  "fetch",
  "search",
  "sync",
  "export",
  "import",
  "validate",
  "schedule",
  "archive",
  "restore",
  "notify",
  "approve",
  "merge",
  "publish",
  "estimate",
  "convert",
  "track",
];

const DOMAINS = {
  billing: ["invoice", "payment", "refund", "subscription", "customer", "ledger", "tax", "currency", "receipt", "plan"],
  crm: ["contact", "lead", "deal", "pipeline", "account", "opportunity", "campaign", "note", "owner", "stage"],
  devops: ["deployment", "cluster", "container", "pipeline", "release", "service", "log", "alert", "metric", "node"],
  storage: ["bucket", "file", "folder", "object", "snapshot", "volume", "backup", "quota", "path", "upload"],
  calendar: ["event", "meeting", "attendee", "reminder", "slot", "timezone", "room", "invite", "agenda", "recurrence"],
  support: ["ticket", "agent", "queue", "priority", "escalation", "macro", "article", "survey", "sla", "conversation"],
  commerce: [
    "order",
    "cart",
    "product",
    "inventory",
    "shipment",
    "discount",
    "catalog",
    "variant",
    "warehouse",
    "return",
  ],
  analytics: ["report", "dashboard", "query", "dataset", "funnel", "cohort", "segment", "chart", "retention", "event"],
  messaging: [
    "message",
    "channel",
    "thread",
    "reaction",
    "mention",
    "attachment",
    "webhook",
    "bot",
    "user",
    "workspace",
  ],
  security: [
    "credential",
    "role",
    "permission",
    "audit",
    "policy",
    "token",
    "session",
    "key",
    "certificate",
    "incident",
  ],
};
const DOMAIN_NAMES = Object.keys(DOMAINS);

function makeTool(base, i, random) {
  const domain = DOMAIN_NAMES[randomInt(random, DOMAIN_NAMES.length)];
  const vocabulary = DOMAINS[domain];
  const words = base.description.split(/\s+/).filter((w) => w.length > 0);
  const drops = Math.min(randomInt(random, 3), Math.max(0, words.length - 3));
  for (let d = 0; d < drops; d++) words.splice(randomInt(random, words.length), 1);
  const inserts = 3 + randomInt(random, 4);
  for (let k = 0; k < inserts; k++) {
    const word =
      random() < 0.3 ? VERBS[randomInt(random, VERBS.length)] : vocabulary[randomInt(random, vocabulary.length)];
    words.splice(randomInt(random, words.length + 1), 0, word);
  }
  return {
    name: `${base.name}_${domain}_${i}`,
    description: words.join(" "),
    parameters: structuredClone(base.parameters),
  };
}

const catalogs = new Map();

/**
 * A synthetic catalog of `size` tools (cached per size).
 * @returns {{ tools: {name: string, description: string, parameters: object}[], queries: {query: string}[] }}
 */
export function makeSyntheticCatalog(size, seed = SYNTHETIC_SEED) {
  const key = `${size}:${seed}`;
  if (catalogs.has(key)) return catalogs.get(key);
  const { tools: baseTools, queries } = loadBfcl();
  const random = mulberry32(seed);
  const tools = [];
  for (let i = 0; i < size; i++) tools.push(makeTool(baseTools[i % baseTools.length], i, random));
  const catalog = { tools, queries };
  catalogs.set(key, catalog);
  return catalog;
}
