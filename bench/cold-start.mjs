// Cold start of the selection service in workerd, and the size of the Worker bundle. Writes bench/cold-start.md.
//
//   npx node bench/cold-start.mjs          (the repo's Node 22; not part of `npm run bench`)
//
// 1. Bundle: `wrangler deploy --dry-run --outdir` (offline: no login, no upload), as built for a deploy
//    and with --minify; each module's bytes and gzip bytes, and wrangler's own "Total Upload" line.
// 2. Cold start: the bundle wrangler wrote, run in workerd through Miniflare (bench/lib/miniflare.mjs)
//    with a KV folder shared between processes. One process uploads a 200-tool catalog (bench/synthetic.mjs);
//    then each round starts fresh workerd processes (nothing in memory) and times, from Node:
//      - process start (new Miniflare → ready);
//      - a first request that needs no catalog (GET /health): module evaluation and request overhead;
//      - the first select after it: the local model asset into wasm, the catalog and its 200 stored
//        vectors read from KV, the index of 200 tools built, one query ranked;
//      - a first select straight after start (another fresh process): all of the above in one request;
//      - warm selects (median) and a warm /health (Miniflare's own per-request overhead).
// Wall times are taken in Node (workerd's clocks stop during synchronous work).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { startMiniflare, timedRequest } from "./lib/miniflare.mjs";
import { REPO } from "./lib/repo.mjs";
import { median, nowMs } from "./lib/stats.mjs";
import { bundleWorker } from "./lib/worker-bundle.mjs";
import { makeSyntheticCatalog } from "./synthetic.mjs";

const ROUNDS = Number(process.env.COLD_START_ROUNDS ?? 5);
const TOOLS = 200;
const ADMIN_TOKEN = "cold-start-token";
const QUERIES = [
  "refund the last payment of a customer",
  "list the open support tickets",
  "schedule a meeting next week",
  "scale the deployment to 5 replicas",
];

const startWorkerd = (bundle, persistencePath) =>
  startMiniflare(bundle, {
    persistencePath,
    kvNamespaces: ["TOOLSIFT_KV"],
    bindings: { TOOLSIFT_ADMIN_TOKEN: ADMIN_TOKEN, TOOLSIFT_EMBEDDING: "local" },
  });

