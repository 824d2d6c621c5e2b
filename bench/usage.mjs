// Usage learning at 10,000 tools: how long 10,000 `index.learn` calls take, and how big the snapshot gets.
//
//   npm run build && node bench/usage.mjs          (imports dist/; also a section of `npm run bench`)
//
// Catalog: bench/synthetic.mjs at 10,000 tools. Two workloads, both drawn from mulberry32(USAGE_SEED):
//   - realistic: 10,000 conversations of 3–6 user turns with 1–4 tool calls each; each call's tool drawn from a
//     Zipf distribution (weight 1/rank over a seeded shuffle of the catalog, so a few tools are called often and most
//     rarely); each user text is 4–10 consecutive words of the description of the turn's first tool. Messages are
//     built in the AI SDK's ModelMessage shapes before timing (user text; per call an assistant `tool-call` message
//     and a `tool` message with its `tool-result`; a final assistant text).
//   - saturated: every one of the 10,000 tools called SATURATION_ROUNDS times in turns of 4 tools
//     (each round a fresh shuffle of the catalog cut into turns of 4, 5 turns per conversation), and each user text
//     carries a made-up 7-letter word as well, so the term table fills too: the largest snapshot the caps allow.
// Learning time: the 10,000 `index.learn(messages)` calls of the realistic workload on a fresh index, wall time,
// median of LEARN_RUNS runs. Snapshot: `JSON.stringify(index.usage())` in UTF-8 bytes, and gzip (level 6) bytes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { toolsiftLocation } from "./libraries.mjs";
import { mulberry32, randomInt } from "../scripts/seeded-random.mjs";
import { median, nowMs } from "./lib/stats.mjs";
import { makeSyntheticCatalog, SYNTHETIC_SEED } from "./synthetic.mjs";
import { bytes, markdownTable, ms, percent, runIfMain } from "./lib/table.mjs";

export const USAGE_SEED = 0x05a9_e000;
const TOOL_COUNT = 10_000;
const CONVERSATIONS = 10_000;
const LEARN_RUNS = 5;
const SATURATION_ROUNDS = 30;
const GOAL_LEARN_MS = 500;
const GOAL_BYTES = 2 * 1024 * 1024;

/** One conversation as ModelMessages: per turn `{ text, calls }`. */
function toMessages(turns) {
  const messages = [];
  let id = 0;
  for (const { text, calls } of turns) {
    messages.push({ role: "user", content: text });
    for (const toolName of calls) {
      const toolCallId = `call_${id++}`;
      messages.push({ role: "assistant", content: [{ type: "tool-call", toolCallId, toolName, input: {} }] });
      messages.push({
        role: "tool",
        content: [{ type: "tool-result", toolCallId, toolName, output: { type: "json", value: { ok: true } } }],
      });
    }
    messages.push({ role: "assistant", content: [{ type: "text", text: "Done." }] });
  }
  return messages;
}

function shuffled(count, random) {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** Draws tool positions with weight 1/rank, ranks given by a seeded shuffle. */
function zipfSampler(count, random) {
  const order = shuffled(count, random);
  const cumulative = new Float64Array(count);
  let sum = 0;
  for (let rank = 0; rank < count; rank++) cumulative[rank] = sum += 1 / (rank + 1);
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return order[low];
  };
}

/** 4–10 consecutive words of a tool's description. */
function userText(tool, random) {
  const words = tool.description.split(/\s+/).filter((word) => word.length > 0);
  const length = Math.min(words.length, 4 + randomInt(random, 7));
  const start = randomInt(random, words.length - length + 1);
  return words.slice(start, start + length).join(" ");
}

/** A made-up 7-letter word (a name, a code): one new query term per turn. */
function madeUpWord(random) {
  let word = "";
  for (let i = 0; i < 7; i++) word += String.fromCharCode(97 + randomInt(random, 26));
  return word;
}

export function realisticConversations(tools, random) {
  const draw = zipfSampler(tools.length, random);
  return Array.from({ length: CONVERSATIONS }, () => {
    const turns = Array.from({ length: 3 + randomInt(random, 4) }, () => {
      const called = Array.from({ length: 1 + randomInt(random, 4) }, () => tools[draw()]);
      return { text: userText(called[0], random), calls: called.map((tool) => tool.name) };
    });
    return toMessages(turns);
  });
}

