// The agent loop: the tokens of tool definitions sent per model call, full catalog vs toolsift's
// selection, and what `prepareStep` costs per step.
//
//   npx node bench/agent.mjs          (needs dist/: `npm run build`; also a section of `npm run bench`)
//
// Tokens: each tool the model is sent is serialized as the Chat Completions entry the AI SDK's OpenAI
// provider sends, `{ type: "function", function: { name, description, parameters } }`, JSON.stringify,
// and counted with o200k_base (js-tiktoken, offline; bench/agent/tokens.mjs). A call's count is the
// sum over the tools it is sent (the array's brackets and commas, a few tokens, are left out).
//   - BFCL (589 tools, 600 queries): `select(query, { maxTools: 5 })`, adaptive cut on (the default)
//     and off; a query counts as found when its expected tool is among the names selected.
//   - A scripted 10-turn incident session on the 50-tool SaaS catalog (bench/agent/conversation.mjs),
//     through real `generateText` loops with `prepareStep: index.prepareStep({ maxTools: 5 })`: the
//     tools counted are the ones the (mock) model received; a planned tool call counts as found when
//     its tool was offered at that step.
// Selection cost: median ms of `select` (BFCL) or of the `prepareStep` call (session), after warm-up.
//
// prepareStep overhead: median ms per call at 100 and 1,000 tools (bench/synthetic.mjs catalogs),
// keyword strategy, on a 3-turn conversation in the AI SDK's ModelMessage shapes built from three
// consecutive BFCL queries, at two points of the third turn: its first step (no steps yet) and the
// step after a tool call. toolpick 0.4.0's `createToolIndex(toolSet, { strategy: "hybrid" }).prepareStep()`
// gets the same inputs; the two alternate on each input, the order flipping each iteration.
import { existsSync } from "node:fs";
import { loadBfcl, perStepPrepareStep, toToolSet } from "./lib/data.mjs";
import { toolsiftLocation } from "./libraries.mjs";
import { TURNS, loadSaasCatalog, runConversation, saasToolSet } from "./agent/conversation.mjs";
import { tokenTable, tokensOf, toolTokens } from "./agent/tokens.mjs";
import { median, nowMs, quantile } from "./lib/stats.mjs";
import { SYNTHETIC_SEED, makeSyntheticCatalog } from "./synthetic.mjs";
import { markdownTable, ms, percent, ratio, runIfMain } from "./lib/table.mjs";

const WARMUP = 60;
const localLocation = new URL("../dist/local/index.js", import.meta.url);

