// `toolsift mcp --config <file>`: the gateway's command line (flags, start, serve, and a clean exit on Ctrl-C).

import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { ToolsiftError } from "../../errors.js";
import { errorMessage } from "../../support/error-message.js";
import { integerOption, invalidOption } from "../../support/validate-options.js";
import { readGatewayConfig, type GatewayConfig } from "./config.js";
import {
  checkApiKey,
  checkProvider,
  readBaseUrl,
  readEmbeddingChoice,
  withoutCredentials,
} from "./embedding-choice.js";
import { DEFAULT_SESSION_TIMEOUT, MAX_SESSION_TIMEOUT } from "./http-sessions.js";
import type { ModelSettings } from "./gateway-models.js";
import { DEFAULT_RETRY_MAX } from "./upstream.js";
import { serveHttp, serveStdio } from "./serve.js";
import { startGateway, type Gateway } from "./start-gateway.js";

export const GATEWAY_USAGE = `toolsift mcp — one MCP server in front of many, with tool search

Usage:
  toolsift mcp --config <mcp.json> [options]

The config is the "mcpServers" JSON MCP clients use: { "mcpServers": { "<name>": { "command", "args", "env" } |
{ "url" } } }, with an optional "toolsift": { "pinned": ["<server>__<tool>", ...] } listed as tools of their own,
"embedding", "embeddingBaseURL", "sessionTimeout" and "inheritEnv" (as the flags below; a flag wins over its field;
an "embeddingBaseURL" beside a "local" or "none" "embedding" is refused).
Tools: search_tools (find tools across every server) and call_tool (run one by the name search gave).

Options:
  --config, -c <file>   the config file (required)
  --http <port>         serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio
  --session-timeout <ms>   with --http: a session with no request in flight and no stream open for this long is
                        closed (default 1800000, 30 minutes; 0: never; at most 86400000); at most 100 sessions
  --max <n>             tools a search returns by default (default 5)
  --timeout <ms>        connecting to a server and one call (default 60000)
  --retry <ms>          a server that does not start is tried again after 1 s, 2 s, 4 s, … up to this wait
                        (default 60000; 0: no background retries, a crashed server is restarted on its next use)
  --usage <file>        where learnt usage is kept (default ~/.toolsift/mcp-usage.json)
  --no-learn            learn nothing from calls
  --embedding <model>   "local" (the bundled model, default), "none" (keywords only) or
                        "openai:<model>[:<dimensions>]" (key from OPENAI_API_KEY; needs @ai-sdk/openai installed;
                        a last part that is all digits is the dimensions, any other is part of the model id);
                        if the API fails, search ranks by keywords and says so on this log
  --embedding-base-url <url>   an OpenAI-compatible server for openai:<model> (default: OPENAI_BASE_URL, else OpenAI;
                        no user or password in it); its origin is part of the cached vectors' key
  --embedding-cache <file>     where openai:<model> tool vectors are kept, so a restart embeds only changed tools
                        (default: mcp-embeddings.bin beside the usage file, also with --no-learn)
  --no-local            no bundled local model: keywords only, or no query expansion beside openai:<model>
  --expose-selected     also list the tools each search found, announced with tools/list_changed
  --inherit-env         start stdio servers with this process's whole environment under their "env" (default: HOME,
                        LOGNAME, PATH, SHELL, TERM, USER as MCP clients do, plus proxy, CA, temp, locale and npm
                        settings without credentials, so that keys such as OPENAI_API_KEY do not reach every server)
  --quiet               no log lines, upstream servers' stderr dropped
  --help, -h            this text

Ctrl-C (SIGINT), SIGTERM or SIGHUP, also while the servers are still starting, ends every upstream server started
so far; the gateway then exits with code 0, as it does when its stdio client goes away (stdin closed, or a failed
write). A server that ignores its stdin closing gets SIGTERM 1 s later, SIGKILL 0.5 s after that.`;

/** The signals that stop the gateway (Ctrl-C, a client or service manager ending it, a closed terminal). */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** A flag's integer in [min, max] (`integerOption`'s check and message), `fallback` when the flag is absent. */
function integerFlag(flag: string, value: string | undefined, fallback: number, min: number, max: number): number {
  // A numeral is read as its number; anything else is passed as given, so the message quotes it.
  const read = value !== undefined && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : value;
  return integerOption("toolsift mcp", flag, read, min, max, fallback);
}

