// What a terse reply to the assistant is offered: 120 dialogues (bench/confirmations/dialogues.json, written blind
// over nine of the everyday catalogs) in which the assistant proposed an action, offered options, asked for a
// go-ahead or finished and offered more help, and the user answered ("yes pls", "the 2nd", "nah not yet", "perfect
// thanks"). Each dialogue's user turns go through one delivery's prepareStep in order, as generateText's first step
// of each turn calls it, with the AI SDK messages before them; the last turn's activeTools are read.
//
//   npm run build && npx node bench/confirmations.mjs [--before <dist of another build>] [--misses]
//
// Writes bench/confirmations.md.
//
// Per kind: confirm / choose / redirect (the next step needs a tool: right tool offered, any of `expected`), decline /
// thanks (`expected` is []: given no tool); and tools offered per reply. Rows: toolsift's default prepareStep(),
// stableTools: false, inConversation (the definitions delivered so far) and a plain select of the latest user message
// with the messages (this build, and --before's),
// toolpick 0.4.0's prepareStep() and the plain BM25 top 5.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { plainBm25PrepareStep } from "./everyday/plain-bm25.mjs";
import { toToolSet } from "./everyday/rows.mjs";

const { values: args } = parseArgs({ options: { before: { type: "string" }, misses: { type: "boolean" } } });
const here = new URL(".", import.meta.url).pathname;
const { dialogues } = JSON.parse(readFileSync(resolve(here, "confirmations/dialogues.json"), "utf8"));
const catalogOf = new Map();
const catalog = (id) => {
  if (!catalogOf.has(id))
    catalogOf.set(id, JSON.parse(readFileSync(resolve(here, `everyday/catalogs/${id}.json`), "utf8")));
  return catalogOf.get(id);
};

const load = async (dist) => import(pathToFileURL(resolve(dist, "index.js")).href);
const builds = [{ label: "this build", module: await load(resolve(here, "../dist")) }];
if (args.before) builds.push({ label: "before", module: await load(args.before) });
const toolpick = await import("toolpick");

/** The dialogue's messages as the AI SDK holds them: tool calls answered by tool results. */
function modelMessages(messages) {
  const out = [];
  let id = 0;
  for (const message of messages) {
    if (message.role === "user") out.push({ role: "user", content: message.text });
    else if ((message.toolCalls ?? []).length > 0) {
      const calls = message.toolCalls.map((toolName) => ({ toolCallId: `c${id++}`, toolName }));
      out.push({ role: "assistant", content: calls.map((call) => ({ type: "tool-call", ...call, input: {} })) });
      out.push({
        role: "tool",
        content: calls.map((call) => ({ type: "tool-result", ...call, output: { type: "json", value: { ok: true } } })),
      });
    } else out.push({ role: "assistant", content: [{ type: "text", text: message.text }] });
  }
  return out;
}

/** The catalog tools whose definitions `messages` deliver (each delivery message lists them in its providerOptions). */
function deliveredNames(messages, toolSet) {
  const delivered = messages.flatMap((message) => message.providerOptions?.toolsift?.delivered ?? []);
  return [...new Set(delivered)].filter((name) => Object.hasOwn(toolSet, name));
}

/** Runs every user turn of `dialogue` through `prepareStep` in order; the last turn's activeTools. */
async function lastOffered(prepareStep, dialogue) {
  const messages = modelMessages(dialogue.messages);
  let offered = [];
  for (let end = 1; end <= messages.length; end++) {
    if (messages[end - 1].role !== "user") continue;
    const result = await prepareStep({ steps: [], stepNumber: 0, messages: messages.slice(0, end), model: {} });
    offered = result?.activeTools ?? Object.keys(toToolSet(catalog(dialogue.catalog)));
  }
  return offered;
}

