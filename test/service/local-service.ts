// Starts the selection service as `npm start` does (scripts/start-service.mjs → wrangler dev --local on 127.0.0.1),
// from a folder of its own: the repo's wrangler.toml with absolute paths, and the `.dev.vars` a test gives it.

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../scripts/free-port.mjs";

const REPO = fileURLToPath(new URL("../../", import.meta.url));

export interface LocalService {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** What the start script and wrangler printed so far. */
  output(): string;
  /** Ends the script and wrangler (their process group, by its pid) and removes the folder. */
  stop(): Promise<void>;
}

/** The repo's wrangler.toml for a Worker started from `folder`: its paths made absolute, its assets in `folder`. */
function wranglerTomlFor(folder: string): string {
  return readFileSync(join(REPO, "wrangler.toml"), "utf8")
    .replace(/^main = "(.+)"$/m, (_, path: string) => `main = ${JSON.stringify(join(REPO, path))}`)
    .replace(/= "\.\/src\/([^"]+)"/g, (_, path: string) => `= ${JSON.stringify(join(REPO, "src", path))}`)
    .replace(/^directory = "\.\/public"$/m, `directory = ${JSON.stringify(join(folder, "public"))}`);
}

/**
 * Runs `node scripts/start-service.mjs` (what `npm start` runs) in a new folder holding `files` (e.g. `.dev.vars`),
 * with `env` added to this process's environment; resolves once `GET /health` answers.
 */
export async function startLocalService(
  options: { files?: Record<string, string>; env?: Record<string, string> } = {},
): Promise<LocalService> {
  const folder = mkdtempSync(join(tmpdir(), "toolsift-service-"));
  writeFileSync(join(folder, "wrangler.toml"), wranglerTomlFor(folder));
  for (const [name, text] of Object.entries(options.files ?? {})) writeFileSync(join(folder, name), text);
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const args = ["--port", String(port), "--inspector-port", String(inspectorPort)];
  args.push("--persist-to", join(folder, "state"), "--show-interactive-dev-session=false");
  const child = spawn(process.execPath, [join(REPO, "scripts/start-service.mjs"), ...args], {
    cwd: folder,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
    }
    await exited;
    rmSync(folder, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  // Not a measure of speed: a wrangler that never answers is ended here rather than left running behind the test.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the start script ${child.exitCode === null ? "did not answer" : "exited"}:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
