// Judging a consumer run (keyword selection, the local model or a loud failure) and the tables of the results.

const REFUND = "stripe_create_refund";

/** What is wrong with one run of a consumer project; empty when it behaved as `entry.expect` says. */
export function judge(entry) {
  const result = entry.result;
  if (result === undefined || result === null) return ["no result"];
  if (result.error !== undefined) return [`threw: ${result.error}`];
  if (entry.expect === "refund-only") return judgeFrameworkRun(result, entry.refund ?? REFUND);
  if (entry.expect === "selects-refund") {
    return result.selected?.[0] === REFUND ? [] : [`select ranked ${JSON.stringify(result.selected)}`];
  }
  if (entry.expect === "agent-route") return judgeAgentRoute(result);
  if (entry.expect === "example-chat") {
    // The agent's default delivery lists the selected tools in the conversation; the scripted model names them.
    return /^\(mock model\) .*Delivered in the conversation: stripe_create_refund\b/.test(result.text ?? "")
      ? []
      : [`the chat turn answered ${JSON.stringify(result)}`];
  }
  const problems = [];
  if (result.keyword?.[0] !== REFUND) problems.push(`keyword select ranked ${JSON.stringify(result.keyword)}`);
  if (result.keywordOnParaphrase?.[0] === REFUND) {
    problems.push("keywords alone already answer the paraphrase: it proves nothing about the model");
  }
  // toolsift/storage's fileCache: a cache under the "node" condition, the documented error everywhere else.
  if (result.fileCache !== "cache" && result.fileCache !== "MISSING_DEPENDENCY") {
    problems.push(`toolsift/storage's fileCache gave ${JSON.stringify(result.fileCache)}`);
  }
  const failed = result.events.filter((event) => event.type === "embedding-failed");
  if (entry.expect === "works") {
    if (!result.events.some((event) => event.type === "embeddings-ready")) problems.push("no embeddings-ready event");
    for (const event of failed) problems.push(`embedding failed: ${event.code}: ${event.message}`);
    if (result.fallback !== null) problems.push(`fell back to ${result.fallback}`);
    if (result.paraphrase?.[0] !== REFUND) problems.push(`the paraphrase ranked ${JSON.stringify(result.paraphrase)}`);
  } else {
    const loud = failed.find((event) => event.code === "INVALID_MODEL_ASSET");
    if (loud === undefined) {
      problems.push(
        `expected an INVALID_MODEL_ASSET failure, got ${JSON.stringify(failed)} (fallback ${result.fallback})`,
      );
    } else if (!/local-model\.bin/.test(loud.message) || !/localEmbeddingModel\(\{ asset/.test(loud.message)) {
      problems.push(`the failure does not name the asset and the fix: ${loud.message}`);
    }
    if (result.fallback !== "keyword") problems.push(`expected the keyword fallback, got ${result.fallback}`);
  }
  return problems;
}

/**
 * A framework's loop (scripted model, three tools, "refund the card charge", maxTools 1, smallCatalog false: three
 * tools would be offered whole by default): the first model call is
 * offered the refund tool alone, the model calls it, and, where the run reports it, the agent saved its usage.
 */
/** `refund`: the refund tool's name in the framework (an MCP tool's is `<server>__<tool>`). */
function judgeFrameworkRun(result, refund) {
  const problems = [];
  if (JSON.stringify(result.offered?.[0]) !== JSON.stringify([refund])) {
    problems.push(`the first model call was offered ${JSON.stringify(result.offered?.[0])}, not [${refund}] alone`);
  }
  if (result.mcpEvents?.length > 0) problems.push(`MCP events: ${JSON.stringify(result.mcpEvents)}`);
  if (JSON.stringify(result.called) !== JSON.stringify([refund]))
    problems.push(`called ${JSON.stringify(result.called)}`);
  if (result.usageSaved === false) problems.push("the agent's usage row does not hold the call");
  return problems;
}

/** examples/vercel-edge's route with its offline model: the model called the first tool offered, the refund tool. */
function judgeAgentRoute(result) {
  const problems = [];
  if (JSON.stringify(result.toolCalls) !== JSON.stringify([REFUND])) {
    problems.push(`the route's model called ${JSON.stringify(result.toolCalls)}`);
  }
  if (!/^\(mock model\) I called stripe_create_refund\. Offered at this step: /.test(result.text ?? "")) {
    problems.push(`the route answered ${JSON.stringify(result.text)}`);
  }
  return problems;
}

const EXPECTED = {
  works: "the local model to rank",
  loud: "a loud failure",
  "refund-only": "the framework's loop to offer the refund tool alone and call it",
  "selects-refund": "select to rank the refund tool first",
  "agent-route": "the agent route's offline model to call the refund tool, offered first",
  "example-chat": "the chat turn's offline model to be delivered the refund tool first",
};

const kib = (bytes) => (bytes === undefined ? "—" : `${(bytes / 1024).toFixed(1)} KiB`);

function sizeCells(size) {
  if (size === undefined) return ["—", "—", "—", "—", "—"];
  const ai =
    size.aiFiles.length === 0 ? "no" : `yes (${size.aiFiles.map((f) => `${f.file} ${kib(f.bytes)}`).join(", ")})`;
  return [kib(size.codeBytes), kib(size.codeGzip), kib(size.totalBytes), kib(size.totalGzip), ai];
}

const HEADER = ["target", "result", "JS", "JS gzip", "all files", "all gzip", "`ai` in the output"];

function cells(row) {
  const verdict = row.problems.length === 0 ? "pass" : "FAIL";
  return [row.target.name, verdict, ...sizeCells(row.size)];
}

/** A plain-text table for the console. */
export function textTable(rows) {
  const table = [HEADER.map((cell) => cell.replaceAll("`", "")), ...rows.map(cells)];
  const widths = HEADER.map((_, column) => Math.max(...table.map((line) => line[column].length)));
  return table.map((line) => line.map((cell, column) => cell.padEnd(widths[column])).join("  ")).join("\n");
}

/** bench/bundles.md: the table, what each target does, and the runs behind each verdict. */
export function markdownReport(rows, { seconds, tarball, note }) {
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    "# Bundles: consumer projects from the packed tarball",
    "",
    `Measured ${date} by \`npx node scripts/consumers/run.mjs\` (${seconds} s; tarball ${tarball.split("/").at(-1)}):`,
    "each target is a fresh project that installs the tarball, `ai` and its bundler, builds, runs, and must rank",
    "a keyword query and a paraphrase that only the local model can answer (or, where the asset cannot be found,",
    "fail loudly with the fix). Sizes are of the build output: JS alone, and every emitted file (the local model",
    'asset and the wasm core included); gzip at level 9. "`ai` in the output" looks for the AI SDK\'s operation ids.',
    "The framework targets (cloudflare-agents, agent-frameworks) install their framework instead and run one turn of",
    "its own loop with a scripted model: three tools, maxTools 1, the refund tool alone must be offered and called.",
    "",
    ...(note === undefined ? [] : [note, ""]),
    `| ${HEADER.join(" | ")} |`,
    `| ${HEADER.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${cells(row).join(" | ")} |`),
    "",
    "## Targets",
    "",
  ];
  for (const row of rows) {
    lines.push(`- **${row.target.name}** — ${row.target.label}${row.size?.note ? ` (${row.size.note})` : ""}.`);
    for (const entry of row.runs) {
      lines.push(`  - ${entry.run}: expected ${EXPECTED[entry.expect]}.`);
    }
    for (const problem of row.problems) {
      // The first two lines that name an error (esbuild's "ERROR: …"; Turbopack's "Error: … failed" then the
      // cause), else the first line.
      const problemLines = problem.split("\n");
      const named = problemLines.filter((text) => /\bERROR\b|Error:/.test(text)).slice(0, 2);
      lines.push(
        `  - FAIL: ${(named.length > 0 ? named : problemLines.slice(0, 1)).map((text) => text.trim()).join(" ")}`,
      );
    }
  }
  lines.push("");
  return lines.join("\n");
}
