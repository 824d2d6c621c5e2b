// Bundles a Worker the one way the benches do: `wrangler deploy --dry-run --outdir` (offline: no login, no upload),
// as a user's deploy builds it. The modules it writes then run in Miniflare (bench/lib/miniflare.mjs) or under
// `wrangler dev` (bench/lib/wrangler-dev.mjs) unchanged, so edits to the tree during a run neither reload a Worker
// nor mix code versions into one measurement.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { COMPATIBILITY_DATE, OFFLINE_ENV, REPO, WRANGLER, repoNode } from "./repo.mjs";

// Bundle folders still on disk: removed when this process exits, interrupted or not.
const folders = new Set();
process.once("exit", () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The module type workerd gets for a file wrangler wrote (wrangler's default rules: .wasm, .bin, else ESM). */
export const moduleType = (name) =>
  name.endsWith(".wasm") ? "CompiledWasm" : name.endsWith(".bin") ? "Data" : "ESModule";

/**
 * Bundles `entry` (a path inside `root`) for workerd; returns `{ folder, entry, files, wranglerKiB, wranglerGzipKiB,
 * remove }`: `folder` holds the modules (`entry` is the script's name there), `files` each module's
 * `{ name, type, contents, bytes, gzip }` (gzip level 9), the KiB figures wrangler's own "Total Upload" line.
 *
 * With `config` (a wrangler.toml, relative to `root`), that file as it is: the repo's own Worker. Without it, a
 * wrangler.toml made for `entry`: the repo's compatibility date, `aliases` (module name → path relative to `root`;
 * `sourceAliases()` for the package from source) and an empty tsconfig, so the repo's "paths" (which point the "#…"
 * imports at the Node files, for vitest and tsc) stay out and "toolsift" resolves by package name to dist/ through
 * package.json "exports", with wrangler's conditions ("workerd", "worker", "browser").
 */
export function bundleWorker({ root = REPO, entry, config, aliases = {}, minify = false }) {
  const folder = mkdtempSync(join(tmpdir(), "toolsift-worker-"));
  folders.add(folder);
  const remove = () => {
    folders.delete(folder);
    rmSync(folder, { recursive: true, force: true });
  };
  const out = join(folder, "modules");
  let configPath = config === undefined ? undefined : resolve(root, config);
  if (configPath === undefined) {
    mkdirSync(join(folder, "config"));
    configPath = join(folder, "config", "wrangler.toml");
    writeFileSync(join(folder, "config", "tsconfig.json"), "{}\n");
    const toml = (value) => JSON.stringify(value);
    writeFileSync(
      configPath,
      [
        'name = "toolsift-bench"',
        `main = ${toml(resolve(root, entry))}`,
        `compatibility_date = ${toml(COMPATIBILITY_DATE)}`,
        "send_metrics = false",
        // Relative: wrangler reads this one from the config's folder.
        'tsconfig = "tsconfig.json"',
        "[alias]",
        ...Object.entries(aliases).map(([name, path]) => `${toml(name)} = ${toml(resolve(root, path))}`),
        "",
      ].join("\n"),
    );
  }
  const args = [
    WRANGLER,
    "deploy",
    "--dry-run",
    "--outdir",
    out,
    "--config",
    configPath,
    ...(minify ? ["--minify"] : []),
  ];
  // From the config's folder: wrangler resolves the tsconfig path against it and the working directory both.
  const run = spawnSync(repoNode(), args, { cwd: dirname(configPath), env: OFFLINE_ENV, encoding: "utf8" });
  if (run.status !== 0) {
    remove();
    throw new Error(`bench: wrangler deploy --dry-run of ${entry ?? config} failed:\n${run.stdout}\n${run.stderr}`);
  }
  const total = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(run.stdout + run.stderr);
  const files = readdirSync(out)
    .filter((name) => !name.endsWith(".map") && name !== "README.md")
    .map((name) => {
      const contents = readFileSync(join(out, name));
      return {
        name,
        type: moduleType(name),
        contents,
        bytes: contents.length,
        gzip: gzipSync(contents, { level: 9 }).length,
      };
    });
  const scripts = files.filter((file) => file.type === "ESModule");
  if (scripts.length !== 1) throw new Error(`bench: wrangler wrote ${scripts.length} scripts for ${entry ?? config}`);
  return {
    folder: out,
    entry: scripts[0].name,
    files,
    wranglerKiB: total ? Number(total[1]) : NaN,
    wranglerGzipKiB: total ? Number(total[2]) : NaN,
    remove,
  };
}