const timed = (miniflare, method, path, json) =>
  timedRequest(miniflare, path, {
    method,
    json,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${ADMIN_TOKEN}` },
  });

async function measure(bundle, tools) {
  const persistence = mkdtempSync(join(os.tmpdir(), "toolsift-cold-"));
  const select = (miniflare, query) => timed(miniflare, "POST", "/v1/catalogs/bench/select", { query, maxTools: 5 });
  try {
    let started = nowMs();
    let miniflare = await startWorkerd(bundle, persistence);
    const writerStart = nowMs() - started;
    const upload = await timed(miniflare, "PUT", "/v1/catalogs/bench", tools);
    if (upload.body.tools !== tools.length || upload.body.embeddings.status !== "stored")
      throw new Error(`bench/cold-start: upload answered ${JSON.stringify(upload.body)}`);
    await miniflare.dispose();

    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      started = nowMs();
      miniflare = await startWorkerd(bundle, persistence);
      const start = nowMs() - started;
      const health = await timed(miniflare, "GET", "/health");
      const firstSelect = await select(miniflare, QUERIES[round % QUERIES.length]);
      if (firstSelect.body.strategy !== "combined" || firstSelect.body.warnings !== undefined)
        throw new Error(`bench/cold-start: a cold select answered ${JSON.stringify(firstSelect.body).slice(0, 300)}`);
      const warm = [];
      for (let i = 0; i < 20; i++) warm.push((await select(miniflare, `${QUERIES[i % QUERIES.length]} ${i}`)).ms);
      const warmHealth = [];
      for (let i = 0; i < 10; i++) warmHealth.push((await timed(miniflare, "GET", "/health")).ms);
      await miniflare.dispose();

      started = nowMs();
      miniflare = await startWorkerd(bundle, persistence);
      const startDirect = nowMs() - started;
      const direct = await select(miniflare, QUERIES[round % QUERIES.length]);
      await miniflare.dispose();
      miniflare = undefined;
      rounds.push({
        start,
        health: health.ms,
        firstSelect: firstSelect.ms,
        warm: median(warm),
        warmHealth: median(warmHealth),
        startDirect,
        direct: direct.ms,
      });
    }
    const pick = (key) => median(rounds.map((round) => round[key]));
    return {
      writerStart,
      upload: upload.ms,
      start: pick("start"),
      health: pick("health"),
      firstSelect: pick("firstSelect"),
      direct: pick("direct"),
      warm: pick("warm"),
      warmHealth: pick("warmHealth"),
    };
  } finally {
    rmSync(persistence, { recursive: true, force: true });
  }
}

const kib = (bytes) => `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 1 })} KiB`;
const ms = (value) => `${value.toFixed(1)} ms`;

const { tools } = makeSyntheticCatalog(TOOLS);
const variants = [];
for (const minify of [false, true]) {
  // The repo's own Worker as its wrangler.toml builds it (src/worker/main.ts, the "#…" aliases, `ai` left out).
  const bundle = bundleWorker({ config: "wrangler.toml", minify });
  try {
    variants.push({ minify, bundle, timings: await measure(bundle, tools) });
  } finally {
    bundle.remove();
  }
}

const cpu = os.cpus();
const wranglerVersion = JSON.parse(readFileSync(join(REPO, "node_modules/wrangler/package.json"), "utf8")).version;
const label = (variant) => (variant.minify ? "minified (`--minify`)" : "as configured (not minified)");
const describeModule = (name) =>
  name === variants[0].bundle.entry
    ? `${name} (service + Hono + toolsift + zod)`
    : name.endsWith(".wasm")
      ? "core.wasm (scoring kernels)"
      : name.endsWith(".bin")
        ? "local-model.bin (word vectors)"
        : name;
const sizeRows = variants.flatMap((variant) => [
  ...variant.bundle.files.map(
    (file) => `| ${label(variant)} | ${describeModule(file.name)} | ${kib(file.bytes)} | ${kib(file.gzip)} |`,
  ),
  `| ${label(variant)} | **total** (wrangler: ${variant.bundle.wranglerKiB} KiB / gzip ${variant.bundle.wranglerGzipKiB} KiB) | **${kib(variant.bundle.files.reduce((sum, file) => sum + file.bytes, 0))}** | **${kib(variant.bundle.files.reduce((sum, file) => sum + file.gzip, 0))}** |`,
]);
const timingRows = [
  ["process start (new Miniflare → ready)", "start"],
  ["first request, no catalog (GET /health)", "health"],
  [
    "then the first select: model asset + catalog and 200 vectors from KV + index of 200 tools + ranking",
    "firstSelect",
  ],
  ["first select straight after start (all of it in one request)", "direct"],
  ["warm select (median of 20)", "warm"],
  ["warm GET /health (Miniflare's per-request overhead)", "warmHealth"],
  ["upload of the 200 tools in a fresh process (PUT: embed 200 tools, build, write KV)", "upload"],
].map(([what, key]) => `| ${what} | ${variants.map((variant) => ms(variant.timings[key])).join(" | ")} |`);

const report = `# Cold start and bundle size: the selection service in workerd

Command: \`npx node bench/cold-start.mjs\` (not run by \`npm run bench\`). Written ${new Date().toISOString().slice(0, 10)}.
Machine: ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${os.platform()} ${os.release()}, Node ${process.versions.node}; wrangler ${wranglerVersion}.

## Bundle (\`wrangler deploy --dry-run --outdir\`, offline)

| build | module | bytes | gzip -9 |
| --- | --- | --- | --- |
${sizeRows.join("\n")}

Workers allow 3 MiB (free) / 10 MiB (paid) compressed. The local model asset is most of the gzip size
(int8 vectors do not compress); the JavaScript is mostly zod. The AI SDK (\`ai\`) is left out of this
Worker's bundle by an [alias] in wrangler.toml: toolsift calls the local model directly without it.

## Cold start in workerd (Miniflare, ${TOOLS}-tool catalog, median of ${ROUNDS} fresh processes)

| step | ${variants.map(label).join(" | ")} |
| --- | ${variants.map(() => "---").join(" | ")} |
${timingRows.join("\n")}

Wall times seen from Node, including Miniflare's dispatch (the warm /health row). "Process start"
includes starting workerd itself, which Cloudflare does not do per isolate.
`;
writeFileSync(new URL("./cold-start.md", import.meta.url), report);
console.log(report);