const indexes = new Map();
const indexOf = (build, id) => {
  const key = `${build.label}|${id}`;
  if (!indexes.has(key)) indexes.set(key, build.module.createToolIndex(toToolSet(catalog(id))));
  return indexes.get(key);
};
const pickIndexes = new Map();
const pickIndexOf = async (id) => {
  if (!pickIndexes.has(id)) {
    const index = toolpick.createToolIndex(toToolSet(catalog(id)));
    await index.warmUp();
    pickIndexes.set(id, index);
  }
  return pickIndexes.get(id);
};

const rows = [
  ...builds.flatMap((build) => [
    { label: `toolsift prepareStep() (${build.label})`, make: (id) => indexOf(build, id).prepareStep() },
    {
      label: `toolsift prepareStep({ stableTools: false }) (${build.label})`,
      make: (id) => indexOf(build, id).prepareStep({ stableTools: false }),
    },
    {
      // Definitions delivered in the conversation: what the dispatcher can call at the last turn (every definition
      // delivered so far), or nothing when the turn is offered no tool (the dispatcher not active).
      label: `toolsift inConversation(tools) (${build.label})`,
      make: (id) => {
        const toolSet = toToolSet(catalog(id));
        const delivery = indexOf(build, id).inConversation(toolSet);
        return async (call) => {
          const result = await delivery.prepareStep(call);
          if (result.activeTools !== undefined && !result.activeTools.includes("call_tool")) return { activeTools: [] };
          return { activeTools: deliveredNames(result.messages, toolSet) };
        };
      },
    },
    {
      // A plain select of the latest user message, the conversation beside it (a loop of one's own).
      label: `toolsift select(text, { messages }) (${build.label})`,
      make:
        (id) =>
        async ({ messages }) => {
          const content = messages.at(-1).content;
          const text = typeof content === "string" ? content : content.map((part) => part.text ?? "").join(" ");
          return { activeTools: await indexOf(build, id).select(text, { messages }) };
        },
    },
  ]),
  { label: "toolpick 0.4.0 prepareStep()", make: async (id) => (await pickIndexOf(id)).prepareStep() },
  { label: "plain BM25 top 5", make: (id) => plainBm25PrepareStep(catalog(id).tools) },
];

const KINDS = ["confirm", "choose", "redirect", "decline", "thanks"];
const pct = (part, whole) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`);
const lines = [
  "# Replies to what the assistant asked",
  "",
  `${dialogues.length} dialogues; \`npx node bench/confirmations.mjs ${process.argv.slice(2).join(" ")}\``.trim(),
  "",
  `| row | ${KINDS.map((kind) => `${kind} (${dialogues.filter((d) => d.kind === kind).length})`).join(" | ")} | tools / reply |`,
  `| --- | ${KINDS.map(() => "--:").join(" | ")} | --: |`,
];
for (const row of rows) {
  const hits = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
  const misses = [];
  let tools = 0;
  for (const dialogue of dialogues) {
    const offered = await lastOffered(await row.make(dialogue.catalog), dialogue);
    tools += offered.length;
    const right =
      dialogue.expected.length === 0 ? offered.length === 0 : dialogue.expected.some((n) => offered.includes(n));
    if (right) hits[dialogue.kind]++;
    else
      misses.push(
        `${dialogue.id} (${dialogue.catalog}) ${JSON.stringify(dialogue.messages.at(-1).text)}: ` +
          `${offered.slice(0, 6).join(", ") || "none"} (needs ${dialogue.expected.join(" | ") || "none"})`,
      );
  }
  const cells = KINDS.map((kind) => pct(hits[kind], dialogues.filter((d) => d.kind === kind).length));
  lines.push(`| ${row.label} | ${cells.join(" | ")} | ${(tools / dialogues.length).toFixed(1)} |`);
  if (args.misses) console.error(`\n${row.label}:\n  ${misses.join("\n  ")}`);
}
lines.push(
  "",
  "confirm / choose / redirect: the reply's next step offered one of the tools it needs; decline / thanks: offered no tool.",
);
console.log(lines.join("\n"));
writeFileSync(resolve(here, "confirmations.md"), `${lines.join("\n")}\n`);
