// createMcpCatalog: several MCP servers as one searchable catalog with namespaced names, kept in step with the servers.

import { createToolIndex } from "../tool-index.js";
import type { ToolIndex } from "../tool-index/types.js";
import type { ToolIndexOptions } from "../options.js";
import type { McpEvent, ToolsiftEvent } from "../events.js";
import { ToolsiftError } from "../errors.js";
import { errorMessage } from "../support/error-message.js";
import { createSerialQueue } from "../support/serial-queue.js";
import { resolveLimits } from "../tool-index/resolve-options.js";
import { checkFilter, matchesFilter, type AnnotationFilter } from "./annotations.js";
import { serverHandle, type CallOptions, type McpSource, type ServerHandle } from "./mcp-source.js";
import { checkSeparator } from "./namespace.js";
import { indexDefinition, readServerTools, type McpTool } from "./server-tools.js";

/** Options of `createMcpCatalog`: the index's own (`createToolIndex`) and these. */
export interface McpCatalogOptions extends ToolIndexOptions {
  /**
   * Between a server's name and its tool's in catalog names (`github__create_issue`). Default `"__"`; 1 to 8
   * characters of `A-Za-z0-9_.-`.
   */
  separator?: string;
  /**
   * Read a server's tools again when it sends `notifications/tools/list_changed` (official SDK clients whose server
   * declares `tools.listChanged`; toolsift sets the client's handler for it). Default `true`. AI SDK MCP clients give
   * no way to hear the notification: a server behind one that declares `tools.listChanged` is reported
   * (`mcp-changes-unwatched`) and read again only by `refresh(server)`.
   */
  watch?: boolean;
}

/** A server's state in the catalog. */
export interface McpServerStatus {
  readonly name: string;
  /**
   * `"ready"`: its tools are in the catalog; `"failed"`: it could not connect or list (see `error`), so none are;
   * `"down"`: its tools, listed before, are in the catalog, but its client says it cannot be used now (see `error`:
   * the gateway's upstream servers that exited and could not be started again).
   */
  readonly status: "ready" | "failed" | "down";
  readonly tools: number;
  readonly error?: unknown;
}

