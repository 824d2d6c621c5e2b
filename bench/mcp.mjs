// The MCP gateway (`toolsift mcp`) over the six real servers of issue 20 (72 tools), measured as an MCP client sees it:
// top-1 / top-5 of its search tool on bench/mcp/requests.json, search latency (in process and through the gateway),
// the time a call through the gateway adds over a direct SDK call, and the tokens of its tools/list vs the upstream's.
//
//   npm run build && npx node bench/mcp.mjs [--json] [--no-local] [--calls 300] [--requests <file>] [--embedding <m>]
//
// --requests: another requests file (default bench/mcp/requests.json; the held-out set is requests-heldout.json).
// --embedding: passed to the gateway (`openai:<model>` with OPENAI_API_KEY set; --embedding-base-url too); the
// in-process search timings stay the local model's.
//
// Needs dist/ (npm run build). Servers run on this Node (the repository's Node 22 under npx).
import { join } from "node:path";
import { parseArgs } from "node:util";
import { writeFileSync } from "node:fs";
import { getEncoding } from "js-tiktoken";
import { createMcpCatalog } from "../dist/mcp/index.js";
import { localEmbeddingModel } from "../dist/local/index.js";
import { connect, connectAll, mcpServers, readRequests, root } from "./mcp/servers.mjs";

const { values } = parseArgs({
  options: {
    json: { type: "boolean" },
    "no-local": { type: "boolean" },
    calls: { type: "string" },
    requests: { type: "string" },
    embedding: { type: "string" },
    "embedding-base-url": { type: "string" },
  },
});
const CALLS = Number(values.calls ?? 300);
const { servers, directory } = mcpServers();
const node = process.execPath;
const requestsFile = values.requests ?? join(root, "bench", "mcp", "requests.json");
const requests = readRequests(requestsFile);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value, digits = 3) => Number(value.toFixed(digits));

// Upstream, directly: the 72 tools as each server lists them (the tokens a client pays without the gateway).
const direct = await connectAll(servers);
const upstreamTools = [];
for (const client of Object.values(direct)) upstreamTools.push(...(await client.listTools()).tools);

// The gateway, as an MCP client starts it.
writeFileSync(join(directory, "mcp.json"), JSON.stringify({ mcpServers: servers }));
const gatewayArgs = [
  join(root, "dist", "cli", "main.js"),
  "mcp",
  "-c",
  join(directory, "mcp.json"),
  "--no-learn",
  "--quiet",
];
if (values["no-local"]) gatewayArgs.push("--no-local");
for (const flag of ["embedding", "embedding-base-url"]) {
  if (values[flag] !== undefined) gatewayArgs.push(`--${flag}`, values[flag]);
}
if (values.embedding !== undefined) gatewayArgs.push("--embedding-cache", join(directory, "embeddings.bin"));
const gateway = await connect(node, gatewayArgs);
const gatewayTools = (await gateway.listTools()).tools;

const encoding = getEncoding("o200k_base");
const tokens = (tools) => encoding.encode(JSON.stringify(tools)).length;
const upstreamTokens = tokens(upstreamTools);
const gatewayTokens = tokens(gatewayTools);

// Accuracy and latency of search_tools through the gateway.
const search = async (query) => {
  const result = await gateway.callTool({ name: "search_tools", arguments: { query, limit: 5 } });
  return JSON.parse(result.content[0].text);
};
/** What the note and each tool's relevance and reason cost the model, of the answer's tokens (counted untimed). */
const countTokens = (answer) => {
  const bare = { tools: answer.tools.map(({ relevance: _relevance, reason: _reason, ...tool }) => tool) };
  answerTokens.push(tokens(answer));
  markTokens.push(tokens(answer) - tokens(bare));
};
const rows = [];
const roundTrips = [];
const answerTokens = [];
const markTokens = [];
for (const { request, expected, also = [] } of requests) {
  const started = performance.now();
  const answer = await search(request);
  roundTrips.push(performance.now() - started);
  countTokens(answer);
  const found = answer.tools.map((tool) => tool.name);
  const weak = answer.note !== undefined;
  const right = new Set([expected, ...also]);
  const rank = found.findIndex((name) => right.has(name)) + 1;
  rows.push({ request, expected, found, rank, weak });
}
const top1 = rows.filter((row) => row.rank === 1).length / rows.length;
const top5 = rows.filter((row) => row.rank >= 1 && row.rank <= 5).length / rows.length;
// The note "no tool matched these words well": how often, and how often the wanted tool was in the top 5 anyway.
const inTop5 = (subset) => subset.filter((row) => row.rank >= 1).length;
const weakRows = rows.filter((row) => row.weak);
const notes = {
  marked: weakRows.length,
  markedFound: inTop5(weakRows),
  unmarked: rows.length - weakRows.length,
  unmarkedFound: inTop5(rows.filter((row) => !row.weak)),
};

