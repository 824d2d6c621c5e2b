// `npm start`: the selection service under `wrangler dev --local` on 127.0.0.1, with the built-in dev admin token only
// when the user has set no TOOLSIFT_ADMIN_TOKEN of their own, and a banner that says which token is in force.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";

const REPO = fileURLToPath(new URL("../", import.meta.url));

/** The admin token `npm start` uses when the user has set none: well known, for a local try-out only. */
export const DEV_ADMIN_TOKEN = "dev-admin-token";

/** The files wrangler dev reads secrets from, in its order: `.dev.vars`, or (only without it) `.env`, `.env.local`. */
function secretFiles(folder) {
  const devVars = join(folder, ".dev.vars");
  if (existsSync(devVars)) return [".dev.vars"];
  // wrangler skips .env files when CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV is false.
  return [".env", ".env.local"].filter((name) => existsSync(join(folder, name)));
}

/**
 * Where the admin token wrangler dev will use comes from, for the Worker whose wrangler.toml is in `folder`:
 * `{ source: "environment", value }` (TOOLSIFT_ADMIN_TOKEN in the environment of `npm start`; passed on with
 * `--var`), `{ source: ".dev.vars" | ".env" | ".env.local" }` (the last file wrangler reads that sets it; wrangler
 * passes it itself) or `{ source: "built-in", value: DEV_ADMIN_TOKEN }`. An empty value counts as unset, as the
 * service reads it.
 */
export function adminTokenChoice({ folder = REPO, env = process.env } = {}) {
  const fromEnvironment = env.TOOLSIFT_ADMIN_TOKEN;
  if (fromEnvironment !== undefined && fromEnvironment.length > 0)
    return { source: "environment", value: fromEnvironment };
  const loadDotEnv = !/^(false|0)$/i.test(env.CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV ?? "");
  let source;
  for (const name of secretFiles(folder)) {
    if (name !== ".dev.vars" && !loadDotEnv) continue;
    const value = parseEnv(readFileSync(join(folder, name), "utf8")).TOOLSIFT_ADMIN_TOKEN;
    if (value !== undefined) source = value.length > 0 ? name : undefined;
  }
  return source === undefined ? { source: "built-in", value: DEV_ADMIN_TOKEN } : { source };
}

/** The banner's words for the token in force; never the user's secret. */
export function describeAdminToken(choice) {
  if (choice.source === "built-in")
    return `the built-in ${DEV_ADMIN_TOKEN} (set TOOLSIFT_ADMIN_TOKEN in .dev.vars to use your own)`;
  return `your TOOLSIFT_ADMIN_TOKEN from ${choice.source === "environment" ? "the environment" : choice.source}`;
}

/** `--port <n>` / `--port=<n>` among `args` (default 8787), and the other arguments, passed on to wrangler. */
function takePort(args) {
  const rest = [];
  let port = "8787";
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--port") port = args[++i];
    else if (args[i].startsWith("--port=")) port = args[i].slice("--port=".length);
    else rest.push(args[i]);
  }
  return { port, rest };
}

/** The wrangler arguments and the banner for `args` (extra wrangler arguments) in `folder`. */
export function startCommand({ folder = REPO, env = process.env, args = [] } = {}) {
  const choice = adminTokenChoice({ folder, env });
  const { port, rest } = takePort(args);
  const adminVar = choice.value === undefined ? [] : ["--var", `TOOLSIFT_ADMIN_TOKEN:${choice.value}`];
  return {
    wranglerArgs: [
      ...["dev", "--local", "--ip", "127.0.0.1", "--port", port],
      ...adminVar,
      ...["--var", "TOOLSIFT_SEED_DEMO:demo"],
      ...rest,
    ],
    banner:
      `toolsift selection service on http://127.0.0.1:${port} (playground at /, API at /v1/catalogs/demo/select); ` +
      `admin token for writes and /v1/tokens: ${describeAdminToken(choice)}`,
  };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = process.cwd();
  mkdirSync(join(folder, "public"), { recursive: true });
  const { wranglerArgs, banner } = startCommand({ folder, args: process.argv.slice(2) });
  console.log(banner);
  const wrangler = join(dirname(fileURLToPath(import.meta.url)), "../node_modules/wrangler/bin/wrangler.js");
  const child = spawn(process.execPath, [wrangler, ...wranglerArgs], {
    cwd: folder,
    stdio: "inherit",
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_HIDE_BANNER: "true",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
    },
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
}
