// The cost check inside workerd (issue 13): every stage of test/cost/stages.ts timed at each size from outside
// workerd; doubling the input may not more than ×2.5 the median time (in one of up to three measurements). Exits 1 on
// a superlinear stage. The Worker that runs the stages is the tests' (test/cost/stages-worker.ts): this script bundles
// it by its path, from source, and times it.
// Usage: npx node bench/cost/run.mjs [--stage <part of a name>] [--runs 5] [--target-ms 100]
import { parseArgs } from "node:util";
import { sourceAliases } from "../lib/repo.mjs";
import { median } from "../lib/stats.mjs";
import { bundleWorker } from "../lib/worker-bundle.mjs";
import { startWranglerDev, timedGet } from "../lib/wrangler-dev.mjs";

const MAX_GROWTH = 2.5;
/** Measurements of a stage at most: the first, and two more of a stage with a pair over MAX_GROWTH. */
const MEASUREMENTS = 3;
/** Most repeats of a stage in one request (each with its own input, built in the request before). */
const MAX_REPEATS = 256;
/**
 * Most characters of input (repeats × the largest size) held by one request: the inputs live on the heap while the
 * stage runs, and a heap that grows with the size makes each garbage collection cost more, which reads as superlinear
 * time in a stage that is not (embedding text at ×252 repeats measured ×2.6–2.8 from 20k to 40k, though on its own
 * inside workerd it takes about 0.3 ms per 10k characters at every size from 5k to 160k).
 */
const MAX_HELD_CHARACTERS = 2_000_000;
const { values } = parseArgs({
  options: {
    stage: { type: "string", default: "" },
    runs: { type: "string", default: "5" },
    "target-ms": { type: "string", default: "100" },
  },
});
const runs = Number(values.runs);
const targetMs = Number(values["target-ms"]);

const growth = (times) => times.slice(1).map((time, i) => time / times[i]);

let seed = 1;
let preparingMs = 0;
const clockReadings = [];

/** Milliseconds of one request running the stage `repeats` times on new words (prepared in a request before it). */
async function timeOnce(url, stage, size, repeats) {
  const query = `stage=${encodeURIComponent(stage)}&size=${size}&seed=${seed}&runs=${repeats}`;
  seed += repeats;
  preparingMs += (await timedGet(url, `/prepare?${query}`)).ms;
  const { body, ms } = await timedGet(url, "/run");
  clockReadings.push({ clockMs: body.clockMs, ms });
  return ms;
}

/**
 * Median time at each size. Sizes take turns within each round, so a change in the machine's load (other jobs on a
 * shared box) falls on every size alike; each size first runs once untimed (compiled code, warm caches of other words).
 */
async function mediansBySize(url, stage, sizes, repeats) {
  for (const size of sizes) await timeOnce(url, stage, size, repeats);
  const times = sizes.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (let i = 0; i < sizes.length; i++) times[i].push(await timeOnce(url, stage, sizes[i], repeats));
  }
  return times.map(median);
}

/** Repeats per request so the smallest size takes about `targetMs` (HTTP overhead and GC pauses then weigh little). */
async function calibrate(url, stage, size, largest) {
  const most = Math.max(1, Math.min(MAX_REPEATS, Math.floor(MAX_HELD_CHARACTERS / largest)));
  let repeats = 1;
  await timeOnce(url, stage, size, repeats);
  for (;;) {
    const ms = median([
      await timeOnce(url, stage, size, repeats),
      await timeOnce(url, stage, size, repeats),
      await timeOnce(url, stage, size, repeats),
    ]);
    if (ms >= targetMs || repeats >= most) return repeats;
    repeats = Math.min(most, repeats * Math.max(2, Math.ceil(targetMs / Math.max(ms, 0.5))));
  }
}

// Bundled once, so edits to the tree during the run neither reload the Worker nor mix code versions.
const bundle = bundleWorker({ entry: "test/cost/stages-worker.ts", aliases: sourceAliases() });
const worker = await startWranglerDev({ bundle });
const failures = [];
const rows = [];
const started = Date.now();
try {
  const { body: stages } = await timedGet(worker.url, "/stages");
  for (const { name, sizes } of stages.filter((stage) => stage.name.includes(values.stage))) {
    const repeats = await calibrate(worker.url, name, sizes[0], sizes[sizes.length - 1]);
    let medians = await mediansBySize(worker.url, name, sizes, repeats);
    let ratios = growth(medians);
    // A pair passes when one of up to MEASUREMENTS measurements keeps it within MAX_GROWTH: a superlinear stage
    // (×4 for a quadratic one) fails every time, a noisy moment on a shared machine does not repeat three times.
    const passed = ratios.map((ratio) => ratio <= MAX_GROWTH);
    const history = [ratios];
    while (passed.includes(false) && history.length < MEASUREMENTS) {
      medians = await mediansBySize(worker.url, name, sizes, repeats);
      ratios = growth(medians);
      history.push(ratios);
      ratios.forEach((ratio, i) => (passed[i] ||= ratio <= MAX_GROWTH));
    }
    passed.forEach((ok, i) => {
      if (!ok) {
        const taken = history.map((each) => `×${each[i].toFixed(2)}`).join(", then ");
        failures.push(`${name}: ${sizes[i]} → ${sizes[i + 1]} took ${taken}`);
      }
    });
    const retried = history.length > 1;
    const row = { name, repeats, sizes, medians, ratios, retried };
    rows.push(row);
    console.log(
      `${name.padEnd(46)} ×${String(repeats).padEnd(5)} ` +
        sizes.map((size, i) => `${size}: ${medians[i].toFixed(1)} ms`).join("  ") +
        `  growth ${ratios.map((ratio) => ratio.toFixed(2)).join(", ")}${retried ? ` (measurement ${history.length})` : ""}`,
    );
  }
} finally {
  await worker.stop();
  bundle.remove();
}

// Deployed Workers freeze Date.now() during synchronous work (a Spectre mitigation); local workerd may not. Either
// way the check times requests from outside; this line says what the clock inside did.
const moved = clockReadings.filter((reading) => reading.clockMs > 0).length;
const inside = clockReadings.reduce((sum, reading) => sum + reading.clockMs, 0);
const outside = clockReadings.reduce((sum, reading) => sum + reading.ms, 0);
console.log(
  `\nworkerd's Date.now() advanced during ${moved} of ${clockReadings.length} timed requests ` +
    `(${inside.toFixed(0)} ms inside, ${outside.toFixed(0)} ms timed from outside; ` +
    `${(preparingMs / 1000).toFixed(0)} s building inputs). ` +
    `${rows.length} stages in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
);
if (failures.length > 0) {
  console.error(
    `\nSuperlinear (more than ×${MAX_GROWTH} per doubling in every measurement):\n  ${failures.join("\n  ")}`,
  );
  process.exit(1);
}
console.log(`Every stage grew at most ×${MAX_GROWTH} per doubling.`);
