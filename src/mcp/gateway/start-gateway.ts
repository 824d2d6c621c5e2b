// Starting the gateway: upstream servers connected, the catalog indexed (local model, learnt usage), sessions served.

import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { fileUsageStore } from "../../usage/file-usage-store.js";
import type { UsageSnapshot } from "../../usage/usage-snapshot.js";
import { errorMessage } from "../../support/error-message.js";
import { createSerialQueue } from "../../support/serial-queue.js";
import { createMcpCatalog, type McpCatalog, type McpCatalogOptions } from "../mcp-catalog.js";
import type { GatewayConfig } from "./config.js";
import { createGatewayServer, listsChange, type GatewayContext } from "./gateway-server.js";
import { eventLogger, gatewayModels, type ModelSettings } from "./gateway-models.js";
import { Upstream } from "./upstream.js";

/** How `toolsift mcp` runs (its command-line flags; `ModelSettings`: `--embedding`, `--no-local`, the cache file). */
export interface GatewayOptions extends ModelSettings {
  readonly config: GatewayConfig;
  /** Tools a search returns by default. */
  readonly maxResults: number;
  /** Milliseconds for connecting to an upstream server and for one forwarded call. */
  readonly timeout: number;
  /**
   * The longest wait, in milliseconds, between attempts to start an upstream server that is down (`--retry`): 1 s after
   * the first failure, doubling up to this cap (`retryDelay`); 0: no background retries (a server that was up and went
   * down is started again on its next use; one that never started stays out).
   */
  readonly retryMax: number;
  /** The file learnt usage is kept in; `undefined`: nothing is learnt. */
  readonly usageFile: string | undefined;
  /** List each search's tools directly and announce them with list_changed (`GatewayContext.exposeSelected`). */
  readonly exposeSelected: boolean;
  /** Drop upstream servers' stderr and the gateway's own log lines. */
  readonly quiet: boolean;
  /** Where the gateway's log lines go. Default: stderr, `[toolsift mcp] <line>` (none when `quiet`). */
  readonly log?: (line: string) => void;
  readonly version: string;
  /**
   * Stops a start under way (Ctrl-C): every upstream server started so far is ended (an attempt under way abandoned)
   * and `startGateway` rejects with the signal's reason. Once the gateway is up it has no effect: `close()` ends it.
   */
  readonly signal?: AbortSignal;
  /**
   * Start stdio servers with the gateway's whole environment under their own `env` (`--inherit-env`). Default: the
   * config's `toolsift.inheritEnv` (false: the MCP SDK's safe list and each server's `env`).
   */
  readonly inheritEnv?: boolean;
}

/** A running gateway. */
export interface Gateway {
  readonly catalog: McpCatalog;
  /** A new MCP server for one client session. */
  session(): Server;
  /** Ends every upstream server (children included) and saves what was learnt. */
  close(): Promise<void>;
}

/** Tells every connected session that lists tools of its own that its list may have changed. */
function announceChange(sessions: ReadonlySet<Server>, log: (line: string) => void): void {
  for (const server of sessions) {
    if (server.transport === undefined) continue;
    server
      .sendToolListChanged()
      .catch((error: unknown) => log(`announcing a changed tool list failed (${errorMessage(error)})`));
  }
}

async function loadUsage(path: string | undefined, log: (line: string) => void): Promise<UsageSnapshot | undefined> {
  if (path === undefined) return undefined;
  try {
    return await fileUsageStore(path).load();
  } catch (error) {
    log(`learnt usage in ${path} could not be read (${errorMessage(error)}); starting without it`);
    return undefined;
  }
}