async function libraries() {
  const toolsift = await import(toolsiftLocation);
  const toolpick = await import("toolpick");
  const local = existsSync(localLocation) ? await import(localLocation.href) : undefined;
  return { toolsift, toolpick, local };
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Warms an index on text that is not a measured query: descriptions of every 10th tool. */
async function warm(select, tools) {
  for (let i = 0; i < WARMUP; i++) await select(tools[(i * 10) % tools.length].description);
}

function summarise(label, perCall, fullTokens, extra) {
  const tokens = perCall.map((call) => call.tokens);
  const found = perCall.filter((call) => call.found !== undefined);
  return {
    label,
    calls: perCall.length,
    toolsMean: mean(perCall.map((call) => call.tools)),
    tokensMean: mean(tokens),
    tokensMedian: median(tokens),
    reduction: 1 - mean(tokens) / fullTokens,
    found: found.filter((call) => call.found).length,
    expected: extra?.expected ?? found.length,
    selectMs: extra?.selectMs,
  };
}

// ---------------------------------------------------------------- BFCL

async function measureBfclTokens({ toolsift, toolpick, local }) {
  const { tools, queries } = loadBfcl();
  const table = tokenTable(tools);
  const fullTokens = tokensOf(
    table,
    tools.map((tool) => tool.name),
  );
  const full = summarise(
    `full catalog (${tools.length} tools)`,
    queries.map(() => ({ tools: tools.length, tokens: fullTokens, found: true })),
    fullTokens,
  );

  const runs = [
    {
      label: "toolsift, adaptive cut (default)",
      make: () => toolsift.createToolIndex(tools),
      options: { maxTools: 5 },
    },
    {
      label: "toolsift, adaptive: false",
      make: () => toolsift.createToolIndex(tools),
      options: { maxTools: 5, adaptive: false },
    },
  ];
  if (local !== undefined) {
    const model = local.localEmbeddingModel();
    runs.push({
      label: "toolsift + local model, adaptive cut",
      make: () => toolsift.createToolIndex(tools, { embeddingModel: model, keyword: { queryExpansion: model } }),
      options: { maxTools: 5 },
    });
  }
  runs.push({
    label: "toolpick (hybrid), adaptive cut",
    make: () => toolpick.createToolIndex(toToolSet(tools), { strategy: "hybrid" }),
    options: { maxTools: 5 },
  });

  const rows = [full];
  for (const run of runs) {
    const index = run.make();
    await index.warmUp();
    await warm((text) => index.select(text, run.options), tools);
    const perCall = [];
    const times = [];
    for (const { query, expected } of queries) {
      const start = nowMs();
      const names = await index.select(query, run.options);
      times.push(nowMs() - start);
      perCall.push({ tools: names.length, tokens: tokensOf(table, names), found: names.includes(expected[0]) });
    }
    rows.push(summarise(run.label, perCall, fullTokens, { selectMs: median(times) }));
  }
  return { rows, fullTokens, toolCount: tools.length, queryCount: queries.length };
}

// ---------------------------------------------------------------- the scripted session

/** Tokens of the definitions one model call received (cached per tool name, checked against the catalog). */
function callTokens(call, catalogTable) {
  let total = 0;
  for (const definition of call.definitions) {
    const tokens = toolTokens({
      name: definition.name,
      description: definition.description,
      parameters: definition.inputSchema,
    });
    if (tokens !== catalogTable.get(definition.name))
      throw new Error(`bench/agent: the SDK sent ${definition.name} differently from the catalog`);
    total += tokens;
  }
  return total;
}

async function measureSession({ toolsift, toolpick, local }) {
  const catalog = loadSaasCatalog();
  const table = tokenTable(catalog);
  const tools = saasToolSet(catalog);
  const fullTokens = tokensOf(
    table,
    catalog.map((tool) => tool.name),
  );
  const plannedCalls = TURNS.reduce(
    (count, turn) => count + turn.steps.filter((step) => step.call !== undefined).length,
    0,
  );

  const runs = [
    { key: "full", label: `full catalog (${catalog.length} tools, no prepareStep)` },
    {
      key: "toolsift",
      label: "toolsift prepareStep, adaptive cut (default)",
      make: () => toolsift.createToolIndex(catalog),
      options: { maxTools: 5 },
    },
    {
      key: "noAdaptive",
      label: "toolsift prepareStep, adaptive: false",
      make: () => toolsift.createToolIndex(catalog),
      options: { maxTools: 5, adaptive: false },
    },
  ];
  if (local !== undefined) {
    const model = local.localEmbeddingModel();
    runs.push({
      key: "local",
      label: "toolsift + local model prepareStep, adaptive cut",
      make: () => toolsift.createToolIndex(catalog, { embeddingModel: model, keyword: { queryExpansion: model } }),
      options: { maxTools: 5 },
    });
  }
  runs.push({
    key: "toolpick",
    label: "toolpick (hybrid) prepareStep",
    make: () => toolpick.createToolIndex(tools, { strategy: "hybrid" }),
    options: { maxTools: 5 },
  });

  const rows = [];
  const sessions = {};
  for (const run of runs) {
    let prepareStep;
    if (run.make !== undefined) {
      const index = run.make();
      await index.warmUp();
      await warm((text) => index.select(text, run.options), catalog);
      prepareStep = perStepPrepareStep(index, run.options);
    }
    const calls = await runConversation(tools, prepareStep);
    const perCall = calls.map((call) => ({
      tools: call.offered.length,
      tokens: callTokens(call, table),
      found: call.hit,
    }));
    rows.push(
      summarise(run.label, perCall, fullTokens, {
        expected: plannedCalls,
        selectMs: prepareStep === undefined ? undefined : median(calls.map((call) => call.prepareMs)),
      }),
    );
    sessions[run.key] = calls;
  }
  return {
    rows,
    sessions,
    runs: runs.map(({ key, label }) => ({ key, label })),
    fullTokens,
    toolCount: catalog.length,
  };
}

export async function measureAgentTokens() {
  const libs = await libraries();
  return { bfcl: await measureBfclTokens(libs), session: await measureSession(libs) };
}

function tokenRows(rows) {
  return markdownTable(
    [
      "run",
      "model calls",
      "tools sent per call (mean)",
      "tokens per call, mean",
      "median",
      "reduction (mean)",
      "expected tool offered",
      "selection ms per call (median)",
    ],
    rows.map((row) => [
      row.label,
      row.calls,
      row.toolsMean.toFixed(1),
      Math.round(row.tokensMean).toLocaleString("en-US"),
      Math.round(row.tokensMedian).toLocaleString("en-US"),
      row.selectMs === undefined ? "—" : percent(row.reduction),
      `${row.found}/${row.expected} (${percent(row.found / row.expected)})`,
      row.selectMs === undefined ? "—" : ms(row.selectMs),
    ]),
  );
}

/** Per turn and run: each planned tool call ✓ (offered), ✗ (not offered: the turn ends there) or · (not reached). */
function sessionTurns({ sessions, runs }) {
  const selectors = runs.filter((run) => run.key !== "full");
  const headers = [
    "turn: user message",
    "planned tool calls",
    ...selectors.map(
      (run) =>
        run.label.replace(/ prepareStep.*$/, "").replace(/, adaptive.*$/, "") +
        (run.key === "noAdaptive" ? " (no cut)" : ""),
    ),
  ];
  const rows = TURNS.map((turn, t) => {
    const planned = turn.steps.filter((step) => step.call !== undefined).map((step) => step.call);
    const cells = selectors.map((run) => {
      const calls = sessions[run.key].filter((call) => call.turn === t + 1 && call.wanted !== undefined);
      return planned.map((_, p) => (calls[p] === undefined ? "·" : calls[p].hit ? "✓" : "✗")).join(" ");
    });
    return [`${t + 1}. ${turn.user.replace(/\|/g, "\\|")}`, planned.join(", "), ...cells];
  });
  return markdownTable(headers, rows);
}

export function agentTokensReport({ bfcl, session }) {
  return [
    `**BFCL** (${bfcl.toolCount} tools, ${bfcl.queryCount} queries; the full catalog is ${bfcl.fullTokens.toLocaleString("en-US")} tokens of tool definitions per call):`,
    "",
    tokenRows(bfcl.rows),
    "",
    `**Scripted 10-turn session** (${session.toolCount}-tool SaaS catalog, ${session.fullTokens.toLocaleString("en-US")} tokens per call with every tool). ` +
      "A planned tool call that is not offered ends its turn (the mock model answers without it), so runs differ in model calls; " +
      '"expected tool offered" counts the planned calls made, out of all 12 (calls after a miss in the same turn count as not made):',
    "",
    tokenRows(session.rows),
    "",
    "Per turn (✓ the planned tool was offered and called, ✗ not offered: the mock answers without it and the turn ends, · not reached):",
    "",
    sessionTurns(session),
  ].join("\n");
}

export const AGENT_TOKENS_NOTES =
  'Tool definitions serialized as the AI SDK\'s OpenAI provider sends them (`{ type: "function", function: { name, description, parameters } }`, ' +
  "JSON.stringify), counted with o200k_base (js-tiktoken) and summed over the tools a call is sent. BFCL: `select(query, { maxTools: 5 })` per query. " +
  "Session: 10 turns through real `generateText` loops with `prepareStep: index.prepareStep({ maxTools: 5 })` and a scripted mock model " +
  "(bench/agent/conversation.mjs); tokens are those of the tools the model received. Reduction = 1 − mean tokens / full-catalog tokens. " +
  "Selection ms: median of `select` (BFCL) or of the `prepareStep` call (session), after `warmUp()` and 60 warm-up selects on tool descriptions; " +
  "the local model row embeds each query in wasm.";

// ---------------------------------------------------------------- prepareStep overhead

/**
 * A 3-turn conversation in ModelMessage shapes: two finished turns, then the third at its first step or after a
 * tool call.
 */
function conversationInputs(queries, tools) {
  const inputs = { start: [], afterCall: [] };
  let id = 0;
  const toolTurn = (query, toolName) => {
    const callId = `call_${++id}`;
    return {
      callId,
      messages: [
        { role: "user", content: query },
        {
          role: "assistant",
          content: [{ type: "tool-call", toolCallId: callId, toolName, input: { query: query.slice(0, 40) } }],
        },
        {
          role: "tool",
          content: [
            {
              type: "tool-result",
              toolCallId: callId,
              toolName,
              output: {
                type: "json",
                value: {
                  ok: true,
                  items: [
                    { id: 1, name: "first" },
                    { id: 2, name: "second" },
                  ],
                },
              },
            },
          ],
        },
      ],
    };
  };
  for (let i = 0; i < queries.length; i++) {
    const names = [0, 1, 2].map((k) => tools[(i * 31 + k * 7) % tools.length].name);
    const turns = [0, 1, 2].map((k) => queries[(i + queries.length - 2 + k) % queries.length].query);
    const history = [];
    for (let k = 0; k < 2; k++) {
      history.push(...toolTurn(turns[k], names[k]).messages, {
        role: "assistant",
        content: [{ type: "text", text: `Done: ${names[k].replace(/_/g, " ")} returned 2 items.` }],
      });
    }
    const third = toolTurn(turns[2], names[2]);
    inputs.start.push({
      stepNumber: 0,
      steps: [],
      messages: [...history, third.messages[0]],
      runtimeContext: undefined,
    });
    const step = {
      stepNumber: 0,
      text: "",
      content: [
        { type: "tool-call", toolCallId: third.callId, toolName: names[2], input: { query: turns[2].slice(0, 40) } },
      ],
      toolCalls: [
        { type: "tool-call", toolCallId: third.callId, toolName: names[2], input: { query: turns[2].slice(0, 40) } },
      ],
      toolResults: [
        { type: "tool-result", toolCallId: third.callId, toolName: names[2], input: {}, output: { ok: true } },
      ],
      finishReason: "tool-calls",
    };
    inputs.afterCall.push({
      stepNumber: 1,
      steps: [step],
      messages: [...history, ...third.messages],
      runtimeContext: undefined,
    });
  }
  return inputs;
}

export async function measurePrepareStepOverhead(sizes = [100, 1000]) {
  const { toolsift, toolpick } = await libraries();
  const rows = [];
  for (const size of sizes) {
    const { tools, queries } = makeSyntheticCatalog(size);
    const contestants = [
      { name: "toolsift", index: toolsift.createToolIndex(tools, { strategy: "keyword" }) },
      { name: "toolpick", index: toolpick.createToolIndex(toToolSet(tools), { strategy: "hybrid" }) },
    ];
    const prepare = [];
    for (const { index } of contestants) {
      await index.warmUp();
      prepare.push(perStepPrepareStep(index, { maxTools: 5 }));
    }
    const inputs = conversationInputs(queries, tools);
    // Warm-up on conversations made of tool descriptions (not measured queries), then every input once.
    const warmUp = conversationInputs(
      Array.from({ length: WARMUP }, (_, i) => ({ query: tools[(i * 10) % tools.length].description })),
      tools,
    );
    for (const input of [...warmUp.start, ...warmUp.afterCall]) for (const step of prepare) await step(input);
    for (const [point, list] of [
      ["third turn, first step", inputs.start],
      ["third turn, after a tool call", inputs.afterCall],
    ]) {
      const samples = contestants.map(() => []);
      for (let i = 0; i < list.length; i++) {
        const order = i % 2 === 0 ? [0, 1] : [1, 0];
        for (const c of order) {
          const start = nowMs();
          const result = await prepare[c](list[i]);
          samples[c].push(nowMs() - start);
          // `{}` (no activeTools) is the AI SDK's "every tool": toolsift's answer when nothing matches (onNoMatch
          // "all").
          if (
            typeof result !== "object" ||
            result === null ||
            !(result.activeTools === undefined || Array.isArray(result.activeTools))
          )
            throw new Error(`bench/agent: ${contestants[c].name} prepareStep returned ${JSON.stringify(result)}`);
        }
      }
      rows.push({
        size,
        point,
        samples: list.length,
        toolsift: { median: median(samples[0]), p90: quantile(samples[0], 0.9) },
        toolpick: { median: median(samples[1]), p90: quantile(samples[1], 0.9) },
      });
    }
  }
  return { rows };
}

export function prepareStepOverheadTable({ rows }) {
  return markdownTable(
    [
      "tools",
      "step",
      "calls",
      "toolsift median ms",
      "toolsift p90",
      "toolpick median ms",
      "toolpick p90",
      "toolpick / toolsift (median)",
    ],
    rows.map((row) => [
      row.size.toLocaleString("en-US"),
      row.point,
      row.samples,
      ms(row.toolsift.median),
      ms(row.toolsift.p90),
      ms(row.toolpick.median),
      ms(row.toolpick.p90),
      ratio(row.toolpick.median / row.toolsift.median),
    ]),
  );
}

export const PREPARE_STEP_NOTES =
  "`index.prepareStep({ maxTools: 5 })` called directly with what the AI SDK passes (`stepNumber`, `steps`, `messages`), keyword strategy " +
  '(toolsift `strategy: "keyword"`, toolpick 0.4.0 `strategy: "hybrid"`, both offline). Catalogs: bench/synthetic.mjs ' +
  `(seed ${SYNTHETIC_SEED}). Each of the 600 inputs is a 3-turn conversation (two finished turns with a tool call, a tool result and a reply, ` +
  "then the third turn's request, built from three consecutive BFCL queries), timed at the third turn's first step and at its step after a tool call; " +
  "after 120 warm-up calls on conversations made of tool descriptions, the two libraries alternate on each input. The time includes reading the query from the messages, ranking and the step rules.";

await runIfMain(import.meta.url, async () => {
  const tokens = await measureAgentTokens();
  const overhead = await measurePrepareStepOverhead();
  return `## Agent loop: tool-definition tokens per model call\n\n${agentTokensReport(tokens)}\n\n## prepareStep overhead per step\n\n${prepareStepOverheadTable(overhead)}`;
});
