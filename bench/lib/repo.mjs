// The repository as the benches run it: its root, its Node 22, wrangler kept off the network, and the settings of
// wrangler.toml that every Worker the benches start shares (the compatibility date, the "#…" aliases).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../../", import.meta.url));

/** The repo's Node 22 (the `node` devDependency): wrangler refuses older ones. */
export function repoNode() {
  const local = join(REPO, "node_modules/.bin/node");
  return existsSync(local) ? local : process.execPath;
}

/** wrangler's command-line script (its package.json exports no bin path). */
export const WRANGLER = join(REPO, "node_modules/wrangler/bin/wrangler.js");

/** The environment of every wrangler and workerd run: no telemetry, no banner, no cf.json download. */
export const OFFLINE_ENV = Object.freeze({
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
});

const wranglerToml = (root) => readFileSync(join(root, "wrangler.toml"), "utf8");

/** wrangler.toml's compatibility date: every Worker the benches run, bundle or start uses it. */
export const COMPATIBILITY_DATE = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(wranglerToml(REPO))[1];

/**
 * The `[alias]` table of `root`'s wrangler.toml (module name → path from `root`): the package's "#…" imports as the
 * "workerd" condition selects them, from source, and whatever else the repo's Worker swaps out (`ai`).
 */
export function sourceAliases(root = REPO) {
  const section = /^\[alias\]\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(wranglerToml(root));
  const aliases = {};
  for (const [, name, path] of (section?.[1] ?? "").matchAll(/^"([^"]+)"\s*=\s*"([^"]+)"/gm)) aliases[name] = path;
  return aliases;
}
