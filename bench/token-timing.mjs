// By hand: how long the service takes to refuse a tenant token with an unknown id and one with a known id and a
// wrong secret (issue 22), inside workerd, both answered by one isolate, interleaved request by request.
//
//   npx node bench/token-timing.mjs [--before <tree>]
//
// `--before <tree>`: also measure another checkout of the repo (e.g. `git archive <commit> | tar -x -C <tree>` with a
// `node_modules` link), bundled the same way, in this process; figures are printed as a markdown table.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { median, nowMs, quantile } from "./lib/stats.mjs";
import { startMiniflare } from "./lib/miniflare.mjs";
import { markdownTable } from "./lib/table.mjs";
import { bundleWorker } from "./lib/worker-bundle.mjs";
import { REPO } from "./lib/repo.mjs";

const ROUNDS = Number(process.env.TOKEN_TIMING_ROUNDS ?? 400);
const ADMIN_TOKEN = "token-timing-admin";
const CATALOG = [{ name: "stripe_create_refund", description: "Refund a Stripe charge." }];

/** One request; the milliseconds Node saw from dispatch to the whole body, and the status. */
async function timed(miniflare, path, { method = "GET", token, json } = {}) {
  const started = nowMs();
  const response = await miniflare.dispatchFetch(`http://127.0.0.1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { ms: nowMs() - started, status: response.status, text };
}

async function measure(root) {
  const bundle = bundleWorker({ root, config: "wrangler.toml" });
  const persistence = mkdtempSync(join(os.tmpdir(), "toolsift-token-timing-"));
  const miniflare = await startMiniflare(bundle, {
    persistencePath: persistence,
    kvNamespaces: ["TOOLSIFT_KV"],
    bindings: { TOOLSIFT_ADMIN_TOKEN: ADMIN_TOKEN, TOOLSIFT_EMBEDDING: "none" },
  });
  try {
    const put = await timed(miniflare, "/v1/catalogs/bench", { method: "PUT", token: ADMIN_TOKEN, json: CATALOG });
    const created = await timed(miniflare, "/v1/tokens", {
      method: "POST",
      token: ADMIN_TOKEN,
      json: { catalogs: ["bench"], access: "read" },
    });
    if (put.status !== 201 || created.status !== 201) throw new Error(`setup failed: ${put.text} ${created.text}`);
    const { token } = JSON.parse(created.text);
    const attempts = {
      "unknown id": `tsk_${"0123456789abcdef"}_${token.slice(-43)}`,
      "known id, wrong secret": `${token.slice(0, -1)}${token.at(-1) === "A" ? "B" : "A"}`,
    };
    const times = Object.fromEntries(Object.keys(attempts).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS + 20; round++) {
      for (const [name, attempt] of Object.entries(attempts)) {
        const answer = await timed(miniflare, "/v1/catalogs/bench", { token: attempt });
        if (answer.status !== 401) throw new Error(`${name}: expected 401, got ${answer.status} ${answer.text}`);
        if (round >= 20) times[name].push(answer.ms); // the first rounds warm the isolate
      }
    }
    return times;
  } finally {
    await miniflare.dispose();
    rmSync(persistence, { recursive: true, force: true });
    bundle.remove();
  }
}

const beforeAt = process.argv.indexOf("--before");
const trees = [["this tree", REPO]];
if (beforeAt !== -1) trees.unshift(["--before tree", resolve(process.argv[beforeAt + 1])]);
const rows = [];
for (const [label, root] of trees) {
  const times = await measure(root);
  const [unknown, wrong] = Object.values(times);
  const ms = (value) => value.toFixed(3);
  rows.push([label, ms(median(unknown)), ms(median(wrong)), (median(unknown) / median(wrong)).toFixed(2)]);
  rows.push(["", `p90 ${ms(quantile(unknown, 0.9))}`, `p90 ${ms(quantile(wrong, 0.9))}`, ""]);
}
console.log(`${ROUNDS} requests each, interleaved, one isolate (Miniflare), medians in ms:\n`);
console.log(markdownTable(["tree", "unknown id", "known id, wrong secret", "ratio"], rows));