export function saturatingConversations(tools, random) {
  const conversations = [];
  for (let round = 0; round < SATURATION_ROUNDS; round++) {
    const order = shuffled(tools.length, random);
    let turns = [];
    for (let start = 0; start < order.length; start += 4) {
      const called = order.slice(start, start + 4).map((position) => tools[position]);
      turns.push({
        text: `${userText(called[0], random)} ${madeUpWord(random)}`,
        calls: called.map((tool) => tool.name),
      });
      if (turns.length === 5) {
        conversations.push(toMessages(turns));
        turns = [];
      }
    }
    if (turns.length > 0) conversations.push(toMessages(turns));
  }
  return conversations;
}

/** Links per row of a snapshot's link lists (`[key, total, to, weight, ...]`). */
const linkCounts = (rows) => rows.map((row) => (row.length - 2) / 2);

function describeSnapshot(snapshot, caps, snapshotRows) {
  const json = JSON.stringify(snapshot);
  const rows = snapshotRows(snapshot);
  const jsonBytes = Buffer.byteLength(json);
  const fields = {};
  for (const field of ["tools", "starts", "next", "together", "terms"]) {
    fields[field] = Buffer.byteLength(JSON.stringify(snapshot[field]));
  }
  const nextLinks = linkCounts(rows.next);
  const togetherLinks = linkCounts(rows.together);
  const atCap = (counts) => counts.filter((count) => count >= caps.maxLinks).length;
  // The same snapshot in version 1's layout (number arrays), which index.usage() wrote before version 2.
  const version1Bytes = Buffer.byteLength(JSON.stringify({ ...snapshot, version: 1, ...rows }));
  return {
    bytes: jsonBytes,
    version1Bytes,
    gzipBytes: gzipSync(json).length,
    fields,
    tools: snapshot.tools.length,
    terms: snapshot.terms.length,
    links: nextLinks.reduce((a, b) => a + b, 0) + togetherLinks.reduce((a, b) => a + b, 0),
    maxLinks: Math.max(0, ...nextLinks, ...togetherLinks),
    maxTermTools: Math.max(0, ...linkCounts(rows.terms)),
    nextAtCap: atCap(nextLinks),
    togetherAtCap: atCap(togetherLinks),
  };
}

export async function measureUsage() {
  const { createToolIndex } = await import(toolsiftLocation);
  const { tools } = makeSyntheticCatalog(TOOL_COUNT);
  const random = mulberry32(USAGE_SEED);
  const conversations = realisticConversations(tools, random);
  const count = (role) =>
    conversations.reduce((sum, messages) => sum + messages.filter((m) => m.role === role).length, 0);
  const turns = count("user");
  // One `tool` message per call.
  const calls = count("tool");
  const runs = [];
  let learnt;
  for (let run = 0; run < LEARN_RUNS; run++) {
    const index = createToolIndex(tools);
    const start = nowMs();
    for (const messages of conversations) index.learn(messages);
    runs.push(nowMs() - start);
    learnt = index;
  }
  let start = nowMs();
  const realistic = learnt.usage();
  const snapshotMs = nowMs() - start;
  start = nowMs();
  createToolIndex(tools, { learning: { usage: realistic } });
  const restoreMs = nowMs() - start;

  const saturating = saturatingConversations(tools, random);
  const saturatedIndex = createToolIndex(tools);
  for (const messages of saturating) saturatedIndex.learn(messages);
  const saturated = saturatedIndex.usage();
  const { DEFAULT_USAGE_LIMITS: caps, snapshotRows } = await usageInternals();
  return {
    tools: tools.length,
    conversations: conversations.length,
    turns,
    calls,
    learnMs: median(runs),
    learnRuns: runs,
    snapshotMs,
    restoreMs,
    caps,
    saturatingConversations: saturating.length,
    realistic: describeSnapshot(realistic, caps, snapshotRows),
    saturated: describeSnapshot(saturated, caps, snapshotRows),
  };
}

/**
 * The usage graph's caps and the snapshot decoder, which no public entry exports (the package ships its bundles only):
 * bundled from src/ with esbuild into a temporary module.
 */
