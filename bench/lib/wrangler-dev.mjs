// Runs a Worker under `wrangler dev` (local only: 127.0.0.1, a free port, no telemetry) in its own process group,
// ended by its pid on stop() or when this process exits, and times GET requests to it from Node.
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../scripts/free-port.mjs";
import { COMPATIBILITY_DATE, OFFLINE_ENV, REPO, WRANGLER, repoNode } from "./repo.mjs";

// Process groups of the wrangler instances still running: ended when this process exits, interrupted or not.
const running = new Set();
process.once("exit", () => {
  for (const group of running) {
    try {
      process.kill(-group, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));

/**
 * Starts `wrangler dev` on `bundle` (from bench/lib/worker-bundle.mjs, run as it is: `no_bundle`) or, without one, on
 * the wrangler.toml in `cwd`; `vars` as `--var`s, KV and Durable Objects persisted in `persistTo` (default: a folder
 * next to the bundle, or wrangler's own). Resolves with `{ url, stop, output }` once the Worker answers any request.
 */
export async function startWranglerDev({ bundle, cwd = REPO, vars = {}, persistTo }) {
  const port = await freePort();
  // Its own inspector port too: wrangler's default (9229) may still be held by the workerd stopped just before.
  const inspectorPort = await freePort();
  const folder = bundle?.folder ?? cwd;
  if (bundle !== undefined && !existsSync(join(folder, "wrangler.toml"))) {
    writeFileSync(
      join(folder, "wrangler.toml"),
      [
        'name = "toolsift-bench"',
        `main = ${JSON.stringify(bundle.entry)}`,
        `compatibility_date = ${JSON.stringify(COMPATIBILITY_DATE)}`,
        "send_metrics = false",
        "no_bundle = true",
        "find_additional_modules = true",
        'rules = [{ type = "CompiledWasm", globs = ["**/*.wasm"] }, { type = "Data", globs = ["**/*.bin"] }]',
        "",
      ].join("\n"),
    );
  }
  const args = [
    ...["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspectorPort)],
    ...["--persist-to", persistTo ?? join(folder, `state-${port}`), "--log-level", "warn"],
    "--show-interactive-dev-session=false",
    ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ];
  const child = spawn(repoNode(), [WRANGLER, ...args], {
    cwd: folder,
    env: OFFLINE_ENV,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child.pid);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
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
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || output.includes("Build failed")) {
      await stop();
      throw new Error(`bench: wrangler dev could not start:\n${output}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return { url, stop, output: () => output };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`bench: wrangler dev did not answer on ${url} within 90 s:\n${output}`);
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
