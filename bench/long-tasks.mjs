// Long tasks: whole tasks handed to an agent in the user's words (2–4 sentences, several tools each), over the pooled
// MCP catalogs of the everyday bench, as public MCP agent benchmarks write them. Issue 37 reports toolsift level with
// a plain BM25 there (keyword recall@10 52.3% against 52.9% on an outside set); this bench measures the same kind of
// request on data kept in this repository.
//
//   npm run build && npx node bench/long-tasks.mjs [--before <other build's dist/>] [--misses] [--json]
//
// Data: bench/long-tasks/tasks.json (60 tasks written blind by a helper that read only the three catalogs; committed
// before it was measured). Per task and library the top 10 (and top 5) tools for the whole task text:
// - toolsift `select(task, { maxTools: 10 })`: as an app calls it (relevance bar and elbow cut on);
// - toolsift ranking: `select(task, { maxTools: 10, minRelevance: 0, adaptive: false })`;
// - toolpick 0.4.0 `select(task, { maxTools: 10 })` on `createToolIndex(toolSet, { strategy: "hybrid" })`;
// - a plain BM25 over names and descriptions (bench/everyday/plain-bm25.mjs), top 10; and the same over names,
//   descriptions and parameters (their names and descriptions).
// Recall@k: the share of a task's tools among the first k, averaged over tasks; "all found": tasks whose every tool is
// among the first k.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { plainBm25 } from "./everyday/plain-bm25.mjs";
import { toToolSet } from "./everyday/rows.mjs";
import { markdownTable, runIfMain } from "./lib/table.mjs";

const DATA = new URL("./long-tasks/tasks.json", import.meta.url);
const CATALOGS = new URL("./everyday/catalogs/", import.meta.url);

function argument(name) {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

/** The libraries compared: each `{ label, build(catalog) → async (text, k) → names }`. */
async function contenders() {
  const here = await import(new URL("../dist/index.js", import.meta.url).href);
  const before = argument("--before");
  const builds = [{ name: "toolsift", module: here }];
  if (before !== undefined)
    builds.push({
      name: "toolsift (before)",
      module: await import(pathToFileURL(resolve(before, "index.js")).href),
    });
  const toolpick = await import("toolpick");
  const rows = [];
  for (const { name, module } of builds) {
    const index = (catalog) => module.createToolIndex(toToolSet(catalog));
    rows.push({
      label: `${name} \`select(task, { maxTools: 10 })\``,
      build: (catalog) => {
        const built = index(catalog);
        return (text, k) => built.select(text, { maxTools: k });
      },
    });
    rows.push({
      label: `${name} ranking (\`minRelevance: 0, adaptive: false\`)`,
      build: (catalog) => {
        const built = index(catalog);
        return (text, k) => built.select(text, { maxTools: k, minRelevance: 0, adaptive: false });
      },
    });
  }
  rows.push({
    label: "toolpick 0.4.0 `select(task, { maxTools: 10 })`",
    build: (catalog) => {
      const built = toolpick.createToolIndex(toToolSet(catalog), { strategy: "hybrid" });
      return (text, k) => built.select(text, { maxTools: k });
    },
  });
  rows.push({
    label: "plain BM25 over names and descriptions, top 10",
    build: (catalog) => {
      const search = plainBm25(catalog.tools);
      return async (text, k) => search(text, k);
    },
  });
  rows.push({
    label: "plain BM25 over names, descriptions and parameters, top 10",
    build: (catalog) => {
      const search = plainBm25(catalog.tools.map((tool) => ({ ...tool, description: withParameters(tool) })));
      return async (text, k) => search(text, k);
    },
  });
  return rows;
}

/** A tool's description followed by its parameters' names and descriptions (and their nested properties'). */
function withParameters(tool) {
  const parts = [tool.description ?? ""];
  const visit = (schema) => {
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      parts.push(name, property?.description ?? "");
      visit(property);
      visit(property?.items);
    }
  };
  visit(tool.inputSchema);
  return parts.join(" ");
}

export async function measureLongTasks() {
  const { tasks } = JSON.parse(readFileSync(DATA, "utf8"));
  const catalogs = new Map();
  for (const task of tasks)
    if (!catalogs.has(task.catalog))
      catalogs.set(task.catalog, JSON.parse(readFileSync(new URL(`${task.catalog}.json`, CATALOGS), "utf8")));
  for (const task of tasks) {
    const names = new Set(catalogs.get(task.catalog).tools.map((tool) => tool.name));
    for (const name of task.tools)
      if (!names.has(name)) throw new Error(`long-tasks: ${task.id} needs "${name}", which ${task.catalog} lacks`);
  }
  const rows = [];
  for (const contender of await contenders()) {
    const selectors = new Map([...catalogs].map(([id, catalog]) => [id, contender.build(catalog)]));
    const results = [];
    for (const task of tasks) {
      const top = await selectors.get(task.catalog)(task.task, 10);
      const found = (k) => task.tools.filter((name) => top.slice(0, k).includes(name)).length;
      results.push({ id: task.id, top, at5: found(5), at10: found(10), of: task.tools.length, tools: top.length });
    }
    const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
    rows.push({
      label: contender.label,
      recall5: mean(results.map((result) => result.at5 / result.of)),
      recall10: mean(results.map((result) => result.at10 / result.of)),
      all10: results.filter((result) => result.at10 === result.of).length,
      none10: results.filter((result) => result.at10 === 0).length,
      tools: mean(results.map((result) => result.tools)),
      results,
    });
  }
  return { tasks, rows };
}

function report({ tasks, rows }) {
  const percent = (value) => `${(100 * value).toFixed(1)}%`;
  const table = markdownTable(
    ["library", "recall@5", "recall@10", "all tools in the top 10", "no tool in the top 10", "tools returned"],
    rows.map((row) => [
      row.label,
      percent(row.recall5),
      percent(row.recall10),
      `${row.all10}/${tasks.length}`,
      `${row.none10}/${tasks.length}`,
      row.tools.toFixed(1),
    ]),
  );
  const lines = [
    "# Long tasks: whole tasks in the user's words over pooled MCP catalogs",
    "",
    `\`npm run build && npx node bench/long-tasks.mjs\`. Data: bench/long-tasks/tasks.json (${tasks.length} tasks, ` +
      "2–5 tools each, over mcp-pooled-dev, -pm and -work; written blind). Recall@k: the share of a task's tools " +
      "among the first k returned, averaged over tasks.",
    "",
    table,
  ];
  if (process.argv.includes("--misses")) {
    const byId = new Map(tasks.map((task) => [task.id, task]));
    for (const row of rows) {
      lines.push("", `## ${row.label}: tools missed in the top 10`, "");
      for (const result of row.results) {
        const task = byId.get(result.id);
        const missed = task.tools.filter((name) => !result.top.includes(name));
        if (missed.length > 0)
          lines.push(`- ${result.id}: missed ${missed.join(", ")}; top 5 ${result.top.slice(0, 5).join(", ")}`);
      }
    }
  }
  return lines.join("\n");
}

runIfMain(import.meta.url, async () => {
  const measured = await measureLongTasks();
  if (process.argv.includes("--json"))
    return JSON.stringify(
      measured.rows.map(({ results, ...row }) => ({
        ...row,
        results: results.map(({ id, top, at10, of }) => ({ id, top, at10, of })),
      })),
      null,
      1,
    );
  return report(measured);
});
