// LangChain.js: toolsift's middleware (`toolsift/langchain`) against LangChain's own
// `llmToolSelectorMiddleware`, both inside a real `createAgent` loop on the BFCL catalog.
//
//   npm run build && npx node bench/langchain.mjs      (writes bench/langchain.md)
//
// Every BFCL query (600; 589 tools as LangChain `tool()`s with their JSON Schemas) is one agent turn:
// `agent.invoke({ messages: [new HumanMessage(query)] })`, maxTools 5 for both, and a fake main model
// (`fakeModel()` from @langchain/core/testing) that answers with text, so each turn is one main model call.
// The built-in selector needs a model of its own: a fake chat model whose `withStructuredOutput(schema)`
// reads the tool names from the schema the middleware builds (as an LLM would see them: names only) and
// answers deterministically, without an LLM: it ranks the names by how many distinct query words
// (lower-cased, a trailing "s" dropped, English function words removed) equal a word of the name (split
// on "_", ".", "-" and camelCase), ties in catalog order, and returns the best 5 with at least one word in
// common. Both fakes count their calls.
//   - selection ms: two probe middlewares around the selector (`[probe start, selector, probe end]`)
//     time from entering the selector to the main model's handler; median and p90 over the 600 turns,
//     after 40 warm-up turns (queries built from tool descriptions) and `warmUp()` for toolsift.
//   - extra model calls per turn: selector-model calls / turns (toolsift makes none).
//   - recall@5: share of a query's expected tools among those the main model was bound (what the probe
//     saw in `request.tools`). Reported for toolsift only: for the built-in it would measure the fake rule
//     above, not an LLM, so its cell reads "n/a (fake selector)".
//   - tool tokens per turn: o200k_base tokens of the tool definitions the main model was offered
//     (bench/agent/tokens.mjs), plus, for the built-in, the selector call's structured-output schema
//     (JSON Schema of the 589-name enum, via @langchain/core's toJsonSchema); its prompt text is left out.
import { HumanMessage, AIMessage } from "@langchain/core/messages";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { RunnableLambda } from "@langchain/core/runnables";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import { createAgent, createMiddleware, llmToolSelectorMiddleware } from "langchain";
import { countTokens, tokenTable, tokensOf } from "./agent/tokens.mjs";
import { dataLocation, loadBfcl } from "./lib/data.mjs";
import { median, nowMs, quantile } from "./lib/stats.mjs";
import { markdownTable, ms, percent, runIfMain } from "./lib/table.mjs";

const MAX_TOOLS = 5;
const WARMUP = 40;
const langchainLocation = new URL("../dist/langchain/index.js", import.meta.url);

const STOP_WORDS = new Set(
  "a an the of for to in on at by with and or from into is are be me my i you your it its this that what which how can please using use given find".split(
    " ",
  ),
);

const stem = (word) => (word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word);
const queryWords = (text) => [
  ...new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => !STOP_WORDS.has(word)).map(stem)),
];
const nameWords = (name) =>
  new Set(
    name
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .map(stem),
  );

