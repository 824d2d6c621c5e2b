// Issue 13's figure: how long workerd takes to index a catalog with one tool whose name is N letters (createToolIndex,
// warmUp and one select), timed from outside, each run capped. Runs against this tree or, with --root, another
// checkout (an older commit in a git worktree): the Worker and its config are copied there.
// Usage: npx node bench/cost/one-name.mjs [--root <tree>] [--sizes 50000,100000,1048576] [--runs 3]
//        [--cap-seconds 60] [--limits]   (--limits raises limits.nameLength, for trees that have catalog limits)
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { REPO, sourceAliases } from "../lib/repo.mjs";
import { median } from "../lib/stats.mjs";
import { bundleWorker } from "../lib/worker-bundle.mjs";
import { startWranglerDev, timedGet } from "../lib/wrangler-dev.mjs";

const { values } = parseArgs({
  options: {
    root: { type: "string", default: REPO },
    sizes: { type: "string", default: "50000,100000,150000,1048576" },
    runs: { type: "string", default: "3" },
    "cap-seconds": { type: "string", default: "60" },
    limits: { type: "boolean", default: false },
  },
});
const root = resolve(values.root);
const here = fileURLToPath(new URL(".", import.meta.url));
if (resolve(here) !== resolve(root, "bench/cost")) {
  mkdirSync(join(root, "bench/cost"), { recursive: true });
  copyFileSync(join(here, "name-worker.ts"), join(root, "bench/cost/name-worker.ts"));
}
const capMs = Number(values["cap-seconds"]) * 1000;
const commit = execFileSync("git", ["-C", root, "log", "-1", "--format=%h %s"], { encoding: "utf8" }).trim();
const load = () => execFileSync("uptime", { encoding: "utf8" }).trim();

console.log(`tree ${root} at ${commit}\nload before: ${load()}`);
// That tree's source with its own wrangler.toml aliases, bundled once: a capped run restarts workerd, not the build.
const bundle = bundleWorker({ root, entry: "bench/cost/name-worker.ts", aliases: sourceAliases(root) });
const start = () => startWranglerDev({ bundle });
let worker = await start();
const rows = [];
try {
  for (const size of values.sizes.split(",").map(Number)) {
    const times = [];
    let capped = false;
    let selected;
    for (let run = 0; run < Number(values.runs); run++) {
      await timedGet(worker.url, `/prepare?length=${size}&seed=${size + run}`);
      try {
        const { body, ms } = await timedGet(worker.url, `/index${values.limits ? "?limits=1" : ""}`, capMs);
        times.push(ms);
        selected = body.selected;
      } catch (error) {
        if (error.name !== "TimeoutError") throw error;
        // The isolate is still spinning on the name: workerd is restarted for the next size.
        capped = true;
        await worker.stop();
        worker = await start();
        break;
      }
      // A slow size is measured once: its median would cost minutes and say little more.
      if (times[times.length - 1] > 10_000) break;
    }
    const shown = capped ? `> ${values["cap-seconds"]} s (capped)` : `${(median(times) / 1000).toFixed(3)} s`;
    const runsShown = [...times.map((ms) => (ms / 1000).toFixed(3)), ...(capped ? ["capped"] : [])].join(", ");
    rows.push(`| ${size.toLocaleString("en-US")} | ${shown} | ${runsShown} | ${JSON.stringify(selected ?? null)} |`);
    console.log(rows[rows.length - 1]);
  }
} finally {
  await worker.stop();
  bundle.remove();
}
console.log(
  `load after: ${load()}\n\n| name length | median | runs (s) | select("send an email") |\n| --- | --- | --- | --- |`,
);
console.log(rows.join("\n"));
