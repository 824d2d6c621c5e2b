// The activeTools rows of bench/session-cost.mjs (floor, every tool, prepareStep variants) at both sizes, for trying
// a stable-set policy quickly: `npm run build && npx node bench/experiments/bill-aware/rows.mjs [modes…]`.
import { ROWS, SIZES, measureSessionCost } from "../../session-cost.mjs";
import { loadSessions } from "../../sessions-data.mjs";

const modes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["stableActiveTools"];
const rows = ROWS.filter((row) => row.library === "all" || modes.includes(row.mode));
for (const [size, sizes] of Object.entries(SIZES)) {
  const { rows: measured } = await measureSessionCost({ set: loadSessions(), rows, sizes });
  for (const row of measured)
    console.log(
      [
        size.padEnd(10),
        row.name.padEnd(42),
        (row.callsServed * 100).toFixed(1) + "%",
        row.toolsPerRequest.toFixed(1),
        `all ${row.vsAllCached.anthropic.toFixed(2)}/${row.vsAllCached.openai.toFixed(2)}`,
        `floor ${row.vsFloor.anthropic.toFixed(2)}/${row.vsFloor.openai.toFixed(2)}`,
      ].join("  "),
    );
}