/** Several MCP servers as one catalog. */
export interface McpCatalog {
  /** The index over every tool (names namespaced): `select`, `selectWithScores`, `prepareStep`, `learn`... */
  readonly index: ToolIndex;
  /** The separator between server and tool names. */
  readonly separator: string;
  /** Every tool, in server order then each server's list order. */
  tools(): readonly McpTool[];
  /** The tool with this catalog name, with its server and its name there; `undefined` when there is none. */
  tool(name: string): McpTool | undefined;
  /** Catalog names of the tools whose annotations pass `filter` (all with none): for `select(q, { allowedTools })`. */
  names(filter?: AnnotationFilter): string[];
  /** Calls a tool by catalog name on its server under its own name; rejects: unknown tool, list-only server. */
  callTool(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<unknown>;
  /** Reads `server`'s tools again (every server without an argument) and syncs the index. */
  refresh(server?: string): Promise<void>;
  servers(): readonly McpServerStatus[];
}

interface ServerState {
  handle: ServerHandle | undefined;
  title: string | undefined;
  tools: McpTool[];
  error: unknown;
}

const WHERE = "createMcpCatalog";

/**
 * Connects the catalog to `servers` (name → a `Client`, an AI SDK MCP client, a `{ tools }` list, or a promise of
 * one): lists every page of each server's tools, and indexes them under `<server><separator><tool>`. A server whose
 * promise rejects or whose listing fails is reported (`mcp-server-failed`) and left out; a tool the index would refuse
 * is reported (`mcp-tool-skipped`) and left out. The others stay searchable.
 */
export async function createMcpCatalog(
  servers: Readonly<Record<string, McpSource | PromiseLike<McpSource>>>,
  options: McpCatalogOptions = {},
): Promise<McpCatalog> {
  if (typeof servers !== "object" || servers === null || Array.isArray(servers)) {
    throw new ToolsiftError("INVALID_OPTION", `${WHERE}: servers must be an object of name → MCP client.`, {
      option: "servers",
    });
  }
  const { separator: givenSeparator, watch = true, ...indexOptions } = options;
  const separator = checkSeparator(WHERE, givenSeparator);
  const limits = resolveLimits(indexOptions.catalog?.limits);
  const emit = (event: McpEvent) => {
    if (options.onEvent !== undefined) options.onEvent(event as ToolsiftEvent);
    else if (options.runtime?.warnings !== false) console.warn(`[toolsift] ${event.type}: ${event.message}`);
  };
  const states = new Map<string, ServerState>();
  const queue = createSerialQueue();
  const all = () => [...states.values()].flatMap((state) => state.tools);
  let byName: Map<string, McpTool> | undefined;
  const definitions = () =>
    [...states.values()].flatMap((state) => state.tools.map((tool) => indexDefinition(tool, state.title)));

  async function list(name: string, state: ServerState): Promise<void> {
    try {
      const entries = await state.handle!.listTools();
      const taken = new Set(
        all()
          .filter((tool) => tool.server !== name)
          .map((tool) => tool.name),
      );
      const read = readServerTools(name, entries, { separator, limits, taken });
      read.skipped.forEach(emit);
      state.tools = read.tools;
      byName = undefined;
      state.error = undefined;
    } catch (error) {
      state.tools = [];
      byName = undefined;
      state.error = error;
      emit({
        type: "mcp-server-failed",
        server: name,
        stage: "list",
        error,
        message: `MCP server "${name}" could not list its tools (${errorMessage(error)}); its tools are left out`,
      });
    }
  }

  /** Reads `name`'s tools again on its list_changed, or once the catalog is built when it is still being built. */
  let building = true;
  const changedWhileBuilding = new Set<string>();
  const onChange = (name: string) => {
    if (building) return void changedWhileBuilding.add(name);
    refresh(name).catch((error: unknown) =>
      emit({
        type: "mcp-server-failed",
        server: name,
        stage: "list",
        error,
        message: `MCP server "${name}": reading its changed tools failed (${errorMessage(error)})`,
      }),
    );
  };
  /** Watches a server from before its first listing, so a change during the listing of any server is not missed. */
  const watchServer = (name: string, handle: ServerHandle) => {
    if (!watch) return;
    if (handle.watch(() => onChange(name)) !== "no-hook") return;
    emit({
      type: "mcp-changes-unwatched",
      server: name,
      message:
        `MCP server "${name}" announces changes of its tools, but its AI SDK MCP client gives no way to hear ` +
        `them; call refresh("${name}") to read its tools again`,
    });
  };

  await Promise.all(
    Object.entries(servers).map(async ([name, source]) => {
      const state: ServerState = { handle: undefined, title: undefined, tools: [], error: undefined };
      states.set(name, state);
      try {
        state.handle = serverHandle(name, await source);
        state.title = state.handle.title();
      } catch (error) {
        if (ToolsiftError.isInstance(error) && error.code === "INVALID_OPTION") throw error;
        state.error = error;
        emit({
          type: "mcp-server-failed",
          server: name,
          stage: "connect",
          error,
          message: `MCP server "${name}" did not connect (${errorMessage(error)}); its tools are left out`,
        });
        return;
      }
      watchServer(name, state.handle);
      await list(name, state);
    }),
  );
  const index = createToolIndex(definitions(), indexOptions);

  const refresh = (server?: string): Promise<void> =>
    queue.run(async () => {
      const names = server === undefined ? [...states.keys()] : [server];
      for (const name of names) {
        const state = states.get(name);
        if (state === undefined) {
          throw new ToolsiftError("INVALID_OPTION", `refresh: no MCP server "${name}" in this catalog.`, {
            option: "server",
          });
        }
        if (state.handle === undefined) continue;
        const before = new Set(state.tools.map((tool) => tool.name));
        await list(name, state);
        const after = new Set(state.tools.map((tool) => tool.name));
        const added = [...after].filter((tool) => !before.has(tool));
        const removed = [...before].filter((tool) => !after.has(tool));
        emit({
          type: "mcp-tools-changed",
          server: name,
          added,
          removed,
          message: `MCP server "${name}": tools read again (${added.length} added, ${removed.length} removed)`,
        });
      }
      await index.sync(definitions());
    });

  // Changes announced while the catalog was still being built (the index did not exist yet) are read now.
  building = false;
  for (const name of changedWhileBuilding) onChange(name);

  // By name, for each search result and forwarded call: rebuilt after a server's list is read again.
  const tool = (name: string) => {
    byName ??= new Map(all().map((entry) => [entry.name, entry]));
    return byName.get(name);
  };
  return {
    index: index as unknown as ToolIndex,
    separator,
    tools: all,
    tool,
    names(filter) {
      const checked = checkFilter(filter);
      return all()
        .filter((entry) => matchesFilter(entry.annotations, checked))
        .map((entry) => entry.name);
    },
    async callTool(name, args, callOptions) {
      const found = tool(name);
      if (found === undefined) {
        throw new ToolsiftError("UNKNOWN_TOOL", `No tool "${name}" in this MCP catalog.`, { tool: name });
      }
      const call = states.get(found.server)?.handle?.callTool;
      if (call === undefined) {
        throw new ToolsiftError(
          "INVALID_OPTION",
          `Tool "${name}": server "${found.server}" was given as a tools/list result, which cannot be called; pass its client.`,
          { tool: name },
        );
      }
      return call(found.toolName, args, callOptions);
    },
    refresh,
    servers: () =>
      [...states].map(([name, state]) => {
        const down = state.error === undefined ? state.handle?.down() : undefined;
        const error = state.error ?? down;
        return {
          name,
          status:
            state.handle === undefined || state.error !== undefined ? "failed" : down === undefined ? "ready" : "down",
          tools: state.tools.length,
          ...(error === undefined ? {} : { error }),
        };
      }),
  };
}
