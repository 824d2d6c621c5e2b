// Starts workerd (`wrangler dev`, local only, on 127.0.0.1) on a bundle of one Worker entry made once, and stops it by
// its process group. Bundling first means edits to the tree during a run (other work in the same checkout) neither
// reload the Worker nor mix code versions into one measurement.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { freePort } from "../../scripts/free-port.mjs";

// wrangler's package.json exports no bin path: resolve the package, then its bin next to it.
const wrangler = join(dirname(createRequire(import.meta.url).resolve("wrangler/package.json")), "bin", "wrangler.js");

const environment = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

// Process groups of the workerd instances still running, with their folders: ended and removed when this process
// exits, interrupted or not.
const running = new Map();
const bundles = new Set();
process.once("exit", () => {
  for (const folder of bundles) rmSync(folder, { recursive: true, force: true });
  for (const [group, folder] of running) {
    try {
      process.kill(-group, "SIGTERM");
    } catch {
      // Already gone.
    }
    rmSync(folder, { recursive: true, force: true });
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));

/**
 * Bundles `entry` with `config` (paths inside `cwd`) into a new temporary folder that wrangler can run unbundled
 * (removed when this process exits).
 */
export function bundleWorker({ cwd, entry, config }) {
  const folder = mkdtempSync(join(tmpdir(), "toolsift-cost-"));
  try {
    execFileSync(process.execPath, [wrangler, "deploy", "--dry-run", "--outdir", folder, "--config", config, entry], {
      cwd,
      env: environment,
      stdio: ["ignore", "ignore", "inherit"],
    });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  for (const file of readdirSync(folder))
    if (file.endsWith(".map") || file.endsWith(".md")) unlinkSync(join(folder, file));
  const main = readdirSync(folder).find((file) => file.endsWith(".js"));
  bundles.add(folder);
  writeFileSync(
    join(folder, "wrangler.toml"),
    [
      'name = "toolsift-cost"',
      `main = "${main}"`,
      'compatibility_date = "2026-11-01"',
      "send_metrics = false",
      "no_bundle = true",
      "find_additional_modules = true",
      'rules = [{ type = "CompiledWasm", globs = ["**/*.wasm"] }]',
      "",
    ].join("\n"),
  );
  return folder;
}

/**
 * Runs `entry` with `config` (paths inside `cwd`) in workerd, or the folder `bundled` made by `bundleWorker` (kept on
 * stop, for the next start); resolves once it answers. `stop()` ends wrangler and workerd (a Worker still spinning on a
 * capped request included).
 */
export async function startWorkerd({ cwd, entry, config, bundled }) {
  const port = await freePort();
  // Its own inspector port too: wrangler's default (9229) may still be held by the workerd stopped just before.
  const inspectorPort = await freePort();
  const folder = bundled ?? bundleWorker({ cwd, entry, config });
  const child = spawn(
    process.execPath,
    [
      wrangler,
      "dev",
      "--local",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      join(folder, `state-${port}`),
      "--log-level",
      "warn",
      "--show-interactive-dev-session=false",
    ],
    { cwd: folder, detached: true, stdio: ["ignore", "ignore", "pipe"], env: environment },
  );
  running.set(child.pid, folder);
  let errors = "";
  child.stderr.on("data", (chunk) => (errors += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch (error) {
      if (error.code !== "ESRCH") throw error;
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    running.delete(child.pid);
    if (bundled === undefined) {
      bundles.delete(folder);
      rmSync(folder, { recursive: true, force: true });
    }
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || errors.includes("Build failed")) {
      await stop();
      throw new Error(`wrangler dev could not start:\n${errors}`);
    }
    try {
      await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2_000) });
      return { url, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not answer on ${url} within 90 s:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** GETs `path`; returns the JSON body and the milliseconds from request to the end of the response. */
export async function timedGet(url, path, timeoutMs = 120_000) {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 500)}`);
  return { body: JSON.parse(body), ms };
}