async function usageInternals() {
  const { build } = await import("esbuild");
  const dir = mkdtempSync(join(tmpdir(), "toolsift-usage-"));
  const outfile = join(dir, "usage-internals.mjs");
  try {
    await build({
      stdin: {
        contents:
          'export { DEFAULT_USAGE_LIMITS } from "./src/usage/usage-graph.ts";\n' +
          'export { snapshotRows } from "./src/usage/usage-snapshot.ts";\n',
        resolveDir: fileURLToPath(new URL("..", import.meta.url)),
        loader: "ts",
      },
      bundle: true,
      format: "esm",
      platform: "neutral",
      outfile,
      logLevel: "error",
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const verdict = (value, goal) => (value <= goal ? "met" : "**missed**");

export function usageTable(result) {
  const timing = markdownTable(
    ["workload", "learn calls", "turns", "tool calls", "wall ms (median)", "µs per learn", "goal ≤ 500 ms"],
    [
      [
        `realistic, ${result.tools.toLocaleString("en-US")} tools`,
        result.conversations.toLocaleString("en-US"),
        result.turns.toLocaleString("en-US"),
        result.calls.toLocaleString("en-US"),
        ms(result.learnMs),
        ((result.learnMs * 1000) / result.conversations).toFixed(1),
        verdict(result.learnMs, GOAL_LEARN_MS),
      ],
    ],
  );
  const row = (label, snapshot, conversations) => [
    label,
    conversations.toLocaleString("en-US"),
    snapshot.links.toLocaleString("en-US"),
    `${snapshot.maxLinks} / ${snapshot.maxTermTools}`,
    `${percent(snapshot.nextAtCap / result.tools)} / ${percent(snapshot.togetherAtCap / result.tools)}`,
    snapshot.terms.toLocaleString("en-US"),
    bytes(snapshot.bytes),
    bytes(snapshot.version1Bytes),
    bytes(snapshot.gzipBytes),
    verdict(snapshot.bytes, GOAL_BYTES),
  ];
  const sizes = markdownTable(
    [
      "snapshot",
      "conversations",
      "tool links",
      "most links per tool / per term",
      "tools at the link cap (next / together)",
      "terms",
      "JSON",
      "JSON as version 1",
      "gzip",
      "goal ≤ 2 MB",
    ],
    [
      row("realistic", result.realistic, result.conversations),
      row("saturated", result.saturated, result.saturatingConversations),
    ],
  );
  const share = (snapshot) =>
    Object.entries(snapshot.fields)
      .map(([field, size]) => `${field} ${bytes(size)} (${percent(size / snapshot.bytes)})`)
      .join(", ");
  return [
    timing,
    "",
    sizes,
    "",
    `Snapshot JSON by field, realistic: ${share(result.realistic)}.`,
    `Saturated: ${share(result.saturated)}.`,
    `\`index.usage()\` of the realistic graph took ${ms(result.snapshotMs)} ms, ` +
      `\`createToolIndex(tools, { usage })\` from it ${ms(result.restoreMs)} ms. ` +
      `Learning runs (ms, in order): ${result.learnRuns.map((run) => ms(run)).join(", ")}. ` +
      `Caps: maxLinks ${result.caps.maxLinks}, maxTermTools ${result.caps.maxTermTools}, ` +
      `maxTerms ${result.caps.maxTerms.toLocaleString("en-US")}, ` +
      `half-life ${result.caps.halfLife.toLocaleString("en-US")} conversations. The 2 MB goal is read as 2 MiB. ` +
      `Snapshots hold each list cut to its cap, each link as thousandths of its list's total; version 2 (written ` +
      `since 2026-12-01) writes each list as one string of base-64 digits, version 1 (still read) as number arrays.`,
  ].join("\n");
}

export const USAGE_NOTES = [
  `Catalog: bench/synthetic.mjs at ${TOOL_COUNT.toLocaleString("en-US")} tools (seed ${SYNTHETIC_SEED}).`,
  `Realistic: ${CONVERSATIONS.toLocaleString("en-US")} conversations from mulberry32(${USAGE_SEED}), 3–6 user turns`,
  "of 1–4 tool calls, tools drawn with Zipf weights (1/rank over a seeded shuffle), user texts 4–10 words of the",
  "turn's first tool's description, in the AI SDK's ModelMessage shapes (built before timing). Time: the",
  `${CONVERSATIONS.toLocaleString("en-US")} \`index.learn(messages)\` calls on a fresh keyword index, median of`,
  `${LEARN_RUNS} runs. Saturated: each tool called in ${SATURATION_ROUNDS} shuffled rounds in turns of 4 (5 turns`,
  "a conversation), user texts with a made-up 7-letter word so the term table fills; a tool is at the cap when a",
  "list of its holds maxLinks links or more. Size: `JSON.stringify(index.usage())` in UTF-8, and gzip level 6.",
  "Command: `npm run build && node bench/usage.mjs`.",
].join(" ");

await runIfMain(import.meta.url, async () => {
  const result = await measureUsage();
  return `## Usage learning at 10,000 tools: learn time and snapshot size\n\n${USAGE_NOTES}\n\n${usageTable(result)}`;
});
