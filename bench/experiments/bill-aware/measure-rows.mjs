// Measures session-cost rows at one size (bench/session-cost.mjs's replay of the multi-turn dev set) and prints a line
// per row (calls served, tools per request, bill, × every tool, × the floor): what rows.mjs and variants.mjs shared
// (removed: NOTES.md, Scripts) and what ../stable-cap/caps.mjs runs.
import { measureSessionCost } from "../../session-cost.mjs";
import { loadSessions } from "../../sessions-data.mjs";

/** Measures `rows` at `sizes` and prints each, labelled `size`. */
export async function printRows(size, sizes, rows) {
  const { rows: measured } = await measureSessionCost({ set: loadSessions(), rows, sizes });
  for (const row of measured)
    console.log(
      [
        size.padEnd(10),
        row.name.padEnd(60),
        (row.callsServed * 100).toFixed(1) + "%",
        row.toolsPerRequest.toFixed(1),
        `bill ${row.bill.anthropic.toFixed(0)}/${row.bill.openai.toFixed(0)}`,
        // × every tool: only when the rows hold the every-tool row.
        row.vsAllCached?.anthropic != null
          ? `all ${row.vsAllCached.anthropic.toFixed(2)}/${row.vsAllCached.openai.toFixed(2)}`
          : "",
        `floor× ${row.vsFloor.anthropic.toFixed(3)}/${row.vsFloor.openai.toFixed(3)}`,
      ].join("  "),
    );
}
