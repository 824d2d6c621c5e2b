// The default prepareStep's stable set under caps (`stableTools: { maxTools }`) on bench/session-cost.mjs's replay of
// the multi-turn dev set, beside the floor, at one size: calls served, tools per request, bill.
//   npm run build && npx node bench/experiments/stable-cap/caps.mjs [--production] 64 24 16 12
import { SIZES, STEP_OPTIONS } from "../../session-cost.mjs";
import { printRows } from "../bill-aware/measure-rows.mjs";

const args = process.argv.slice(2);
const size = args.includes("--production") ? "production" : "today";
const caps = args.filter((arg) => !arg.startsWith("--")).map(Number);
const rows = [
  { name: "floor", mode: "all", learned: false, library: "all", floor: true },
  { name: "all tools", mode: "all", learned: false, library: "all" },
  ...caps.map((cap) => ({
    name: `prepareStep, stableTools { maxTools: ${cap} }`,
    mode: "stableActiveTools",
    learned: false,
    library: "toolsift",
    deliver: ({ index, tools }) => ({
      tools,
      prepareStep: index.prepareStep({ ...STEP_OPTIONS, stableTools: { maxTools: cap } }),
    }),
  })),
];
await printRows(size, SIZES[size], rows);
