// The activeTools rows of bench/session-cost.mjs (floor, every tool, prepareStep variants) at both sizes, for trying
// a stable-set policy quickly: `npm run build && npx node bench/experiments/bill-aware/rows.mjs [modes…]`.
import { ROWS, SIZES } from "../../session-cost.mjs";
import { printRows } from "./measure-rows.mjs";

const modes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["stableActiveTools"];
const rows = ROWS.filter((row) => row.library === "all" || modes.includes(row.mode));
for (const [size, sizes] of Object.entries(SIZES)) await printRows(size, sizes, rows);
