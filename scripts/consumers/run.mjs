// Consumer projects from the packed tarball: one fresh project per target (Node, Vite, esbuild, a Worker, …),
// installed, built, run and judged; prints a table and writes the bundle sizes to bench/bundles.md.
//
//   npx node scripts/consumers/run.mjs [--tarball toolsift-x.tgz] [--only vite,worker] [--keep] [--no-write]
//                                      [--out bench/bundles.md] [--note "what the tarball holds"]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { run } from "./support.mjs";
import { measureBuild, targets, writeProject } from "./targets.mjs";
import { judge, markdownReport, textTable } from "./report.mjs";

const root = resolve(import.meta.dirname, "../..");
const { values: args } = parseArgs({
  options: {
    tarball: { type: "string" },
    only: { type: "string" },
    keep: { type: "boolean", default: false },
    "no-write": { type: "boolean", default: false },
    out: { type: "string", default: "bench/bundles.md" },
    note: { type: "string" },
  },
});

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const versionOf = (name) => {
  if (name.lastIndexOf("@") > 0) return name; // pinned by the target (not a devDependency of this repository)
  const version = manifest.devDependencies?.[name];
  if (version === undefined) throw new Error(`package.json has no devDependency ${name} to pin the consumer's version`);
  return `${name}@${version}`;
};
const compatibilityDate = readFileSync(join(root, "wrangler.toml"), "utf8").match(/compatibility_date = "([^"]+)"/)[1];
const work = mkdtempSync(join(tmpdir(), "toolsift-consumers-"));

/** Packs the package from a copy of the tree (prepack builds and rewrites package.json; the checkout is untouched). */
async function pack() {
  const copy = join(work, "package-copy");
  mkdirSync(copy);
  const skip = new Set(["node_modules", ".git", ".wrangler", "dist"]);
  for (const name of readdirSync(root)) {
    if (!skip.has(name)) await run("cp", ["-R", join(root, name), join(copy, name)], { cwd: root });
  }
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
  const output = await run("npm", ["pack", "--pack-destination", work], { cwd: copy, timeoutMs: 600_000 });
  // stdout and stderr come merged: an npm notice may follow the tarball's name.
  const name = output
    .split("\n")
    .map((line) => line.trim())
    .findLast((line) => line.endsWith(".tgz") && !line.includes(" "));
  if (name === undefined) throw new Error(`npm pack named no tarball:\n${output.slice(-2000)}`);
  return join(work, name);
}

const started = Date.now();
const tarball = args.tarball === undefined ? await pack() : resolve(args.tarball);
const checkSource = readFileSync(join(import.meta.dirname, "app/check.js"), "utf8");
const only = args.only?.split(",").map((name) => name.trim());
const rows = [];
for (const target of targets({ compatibilityDate })) {
  if (only !== undefined && !only.includes(target.name)) continue;
  const dir = join(work, target.name);
  const row = { target, runs: [], problems: [], seconds: 0 };
  const begin = Date.now();
  try {
    writeProject(dir, target, checkSource);
    await run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, ...target.deps.map(versionOf)],
      {
        cwd: dir,
        timeoutMs: 600_000,
      },
    );
    row.size = measureBuild(await target.build(dir));
    row.runs = await target.exercise(dir);
    for (const entry of row.runs) {
      const problems = judge(entry);
      row.problems.push(...problems.map((problem) => `${entry.run}: ${problem}`));
      // A page's console says why it failed (a 404, an uncaught error) when the result alone does not.
      if (problems.length > 0 && entry.console?.length > 0) {
        row.problems.push(`${entry.run}: browser console:\n${entry.console.slice(0, 20).join("\n")}`);
      }
    }
  } catch (error) {
    row.problems.push(String(error?.message ?? error));
  }
  row.seconds = Math.round((Date.now() - begin) / 1000);
  rows.push(row);
  console.log(`${row.problems.length === 0 ? "ok  " : "FAIL"} ${target.name} (${row.seconds} s)`);
  for (const problem of row.problems) console.log(`     ${problem.replaceAll("\n", "\n     ")}`);
}

console.log(`\n${textTable(rows)}\n`);
const seconds = Math.round((Date.now() - started) / 1000);
if (!args["no-write"] && only === undefined) {
  writeFileSync(resolve(root, args.out), markdownReport(rows, { seconds, tarball, note: args.note }));
  console.log(`wrote ${args.out}`);
}
if (args.keep) console.log(`projects kept in ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log(
  `consumer projects: ${rows.filter((row) => row.problems.length === 0).length}/${rows.length} pass, ${seconds} s`,
);
process.exitCode = rows.every((row) => row.problems.length === 0) ? 0 : 1;
