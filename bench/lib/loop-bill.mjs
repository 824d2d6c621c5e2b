// The command line and report of the benches that price a framework's own loop with bench/session-cost.mjs
// (bench/langchain-loop.mjs, bench/openai-agents.mjs, bench/mastra.mjs): calls served, tools per request and the
// cached bill at today's size and at a production agent's, one table per size.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { describeDataFile } from "./data.mjs";
import { runIfMain } from "./table.mjs";
import {
  measureSessionCost,
  ROWS,
  SESSION_COST_NOTES,
  SIZES,
  sessionCostTable,
  sizesOf,
  STEP_OPTIONS,
} from "../session-cost.mjs";
import { loadSessionsFrom, sessionsLocation } from "../sessions-data.mjs";

/**
 * The rows of a framework's bench: in its loop (`runTurn`), the floor, every tool (its default), toolsift's adapter
 * (`adapter`, the default `stableTools`) and with `stableTools: false`, each delivered by `deliver(entry, options,
 * given)` (`entry`: the adapter's built module, `load()`; `options` undefined: every tool; `given`: session-cost's `{
 * tools, provider }`, for an adapter that is handed its index); then session-cost's AI SDK rows of the same deliveries
 * (cold).
 */
async function frameworkRows({ framework, adapter, modes, runTurn, load, deliver }) {
  const entry = await load();
  const own = (row, options) => ({
    ...row,
    learned: false,
    library: "own",
    runTurn,
    deliver: (given) => deliver(entry, options, given),
  });
  const aiSdk = (mode) => ROWS.find((row) => row.mode === mode && !row.learned);
  return [
    own({ name: `${framework}: floor (tool definitions free)`, mode: "all", floor: true }),
    own({ name: `${framework}: every tool (its default)`, mode: "all" }),
    own({ name: `${framework}: ${adapter} (default: stableTools)`, mode: modes.stable }, STEP_OPTIONS),
    own(
      { name: `${framework}: ${adapter}, stableTools: false`, mode: modes.perCall },
      { ...STEP_OPTIONS, stableTools: false },
    ),
    { ...aiSdk("stableActiveTools"), name: "AI SDK: prepareStep (default)" },
    { ...aiSdk("activeTools"), name: "AI SDK: prepareStep, stableTools: false" },
  ];
}

/**
 * Runs the bench when `moduleUrl` is the script node was started with: `--set FILE`, `--limit N`, `--system-tokens N`,
 * `--result-tokens MIN-MAX` (without flags: today's size and production size, the report written to `file` next to the
 * script). `framework`: what `frameworkRows` makes the rows of (afresh for each size); `notes` say how its rows run.
 */
export function runLoopBill(moduleUrl, { title, script, file, notes, framework }) {
  return runIfMain(moduleUrl, async () => {
    const { values } = parseArgs({
      options: {
        set: { type: "string" },
        limit: { type: "string" },
        "system-tokens": { type: "string" },
        "result-tokens": { type: "string" },
      },
    });
    const location = values.set ?? sessionsLocation;
    const set = loadSessionsFrom(location);
    if (values.limit !== undefined) set.conversations = set.conversations.slice(0, Number(values.limit));
    const sized = values["system-tokens"] !== undefined || values["result-tokens"] !== undefined;
    const sizes = sized
      ? [["given", sizesOf(values["system-tokens"], values["result-tokens"])]]
      : [
          ["today's", SIZES.today],
          ["production", SIZES.production],
        ];
    const sections = [];
    let calls = 0;
    for (const [label, size] of sizes) {
      const started = performance.now();
      const result = await measureSessionCost({ set, rows: await frameworkRows(framework), sizes: size });
      calls = result.rows[0]?.calls ?? 0;
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      sections.push(
        `## ${label} size: a system prompt of ${size.systemTokens} tokens, tool results of ` +
          `${size.resultTokens.min}–${size.resultTokens.max} tokens (${seconds} s)`,
        "",
        sessionCostTable(result),
        ...result.notes.map((note) => `\n${note}`),
        "",
      );
    }
    const flags = ["set", "limit", "system-tokens", "result-tokens"]
      .filter((flag) => values[flag] !== undefined)
      .map((flag) => ` --${flag} ${values[flag]}`)
      .join("");
    const report = [
      `# ${title}`,
      "",
      `Command: \`npm run build && npx node ${script}${flags}\`${flags === "" ? " (writes this file)" : ""}.`,
      "",
      `Data: ${describeDataFile(location, "bfcl-multiturn-dev.json")} (${set.tools.length} tools, ` +
        `${set.conversations.length} conversations, ${calls} calls). Run ${new Date().toISOString().slice(0, 10)}.`,
      "",
      notes,
      "",
      ...sections,
      "The AI SDK rows and how every row is priced, as bench/session-cost.mjs says it:",
      "",
      SESSION_COST_NOTES,
      "",
    ].join("\n");
    if (flags === "") writeFileSync(new URL(`./${file}`, moduleUrl), report);
    return report;
  });
}

/**
 * A framework's agent for session-cost's `runTurn({ delivery, model, system, toolSet })`, made by `make(turn)` once per
 * delivery, model and system prompt and kept across turns and conversations, as one `prepareStep` serves every
 * conversation in the AI SDK rows.
 */
export function agentPerDelivery(make) {
  const agents = new WeakMap();
  return (turn) => {
    let byModel = agents.get(turn.delivery);
    if (byModel === undefined) agents.set(turn.delivery, (byModel = new Map()));
    const kept = byModel.get(turn.model);
    if (kept?.system === turn.system) return kept.agent;
    const agent = make(turn);
    byModel.set(turn.model, { system: turn.system, agent });
    return agent;
  };
}