/** The first of `settings` that is given: the setting's name (flag, config field or variable) and its value. */
function firstGiven<T>(...settings: (readonly [string, T | undefined])[]): readonly [string, T] | undefined {
  return settings.find((setting): setting is readonly [string, T] => setting[1] !== undefined);
}

/**
 * `--embedding` (or the config's `toolsift.embedding`), its base URL, `--no-local` and the vector cache, checked. A
 * flag wins over the config's field; a base URL applies to an `openai:<model>` only: one given as a flag with another
 * model is refused, naming the flag, and so is the config's beside the config's own (or the default) `local`/`none`;
 * the config's base URL with an `--embedding local|none` flag is left unused, saying so on `log`; OPENAI_BASE_URL,
 * ambient, is left unused quietly.
 */
export async function modelSettings(
  values: { embedding?: string; "embedding-base-url"?: string; "embedding-cache"?: string; "no-local"?: boolean },
  config: GatewayConfig,
  usage: string,
  log: (line: string) => void,
): Promise<ModelSettings> {
  const [option, value] = firstGiven(["--embedding", values.embedding], ["toolsift.embedding", config.embedding]) ?? [
    "--embedding",
    "local",
  ];
  const chosen = readEmbeddingChoice(option, value);
  const flagBase = values["embedding-base-url"];
  if (chosen.kind !== "openai" && flagBase !== undefined) {
    invalidOption("toolsift mcp", "--embedding-base-url", `used with an "openai:<model>" ${option} only`, flagBase);
  }
  if (chosen.kind !== "openai" && config.embeddingBaseURL !== undefined) {
    const field = "toolsift.embeddingBaseURL";
    // The config's own model (or, with none named, the default) contradicts it: the file is wrong, as the flag pair is.
    if (values.embedding === undefined) {
      invalidOption("toolsift mcp", field, `used with an "openai:<model>" ${option} only`, config.embeddingBaseURL);
    }
    log(
      `${field} ${withoutCredentials(config.embeddingBaseURL)} is unused: --embedding ${value} is not openai:<model>`,
    );
  }
  const base = firstGiven(
    ["--embedding-base-url", flagBase],
    ["toolsift.embeddingBaseURL", config.embeddingBaseURL],
    ["OPENAI_BASE_URL", process.env.OPENAI_BASE_URL?.trim() || undefined],
  );
  const embedding =
    chosen.kind === "openai" && base !== undefined ? { ...chosen, baseURL: readBaseUrl(...base) } : chosen;
  const local = !values["no-local"];
  if (!local && values.embedding !== undefined && embedding.kind === "local") {
    invalidOption("toolsift mcp", option, '"none" or "openai:<model>" with --no-local', value);
  }
  if (embedding.kind !== "openai" && values["embedding-cache"] !== undefined) {
    invalidOption(
      "toolsift mcp",
      "--embedding-cache",
      `used with an "openai:<model>" ${option} only`,
      values["embedding-cache"],
    );
  }
  checkApiKey(option, embedding, process.env);
  await checkProvider(option, embedding);
  return {
    embedding: embedding.kind === "local" && !local ? { kind: "none" } : embedding,
    local,
    embeddingCache: values["embedding-cache"] ?? join(dirname(usage), "mcp-embeddings.bin"),
  };
}

/**
 * Serves `gateway` over Streamable HTTP on `port` until `stopped` resolves. A port that cannot be listened on (in use,
 * or not allowed) is an error naming `--http` and the cause.
 */
async function serveHttpUntil(
  stopped: Promise<void>,
  gateway: Gateway,
  port: number,
  log: (line: string) => void,
  sessionTimeout: number,
): Promise<void> {
  const http = await serveHttp(gateway, port, log, { sessionTimeout }).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EADDRINUSE" && code !== "EACCES") throw error;
    throw new ToolsiftError(
      "INVALID_OPTION",
      `toolsift mcp: --http ${port}: cannot listen on 127.0.0.1:${port} (${errorMessage(error)})`,
      { option: "--http", value: port },
      { cause: error },
    );
  });
  const address = http.address();
  log(`serving MCP at http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : port}/mcp`);
  await stopped;
  http.closeAllConnections();
  http.close();
}

