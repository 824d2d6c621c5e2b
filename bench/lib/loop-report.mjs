// The command line and report of the benches that replay the multi-turn set in a framework's own loop
// (bench/openai-agents.mjs, bench/mastra.mjs): rows of calls served, turns served and tools per model call.
import { parseArgs } from "node:util";
import { describeDataFile } from "./data.mjs";
import { markdownTable, percent, runIfMain } from "./table.mjs";
import { missText } from "../../scripts/session-cost/scripted-provider.mjs";
import { FINAL_TEXT, sessionsLocation } from "../sessions-data.mjs";

/** The rows `{ name, calls, served, turns, turnsServed, requests, tools, seconds }` as a markdown table. */
function loopTable({ rows, conversationCount }) {
  return markdownTable(
    ["row", "calls served", "turns served", "tools / model call", "model calls / conv.", "seconds"],
    rows.map((row) => [
      row.name,
      `${percent(row.served / row.calls)} (${row.served}/${row.calls})`,
      percent(row.turnsServed / row.turns),
      (row.tools / row.requests).toFixed(1),
      (row.requests / conversationCount).toFixed(1),
      row.seconds.toFixed(1),
    ]),
  );
}

/**
 * Runs `measure({ location, limit })` when `moduleUrl` is the script node was started with: `--set FILE` (default
 * ../shared/bench-data/bfcl-multiturn-dev.json), `--limit N` (the first N conversations), `--json` (the rows as JSON).
 */
export function runLoopBench(moduleUrl, measure) {
  return runIfMain(moduleUrl, async () => {
    const { values } = parseArgs({
      options: { set: { type: "string" }, limit: { type: "string" }, json: { type: "boolean" } },
    });
    const location = values.set ?? sessionsLocation;
    const result = await measure({ location, limit: values.limit === undefined ? undefined : Number(values.limit) });
    if (values.json) return JSON.stringify(result.rows, null, 2);
    const data = describeDataFile(location, "bfcl-multiturn-dev.json");
    const described = `${result.toolCount} tools, ${result.conversationCount} conversations`;
    return `Data: ${data} (${described}).\n\n${loopTable(result)}`;
  });
}

/** Adds a turn's outcome to `counts` (`calls`, `turns`, `turnsServed`): a turn with calls is served if none missed. */
export function countTurn(counts, turn, turnServed) {
  counts.calls += turn.calls.length;
  if (turn.calls.length > 0) {
    counts.turns++;
    if (turnServed) counts.turnsServed++;
  }
}

/**
 * The scripted model's decisions for one turn at a time, whatever the framework: `set(calls)` before a run of the
 * loop; `next(offered)` for each model call (the names it is offered) gives `{ call, position }` when the turn's next
 * call is offered, else `{ text }` (the final answer when every call is made, a miss otherwise); `outcome()` says how
 * many calls the run made and whether it ended on a miss; `requests` holds the tool count of every model call.
 */
export function turnScript() {
  let remaining = [];
  let made = 0;
  let missed = false;
  const requests = [];
  return {
    requests,
    set(calls) {
      remaining = calls;
      made = 0;
      missed = false;
    },
    outcome: () => ({ made, missed }),
    next(offered) {
      requests.push(offered.length);
      const call = remaining[made];
      if (call === undefined) return { text: FINAL_TEXT };
      if (!offered.includes(call.name)) {
        missed = true;
        return { text: missText() };
      }
      made++;
      return { call, position: requests.length };
    },
  };
}
