// Load test of the selection service under `wrangler dev`: 30 s of autocannon at 50 connections on
// POST /v1/catalogs/<id>/select with varied queries, against a 200-tool catalog. Writes bench/load.md.
//
//   npx node bench/load.mjs          (the repo's Node 22; not part of `npm run bench`)
//
// wrangler dev runs fully locally (--local, 127.0.0.1, KV in a temporary --persist-to folder, no
// telemetry), spawned in its own process group and stopped by its pid at the end. The catalog is
// bench/synthetic.mjs's 200 tools (grown from BFCL); queries are the BFCL queries, one per request,
// cycled. The service runs as `npm start` runs it: local embedding model, combined ranking.
// Env: LOAD_DURATION (s, default 30), LOAD_CONNECTIONS (default 50), LOAD_TOOLS (default 200).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { REPO } from "./lib/repo.mjs";
import { startWranglerDev } from "./lib/wrangler-dev.mjs";
import { makeSyntheticCatalog } from "./synthetic.mjs";

const DURATION = Number(process.env.LOAD_DURATION ?? 30);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const TOOLS = Number(process.env.LOAD_TOOLS ?? 200);
const CATALOG_ID = "load-test";
const ADMIN_TOKEN = `load-${crypto.randomUUID()}`;

async function request(base, method, path, body, token) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`bench/load: ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

function runAutocannon(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on("error", reject);
  });
}

async function main() {
  const { tools, queries } = makeSyntheticCatalog(TOOLS);
  const bodies = queries.map(({ query }, n) =>
    JSON.stringify({ query, maxTools: 5, ...(n % 4 === 0 ? { explain: true } : {}) }),
  );
  const persistTo = mkdtempSync(join(os.tmpdir(), "toolsift-load-"));
  // The repo's own wrangler.toml, as `npm start` runs it.
  const server = await startWranglerDev({
    persistTo,
    vars: { TOOLSIFT_ADMIN_TOKEN: ADMIN_TOKEN, TOOLSIFT_RECHECK_SECONDS: "5" },
  });
  try {
    const put = await request(server.url, "PUT", `/v1/catalogs/${CATALOG_ID}`, tools, ADMIN_TOKEN);
    if (put.tools !== TOOLS || put.embeddings.status !== "stored")
      throw new Error(`bench/load: the upload answered ${JSON.stringify(put)}`);
    const sample = await request(server.url, "POST", `/v1/catalogs/${CATALOG_ID}/select`, { query: queries[0].query });
    if (sample.strategy !== "combined" || sample.tools.length === 0)
      throw new Error(`bench/load: a sample select answered ${JSON.stringify(sample).slice(0, 300)}`);
    // Warm-up: the first requests of an isolate load the local model and build the index.
    for (let i = 0; i < 50; i++)
      await request(server.url, "POST", `/v1/catalogs/${CATALOG_ID}/select`, JSON.parse(bodies[i % bodies.length]));

    let next = 0;
    const result = await runAutocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method: "POST",
          path: `/v1/catalogs/${CATALOG_ID}/select`,
          headers: { "content-type": "application/json" },
          setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }),
        },
      ],
    });
    return { result, put, distinctQueries: bodies.length };
  } finally {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

const readVersion = (path) => JSON.parse(readFileSync(join(REPO, path), "utf8")).version;
const { result, put, distinctQueries } = await main();
const statuses = Object.entries(result.statusCodeStats ?? {})
  .map(([code, { count }]) => `${code}: ${count}`)
  .join(", ");
const errors = result.errors + result.non2xx;
const cpu = os.cpus();
const report = `# Load test: the selection service under wrangler dev

Command: \`npx node bench/load.mjs\` (not run by \`npm run bench\`). Written ${new Date().toISOString().slice(0, 10)}.

| setting | value |
| --- | --- |
| server | \`wrangler dev --local --ip 127.0.0.1\` (wrangler ${readVersion("node_modules/wrangler/package.json")}, one local workerd process), KV in a temporary folder |
| catalog | ${put.tools} tools (bench/synthetic.mjs, grown from BFCL), uploaded once; ${put.embeddings.vectors} vectors stored (${put.embeddings.model}) |
| requests | \`POST /v1/catalogs/${CATALOG_ID}/select\`, \`{ query, maxTools: 5 }\` (every 4th with \`explain: true\`), ${distinctQueries} distinct BFCL queries cycled |
| ranking | combined: BM25F + the local embedding model (query embedded per request, LRU of 128) + query expansion |
| load | autocannon ${readVersion("node_modules/autocannon/package.json")}, ${result.connections} connections, ${result.duration} s, same machine |
| machine | ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.release()}, Node ${process.versions.node} |

| metric | value |
| --- | --- |
| requests | ${result.requests.total.toLocaleString("en-US")} |
| requests/s (mean) | ${result.requests.average.toLocaleString("en-US", { maximumFractionDigits: 0 })} |
| latency p50 | ${result.latency.p50} ms |
| latency p99 | ${result.latency.p99} ms |
| latency max | ${result.latency.max} ms |
| errors (connection errors + non-2xx) | ${errors} (timeouts ${result.timeouts}) |
| status codes | ${statuses} |

Notes: autocannon and wrangler share the machine's ${cpu.length} cores, and wrangler dev runs one isolate, so
this measures one isolate's throughput on this machine, not Cloudflare's. Latency includes the local
proxy wrangler dev puts in front of workerd.
`;
writeFileSync(new URL("./load.md", import.meta.url), report);
console.log(report);
if (errors > 0) {
  console.error(`bench/load: ${errors} requests failed`);
  process.exitCode = 1;
}