/** Runs the gateway until stdin closes (stdio) or a signal arrives; returns the exit code. */
export async function runGateway(argv: readonly string[], version: string): Promise<number> {
  const err = (line: string) => process.stderr.write(`${line}\n`);
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        config: { type: "string", short: "c" },
        http: { type: "string" },
        max: { type: "string" },
        timeout: { type: "string" },
        retry: { type: "string" },
        usage: { type: "string" },
        embedding: { type: "string" },
        "embedding-base-url": { type: "string" },
        "embedding-cache": { type: "string" },
        "session-timeout": { type: "string" },
        "inherit-env": { type: "boolean" },
        "no-learn": { type: "boolean" },
        "no-local": { type: "boolean" },
        "expose-selected": { type: "boolean" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    err(`toolsift mcp: ${errorMessage(error)}\n\n${GATEWAY_USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${GATEWAY_USAGE}\n`);
    return 0;
  }
  if (values.config === undefined) {
    err(`toolsift mcp: --config <file> is required\n\n${GATEWAY_USAGE}`);
    return 2;
  }
  const log = values.quiet ? () => {} : (line: string) => err(`[toolsift mcp] ${line}`);
  // A client that held the gateway's stderr and exited takes the log with it: a line that cannot be written (EPIPE)
  // is dropped, as there is nowhere left to report it, and the gateway goes on to end its upstream servers.
  const dropUnwritableLog = () => {};
  process.stderr.on("error", dropUnwritableLog);
  // Listening from the start: a signal while servers are starting ends those started so far (Node's default exit
  // would leave a server that does not read its stdin, such as an npx still installing, running). A second signal
  // while stopping is only logged, so that the servers are still ended.
  const stop = new AbortController();
  const stopped = new Promise<void>((resolve) => stop.signal.addEventListener("abort", () => resolve()));
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: ${stop.signal.aborted ? "already stopping" : "stopping"}, ending the upstream servers`);
    stop.abort(new Error(`stopped by ${signal}`));
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  try {
    // Every flag is checked before any server starts.
    const port = values.http === undefined ? undefined : integerFlag("--http", values.http, 0, 0, 65_535);
    if (port === undefined && values["session-timeout"] !== undefined) {
      invalidOption("toolsift mcp", "--session-timeout", "used with --http only", values["session-timeout"]);
    }
    const config = await readGatewayConfig(values.config);
    if (port === undefined && config.sessionTimeout !== undefined) {
      log(`toolsift.sessionTimeout ${config.sessionTimeout} is unused: it applies to --http only, not to stdio`);
    }
    const sessionTimeout = integerFlag(
      "--session-timeout",
      values["session-timeout"],
      config.sessionTimeout ?? DEFAULT_SESSION_TIMEOUT,
      0,
      MAX_SESSION_TIMEOUT,
    );
    const usage = values.usage ?? join(homedir(), ".toolsift", "mcp-usage.json");
    const gateway = await startGateway({
      config,
      maxResults: integerFlag("--max", values.max, 5, 1, 20),
      timeout: integerFlag("--timeout", values.timeout, 60_000, 1, 3_600_000),
      retryMax: integerFlag("--retry", values.retry, DEFAULT_RETRY_MAX, 0, 3_600_000),
      usageFile: values["no-learn"] ? undefined : usage,
      ...(await modelSettings(values, config, usage, log)),
      exposeSelected: values["expose-selected"] === true,
      inheritEnv: values["inherit-env"] === true || config.inheritEnv,
      quiet: values.quiet === true,
      version,
      signal: stop.signal,
    });
    try {
      if (port !== undefined) await serveHttpUntil(stopped, gateway, port, log, sessionTimeout);
      else {
        const gone = await Promise.race([serveStdio(gateway), stopped]);
        if (gone !== undefined) {
          log(`${gone}: stopping, ending the upstream servers`);
          // A signal from here on (the client's SIGTERM if stopping is slow) is logged as coming while stopping.
          stop.abort(new Error(gone));
        }
      }
    } finally {
      // Also when serving failed (a port in use): no upstream server outlives the gateway.
      await gateway.close();
    }
    return 0;
  } catch (error) {
    if (stop.signal.aborted && error === stop.signal.reason) {
      log(`${errorMessage(error)} before the gateway was up; the upstream servers started so far are ended`);
      return 0;
    }
    if (ToolsiftError.isInstance(error) || (error as NodeJS.ErrnoException).code === "ENOENT") {
      const message = errorMessage(error);
      err(message.startsWith("toolsift mcp:") ? message : `toolsift mcp: ${message}`);
      return 1;
    }
    throw error;
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    process.stderr.off("error", dropUnwritableLog);
  }
}
