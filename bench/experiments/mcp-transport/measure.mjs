// Weighs an MCP endpoint made of the official SDK inside the Worker: the bundle wrangler builds for the repo's Worker
// as it is and with sdk-worker.ts's endpoint, and whether that endpoint answers initialize, tools/list and
// tools/call inside workerd (Miniflare).
//
//   npx node bench/experiments/mcp-transport/measure.mjs [--before <tree>]
//
// `--before <tree>`: also the repo's Worker of another checkout (e.g. `git archive <commit>` before the hand-written
// endpoint, with a `node_modules` link, `src/wasm/generated/` copied and an empty `public/`), to weigh that endpoint.
import { resolve } from "node:path";
import { sourceAliases } from "../../lib/repo.mjs";
import { startMiniflare } from "../../lib/miniflare.mjs";
import { bundleWorker } from "../../lib/worker-bundle.mjs";

const kib = (bytes) => (bytes / 1024).toFixed(1);
const scriptOf = (bundle) => bundle.files.find((file) => file.name === bundle.entry);

const beforeAt = process.argv.indexOf("--before");
const variants = [
  ...(beforeAt === -1
    ? []
    : [["the repo's Worker in --before", { root: resolve(process.argv[beforeAt + 1]), config: "wrangler.toml" }]]),
  ["the repo's Worker (wrangler.toml)", { config: "wrangler.toml" }],
  [
    "+ SDK McpServer and web-standard transport",
    { entry: "bench/experiments/mcp-transport/sdk-worker.ts", aliases: sourceAliases() },
  ],
];
const rows = [];
for (const [label, options] of variants) {
  for (const minify of [false, true]) {
    const bundle = bundleWorker({ ...options, minify });
    try {
      const script = scriptOf(bundle);
      rows.push(`| ${label} | ${minify ? "minified" : "as built"} | ${kib(script.bytes)} | ${kib(script.gzip)} |`);
      if (options.entry !== undefined && !minify) await tryInWorkerd(bundle);
    } finally {
      bundle.remove();
    }
  }
}
console.log("| Worker | build | script KiB | gzip KiB |\n| --- | --- | --: | --: |\n" + rows.join("\n"));

async function tryInWorkerd(bundle) {
  const miniflare = await startMiniflare(bundle, {
    kvNamespaces: ["TOOLSIFT_KV"],
    bindings: { TOOLSIFT_EMBEDDING: "none" },
  });
  try {
    const post = async (message) => {
      const response = await miniflare.dispatchFetch("http://127.0.0.1/mcp", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "MCP-Protocol-Version": "2025-06-18",
        },
        body: JSON.stringify(message),
      });
      return `${response.status} ${(await response.text()).slice(0, 300)}`;
    };
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "measure", version: "0" } },
    };
    console.log("initialize →", await post(initialize));
    console.log("tools/list →", await post({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
    const call = {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "search_tools", arguments: { query: "refund" } },
    };
    console.log("tools/call →", await post(call));
  } finally {
    await miniflare.dispose();
  }
}