// Search in process: the same index the gateway builds (local model unless --no-local), select() timed alone.
const local = values["no-local"] ? undefined : localEmbeddingModel();
const catalog = await createMcpCatalog(direct, {
  runtime: { warnings: false },
  ...(local === undefined ? {} : { embeddingModel: local, keyword: { queryExpansion: local } }),
});
await catalog.index.warmUp();
// First: each request the first time this index sees it (its query embedding not cached yet); then 5 repeats.
const firstSelects = [];
for (const { request } of requests) {
  const started = performance.now();
  await catalog.index.select(request, { maxTools: 5 });
  firstSelects.push(performance.now() - started);
}
const selects = [];
for (let round = 0; round < 5; round++) {
  for (const { request } of requests) {
    const started = performance.now();
    await catalog.index.select(request, { maxTools: 5 });
    selects.push(performance.now() - started);
  }
}

// Call overhead: everything__echo through the gateway vs echo on a direct SDK client, interleaved.
const viaGateway = [];
const viaDirect = [];
for (let i = 0; i < CALLS + 20; i++) {
  let started = performance.now();
  await direct.everything.callTool({ name: "echo", arguments: { message: "hi" } });
  const directTime = performance.now() - started;
  started = performance.now();
  await gateway.callTool({ name: "call_tool", arguments: { name: "everything__echo", arguments: { message: "hi" } } });
  const gatewayTime = performance.now() - started;
  if (i >= 20) {
    viaDirect.push(directTime);
    viaGateway.push(gatewayTime);
  }
}

const report = {
  requests: rows.length,
  top1: round(top1),
  top5: round(top5),
  searchFirstMedianMs: round(median(firstSelects)),
  searchMedianMs: round(median(selects)),
  searchRoundTripMedianMs: round(median(roundTrips)),
  directCallMedianMs: round(median(viaDirect)),
  gatewayCallMedianMs: round(median(viaGateway)),
  addedCallMedianMs: round(median(viaGateway) - median(viaDirect)),
  upstreamTools: upstreamTools.length,
  upstreamTokens,
  gatewayTokens,
  tokenRatio: round(gatewayTokens / upstreamTokens),
  local: local !== undefined,
  embedding: values.embedding ?? (values["no-local"] ? "none" : "local"),
  weakNotes: notes,
  answerTokensMedian: median(answerTokens),
  relevanceAndNoteTokensMedian: median(markTokens),
  misses: rows
    .filter((row) => row.rank !== 1)
    .map(({ request, expected, found, rank }) => ({ request, expected, rank, found })),
};
if (values.json) console.log(JSON.stringify(report, null, 2));
else {
  console.log(
    `MCP gateway over ${report.upstreamTools} upstream tools, ${report.requests} requests of ${requestsFile} ` +
      `(local model: ${report.local})`,
  );
  console.log(
    `top-1 ${(top1 * 100).toFixed(1)}%   top-5 ${(top5 * 100).toFixed(1)}%   (embedding: ${report.embedding})`,
  );
  console.log(
    `"no tool matched well" note on ${notes.marked} requests (wanted tool in the top 5 for ${notes.markedFound}); ` +
      `not on ${notes.unmarked} (in the top 5 for ${notes.unmarkedFound}); an answer ${report.answerTokensMedian} ` +
      `tokens median, of which relevance, reasons and note ${report.relevanceAndNoteTokensMedian}`,
  );
  console.log(
    `search: ${report.searchFirstMedianMs} ms median in process for a new query, ${report.searchMedianMs} ms repeated, ` +
      `${report.searchRoundTripMedianMs} ms round trip through the gateway`,
  );
  console.log(
    `call: direct ${report.directCallMedianMs} ms, through the gateway ${report.gatewayCallMedianMs} ms median (+${report.addedCallMedianMs} ms)`,
  );
  console.log(
    `tools/list: gateway ${gatewayTokens} tokens vs upstream ${upstreamTokens} (${(report.tokenRatio * 100).toFixed(1)}%, o200k)`,
  );
  console.log("not first:");
  for (const miss of report.misses)
    console.log(
      `  ${miss.rank === 0 ? "-" : miss.rank}  ${miss.request}  → want ${miss.expected}, got ${miss.found.slice(0, 3).join(", ")}`,
    );
}
await Promise.all([gateway.close(), ...Object.values(direct).map((client) => client.close())]);
