// inConversation and deferredTools rows of bench/session-cost.mjs with chosen options, at both sizes, cold and
// learned, beside the floor: `npm run build && npx node bench/experiments/bill-aware/variants.mjs MODE 'JSON' …`
// (MODE "inConversation" or "deferred"; each JSON the options of one variant, e.g. '{"maxTools":4}'; `--today` or
// `--production` for one size only).
import { SIZES } from "../../session-cost.mjs";
import { printRows } from "./measure-rows.mjs";

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
for (const size of only) await printRows(size, SIZES[size], rows);
