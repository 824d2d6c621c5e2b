// The environment an upstream stdio server starts with. MCP clients start servers with a short safe list (the SDK
// adds HOME, LOGNAME, PATH, SHELL, TERM, USER) and the server's own `env`, so that keys the client holds do not reach
// every server; the gateway does the same, and also keeps what reaching the network and running `npx` need behind a
// proxy or a private CA (a server started by `npx -y` installs itself first): proxy, certificate, temp-directory,
// locale and npm settings, without npm's credentials.

import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** Variables kept by name (either case for the proxy ones, as tools read both). */
const KEPT = new Set([
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "ALL_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "all_proxy",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "TMPDIR",
  "TMP",
  "TEMP",
  "LANG",
]);

/** Variables kept by prefix: npm's settings (registry, cache, proxy), XDG directories, locale. */
const KEPT_PREFIXES = ["npm_config_", "NPM_CONFIG_", "XDG_", "LC_"];

/** npm settings that hold credentials (`_authToken`, `//host/:_auth`, `password`, …) stay behind. */
const CREDENTIAL = /auth|token|password|passwd|secret|cert_key|keyfile/i;

/**
 * The variables of `env` a server gets without `inheritEnv` (beside the SDK's safe list and its own `env`); with
 * `inheritEnv`, all of them.
 */
export function serverEnvironment(env: NodeJS.ProcessEnv, inheritEnv: boolean): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    const infrastructure = KEPT.has(name) || KEPT_PREFIXES.some((prefix) => name.startsWith(prefix));
    if (inheritEnv || (infrastructure && !CREDENTIAL.test(name))) kept[name] = value;
  }
  return kept;
}

/**
 * What the log adds when a stdio server did not start (it exited, or failed its handshake) without the gateway's
 * whole environment: a variable it needs may be missing, and how to give it. `""` with `inheritEnv` (it had them all),
 * when its command could not be run at all (spawn failed: the environment is not the cause), and when its handshake
 * timed out (a slow start, such as `npx` installing the server, is the likelier cause).
 */
export function filteredEnvironmentHint(inheritEnv: boolean, error: unknown): string {
  const syscall = (error as NodeJS.ErrnoException | undefined)?.syscall;
  if (inheritEnv || syscall?.startsWith("spawn")) return "";
  if (error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number)) return "";
  return (
    "; it was started with a filtered environment (the SDK's safe list, proxy, CA, locale and npm settings, and its " +
    'own "env"), not all of the gateway\'s variables: add what it needs to "env" in its config entry, or use ' +
    "--inherit-env"
  );
}