/**
 * Connects to every configured server and builds the catalog. A server that fails is logged and left out, and started
 * again in the background (`retryMax`); its tools join the catalog when it comes up, and sessions that list tools of
 * their own (pinned, `exposeSelected`) are sent `notifications/tools/list_changed` whenever a server's tools are read
 * again.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const log =
    options.log ?? (options.quiet ? () => {} : (line: string) => process.stderr.write(`[toolsift mcp] ${line}\n`));
  const upstreams = [...options.config.servers].map(
    ([name, entry]) =>
      new Upstream(name, entry, {
        timeout: options.timeout,
        stderr: options.quiet ? "ignore" : "inherit",
        log,
        retryMax: options.retryMax,
        inheritEnv: options.inheritEnv ?? options.config.inheritEnv,
      }),
  );
  const sessions = new Set<Server>();
  const logEvent = eventLogger(log);
  const { signal } = options;
  const closeUpstreams = () => Promise.all(upstreams.map((upstream) => upstream.close()));
  // Closing an upstream aborts its attempt under way and keeps it from starting: the start below then ends at once.
  const abandon = () => void closeUpstreams();
  signal?.addEventListener("abort", abandon);
  let catalog: McpCatalog;
  try {
    signal?.throwIfAborted();
    const indexOptions: McpCatalogOptions = {
      onEvent: (event) => {
        logEvent(event);
        if (event.type === "mcp-tools-changed") announceChange(sessions, log);
      },
      // Every fallback is on the gateway's own log (describeEvent), so the index's console.warn would say it twice
      // and would ignore --quiet.
      runtime: { warnings: false },
      learning: { usage: await loadUsage(options.usageFile, log) },
      ...(await gatewayModels(options, log)),
    };
    signal?.throwIfAborted();
    await Promise.all(upstreams.map((upstream) => upstream.start()));
    signal?.throwIfAborted();
    const sources = Object.fromEntries(upstreams.map((upstream) => [upstream.name, upstream as never]));
    catalog = await createMcpCatalog(sources, indexOptions);
    await catalog.index.warmUp();
    signal?.throwIfAborted();
  } catch (error) {
    await closeUpstreams();
    // What a stop cut short (a listing of a server it closed) is not the error: the stop is.
    throw signal?.aborted ? signal.reason : error;
  } finally {
    signal?.removeEventListener("abort", abandon);
  }
  const ready = catalog.servers().filter((server) => server.status === "ready");
  log(`${catalog.tools().length} tools from ${ready.length} of ${upstreams.length} servers`);
  /** The down server a catalog name belongs to (the longest server name it starts with), as an error saying so. */
  const downError = (name: string) =>
    upstreams
      .filter((upstream) => name.startsWith(`${upstream.name}${catalog.separator}`))
      .sort((a, b) => b.name.length - a.name.length)[0]
      ?.downError();

  const store = options.usageFile === undefined ? undefined : fileUsageStore(options.usageFile);
  const saves = createSerialQueue();
  let saving = false;
  const save = () => {
    if (store === undefined || saving) return;
    saving = true;
    saves
      .run(() => {
        saving = false;
        return store.save(catalog.index.usage());
      })
      .catch((error: unknown) => log(`saving learnt usage failed (${errorMessage(error)})`));
  };
  for (const name of options.config.pinned) {
    if (catalog.tool(name) !== undefined) continue;
    log(
      `pinned tool "${name}" is not in the catalog (server__tool); ` +
        (downError(name) === undefined ? "not listed" : "listed when its server comes up"),
    );
  }
  const context: GatewayContext = {
    catalog,
    pinned: options.config.pinned,
    maxResults: options.maxResults,
    timeout: options.timeout,
    version: options.version,
    exposeSelected: options.exposeSelected,
    downError,
    learn(query, earlier, tool) {
      if (store === undefined) return;
      catalog.index.learnStep(query, earlier, [tool]);
      save();
    },
  };
  let closing: Promise<void> | undefined;
  return {
    catalog,
    session() {
      const server = createGatewayServer(context);
      if (listsChange(context)) {
        // Only a session that initialised is announced to (and so held): an HTTP request that never did is dropped.
        server.oninitialized = () => sessions.add(server);
        server.onclose = () => sessions.delete(server);
      }
      return server;
    },
    close() {
      closing ??= (async () => {
        await Promise.all(upstreams.map((upstream) => upstream.close()));
        await saves.run(async () => {
          if (store !== undefined) await store.save(catalog.index.usage());
        });
      })();
      return closing;
    },
  };
}
