// Helpers of the consumer-project check: run a command, measure emitted files, serve a folder, drive Chromium.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { extname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { freePort } from "../free-port.mjs";

/** Environment for every command: no telemetry, no banners, no network fetches by wrangler. */
export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_UPDATE_NOTIFIER: "1",
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
};

/** Runs `command args` in `cwd`; resolves with its output, rejects with the output when it fails or times out. */
export function run(command, args, { cwd, timeoutMs = 300_000, env = quietEnv } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(" ")}: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else {
        const why = signal === null ? `exit code ${code}` : `killed (${signal}) after ${timeoutMs} ms`;
        reject(new Error(`${command} ${args.join(" ")} failed (${why}) in ${cwd}:\n${output.slice(-4000)}`));
      }
    });
  });
}

/** Every file under `dir`, as paths relative to it. */
export function filesUnder(dir) {
  const out = [];
  const walk = (current) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

/** The AI SDK's operation ids as string literals: only the `ai` package has them (toolsift calls `ai.embedMany(`). */
const AI_SDK_MARKER = /["'`]ai\.(generateText|embedMany|streamText)["'`]/;

/**
 * Sizes of what a build emitted under `dir` (files matching `include`): raw and gzip bytes of the code (.js/.mjs)
 * and of everything, the files carrying the AI SDK, and the largest file.
 */
export function measure(dir, include = () => true) {
  const result = { codeBytes: 0, codeGzip: 0, totalBytes: 0, totalGzip: 0, files: [], aiFiles: [] };
  for (const file of filesUnder(dir).filter(include)) {
    const bytes = readFileSync(join(dir, file));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    result.totalBytes += bytes.length;
    result.totalGzip += gzip;
    result.files.push({ file, bytes: bytes.length, gzip });
    if (/\.(m?js|cjs)$/.test(file)) {
      result.codeBytes += bytes.length;
      result.codeGzip += gzip;
      const text = bytes.toString("utf8");
      if (AI_SDK_MARKER.test(text)) result.aiFiles.push({ file, bytes: bytes.length });
    }
  }
  return result;
}

const contentTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
  ".bin": "application/octet-stream",
  ".css": "text/css",
};

/** Serves `dir` on 127.0.0.1 (a 404 for missing files, no HTML fallback); resolves with its origin and close(). */
export function serve(dir) {
  const requests = [];
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    const file = join(dir, path.endsWith("/") ? `${path}index.html` : path);
    requests.push(path);
    let body;
    try {
      body = file.startsWith(dir) ? readFileSync(file) : undefined;
    } catch {
      body = undefined;
    }
    if (body === undefined) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": contentTypes[extname(file)] ?? "application/octet-stream" }).end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ origin: `http://127.0.0.1:${port}`, requests, close: () => new Promise((done) => server.close(done)) });
    });
  });
}

/**
 * Opens `url` in headless Chromium and waits for the page to set `window.__result`; returns it with the console
 * lines and page errors. Needs /usr/bin/chromium (or CHROMIUM_PATH).
 */
export async function runInChromium(url, { timeoutMs = 60_000 } = {}) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  try {
    const page = await browser.newPage();
    const console = [];
    page.on("console", (message) => console.push(`${message.type()}: ${message.text()}`));
    page.on("pageerror", (error) => console.push(`pageerror: ${error.message}`));
    await page.goto(url);
    await page.waitForFunction(() => window.__result !== undefined, undefined, { timeout: timeoutMs });
    const result = await page.evaluate(() => window.__result);
    return { result, console };
  } finally {
    await browser.close();
  }
}

/**
 * Starts a server (`command` with the args `argsFor(port)` on a free 127.0.0.1 port) in `dir`, fetches each of
 * `paths` once it answers (a path string is a GET; `{ path, body }` POSTs `body` as JSON), returns their JSON bodies,
 * and stops the server's whole process group by its pid.
 */
export async function fetchFromServer(dir, command, argsFor, paths, { timeoutMs = 120_000, env = quietEnv } = {}) {
  const port = await freePort();
  const child = spawn(command, argsFor(port), { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + timeoutMs;
  const get = async (request) => {
    const { path, body } = typeof request === "string" ? { path: request } : request;
    const init =
      body === undefined
        ? undefined
        : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const response = await fetch(`http://127.0.0.1:${port}${path}`, init);
    const text = await response.text();
    if (response.ok) return JSON.parse(text);
    throw new Error(`${path} answered HTTP ${response.status}: ${text.slice(0, 2000)}\n${output.slice(-2000)}`);
  };
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${command} exited (${child.exitCode}):\n${output.slice(-3000)}`);
      try {
        const first = await get(paths[0]);
        return [first, ...(await Promise.all(paths.slice(1).map(get)))];
      } catch (error) {
        if (!(error instanceof TypeError)) throw error; // not listening yet
      }
      await delay(500);
    }
    throw new Error(`${command} did not answer within ${timeoutMs} ms:\n${output.slice(-3000)}`);
  } finally {
    // wrangler starts workerd, next starts workers: end the whole process group the child leads.
    if (child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  }
}

/**
 * Runs the Worker exactly as `wrangler deploy --dry-run --outdir out` emitted it (`wrangler dev --no-bundle` on
 * out/worker.js, in local workerd on 127.0.0.1), calls it once and returns its JSON.
 */
export async function runWorker(dir, wrangler) {
  const args = (port) => [
    ...["dev", "out/worker.js", "--no-bundle", "--local", "--ip", "127.0.0.1", "--port", String(port)],
    ...["--show-interactive-dev-session=false", "--log-level", "warn"],
  ];
  const [result] = await fetchFromServer(dir, wrangler, args, ["/check"]);
  return result;
}