/** The deterministic rule the fake selector answers with (see the header). */
export function pickByNameWords(query, names, maxTools) {
  const words = queryWords(query);
  const scored = names.map((name, position) => {
    const parts = nameWords(name);
    return { name, position, score: words.filter((word) => parts.has(word)).length };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, maxTools)
    .map((entry) => entry.name);
}

/** A chat model for llmToolSelectorMiddleware: structured output by `pickByNameWords`, no LLM. */
class NameWordSelectorModel extends BaseChatModel {
  calls = 0;
  schemaTokens = [];

  constructor(maxTools) {
    super({});
    this.maxTools = maxTools;
  }

  _llmType() {
    return "name-word-selector";
  }

  async _generate() {
    return { generations: [{ text: "", message: new AIMessage("") }] };
  }

  withStructuredOutput(schema) {
    // The schema is z.object({ tools: z.array(z.union([z.literal(name), ...])) }) (zod 3).
    const names = schema.shape.tools.element.options.map((option) => option.value);
    this.schemaTokens.push(countTokens(JSON.stringify(toJsonSchema(schema))));
    return RunnableLambda.from(async (messages) => {
      this.calls++;
      const last = messages.at(-1);
      const text =
        typeof last.content === "string" ? last.content : last.content.map((part) => part.text ?? "").join(" ");
      return { tools: pickByNameWords(text, names, this.maxTools) };
    });
  }
}

/** A main model that answers every call with text (one model call per turn), counting calls. */
function mainModel(turns) {
  const model = fakeModel();
  for (let i = 0; i < turns; i++) model.respond(new AIMessage("done"));
  return model;
}

/** `[start, selector, end]`: times the selector and records what the main model is offered. */
function probes() {
  const state = { started: 0, samples: [], offered: [] };
  const start = createMiddleware({
    name: "ProbeStart",
    wrapModelCall: (request, handler) => {
      state.started = nowMs();
      return handler(request);
    },
  });
  const end = createMiddleware({
    name: "ProbeEnd",
    wrapModelCall: (request, handler) => {
      state.samples.push(nowMs() - state.started);
      state.offered.push(request.tools.map((entry) => entry.name));
      return handler(request);
    },
  });
  return { start, end, state };
}

/** Runs the measured turns through one agent; `selectorModel` is the built-in's fake selector (none for toolsift). */
async function runSelector(label, selector, tools, queries, warmQueries, tokens, selectorModel) {
  const model = mainModel(warmQueries.length + queries.length);
  const probe = probes();
  const agent = createAgent({ model, tools, middleware: [probe.start, selector, probe.end] });
  for (const query of warmQueries) await agent.invoke({ messages: [new HumanMessage(query)] });
  probe.state.samples.length = 0;
  probe.state.offered.length = 0;
  const callsBefore = model.callCount;
  const selectorCallsBefore = selectorModel?.calls ?? 0;
  const schemaStart = selectorModel?.schemaTokens.length ?? 0;
  const turnTimes = [];
  for (const { query } of queries) {
    const started = nowMs();
    await agent.invoke({ messages: [new HumanMessage(query)] });
    turnTimes.push(nowMs() - started);
  }
  let recall = 0;
  queries.forEach(({ expected }, turn) => {
    const offered = new Set(probe.state.offered[turn]);
    recall += expected.filter((name) => offered.has(name)).length / expected.length;
  });
  const toolTokens = probe.state.offered.map((names) => tokensOf(tokens, names));
  return {
    label,
    turns: queries.length,
    selection: { median: median(probe.state.samples), p90: quantile(probe.state.samples, 0.9) },
    turn: { median: median(turnTimes) },
    mainCallsPerTurn: (model.callCount - callsBefore) / queries.length,
    extraCallsPerTurn: ((selectorModel?.calls ?? 0) - selectorCallsBefore) / queries.length,
    offeredMean: probe.state.offered.reduce((sum, names) => sum + names.length, 0) / queries.length,
    // The fake selector's recall would rate the fake rule, not LangChain's selector: not reported.
    recall: selectorModel === undefined ? recall / queries.length : null,
    tokensPerTurn:
      median(toolTokens) + (selectorModel === undefined ? 0 : median(selectorModel.schemaTokens.slice(schemaStart))),
  };
}

export async function measureLangChain() {
  if (!existsSync(langchainLocation))
    throw new Error("bench: dist/langchain/index.js not found; run `npm run build` first.");
  const { toolsiftMiddleware } = await import(langchainLocation.href);
  const { tools: definitions, queries } = loadBfcl();
  const tools = definitions.map((entry) =>
    tool(async () => "ok", { name: entry.name, description: entry.description, schema: entry.parameters }),
  );
  const tokens = tokenTable(definitions);
  const warmQueries = Array.from({ length: WARMUP }, (_, i) => definitions[(i * 13) % definitions.length].description);

  // Per call, as the built-in selects: the default cache-keeping set is measured in bench/langchain-loop.mjs.
  const toolsift = toolsiftMiddleware({ tools, maxTools: MAX_TOOLS, stableTools: false });
  await toolsift.warmUp();
  const selectorModel = new NameWordSelectorModel(MAX_TOOLS);
  const builtIn = llmToolSelectorMiddleware({ model: selectorModel, maxTools: MAX_TOOLS });

  return {
    tools: definitions.length,
    rows: [
      await runSelector(
        "toolsift `toolsiftMiddleware` (keyword)",
        toolsift,
        tools,
        queries,
        warmQueries,
        tokens,
        undefined,
      ),
      await runSelector(
        "LangChain `llmToolSelectorMiddleware` (fake selector)",
        builtIn,
        tools,
        queries,
        warmQueries,
        tokens,
        selectorModel,
      ),
    ],
  };
}

export function langchainTable({ rows }) {
  return markdownTable(
    [
      "selector (maxTools 5)",
      "turns",
      "selection median ms",
      "selection p90 ms",
      "extra model calls / turn",
      "main model calls / turn",
      "tools offered (mean)",
      "recall@5",
      "tool tokens / turn (median)",
      "agent turn median ms",
    ],
    rows.map((row) => [
      row.label,
      row.turns,
      ms(row.selection.median),
      ms(row.selection.p90),
      row.extraCallsPerTurn.toFixed(2),
      row.mainCallsPerTurn.toFixed(2),
      row.offeredMean.toFixed(2),
      row.recall === null ? "n/a (fake selector)" : percent(row.recall),
      Math.round(row.tokensPerTurn).toLocaleString("en-US"),
      ms(row.turn.median),
    ]),
  );
}

export const LANGCHAIN_NOTES =
  "Both middlewares run inside `createAgent` (langchain 1.5.14, @langchain/core 1.4.0) with a fake main model that answers with text; " +
  "toolsift uses its defaults (keyword BM25F, `adaptive: false`). The built-in selector's model is a deterministic fake (tool names sharing " +
  "words with the query, best 5), so its latency here is LangChain's own overhead per step (building a 589-literal zod enum, the structured-output " +
  "call) without the LLM round trip a real selector adds, and its recall is not reported (it would rate the fake rule, not an LLM). Its real per-turn cost is one more " +
  "model call carrying the tool-name enum (the tokens column) on every step.";

await runIfMain(import.meta.url, async () => {
  const result = await measureLangChain();
  const report = [
    "# LangChain.js: toolsift middleware vs `llmToolSelectorMiddleware`",
    "",
    "Command: `npm run build && npx node bench/langchain.mjs` (writes this file).",
    "",
    langchainTable(result),
    "",
    LANGCHAIN_NOTES,
    "",
    `Data: ${String(dataLocation).replace(/^file:\/\//, "")} (${result.tools} tools, ${result.rows[0].turns} queries). ` +
      `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, Node ${process.version}. Run ${new Date().toISOString().slice(0, 10)}.`,
    "",
  ].join("\n");
  writeFileSync(new URL("./langchain.md", import.meta.url), report);
  return report;
});
