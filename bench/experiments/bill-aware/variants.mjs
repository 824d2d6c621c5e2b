// inConversation and deferredTools rows of bench/session-cost.mjs with chosen options, at both sizes, cold and
// learned, beside the floor: `npm run build && npx node bench/experiments/bill-aware/variants.mjs MODE 'JSON' …`
// (MODE "inConversation" or "deferred"; each JSON the options of one variant, e.g. '{"maxTools":4}'; `--today` or
// `--production` for one size only).
import { SIZES, measureSessionCost } from "../../session-cost.mjs";
import { loadSessions } from "../../sessions-data.mjs";

const args = process.argv.slice(2);
const only = args.includes("--today")
  ? ["today"]
  : args.includes("--production")
    ? ["production"]
    : ["today", "production"];
const learnedOnly = args.includes("--learned") ? [true] : args.includes("--cold") ? [false] : [false, true];
const [mode, ...variants] = args.filter((arg) => !arg.startsWith("--"));
const rows = [
  { name: "floor", mode: "all", learned: false, library: "all", floor: true },
  ...(variants.length === 0 ? ["{}"] : variants).flatMap((json) =>
    learnedOnly.map((learned) => ({
      name: `${mode} ${json}${learned ? " learned" : ""}`,
      mode,
      learned,
      library: "toolsift",
      options: JSON.parse(json),
    })),
  ),
];
for (const size of only) {
  const { rows: measured } = await measureSessionCost({ set: loadSessions(), rows, sizes: SIZES[size] });
  for (const row of measured.filter((row) => !row.floor))
    console.log(
      [
        size.padEnd(10),
        row.name.padEnd(60),
        (row.callsServed * 100).toFixed(1) + "%",
        row.toolsPerRequest.toFixed(1),
        `bill ${row.bill.anthropic.toFixed(0)}/${row.bill.openai.toFixed(0)}`,
        `floor× ${row.vsFloor.anthropic.toFixed(3)}/${row.vsFloor.openai.toFixed(3)}`,
      ].join("  "),
    );
}
