// One MCP server as toolsift reads it: an official SDK `Client`, an AI SDK MCP client, or a plain tools/list result.

import { ToolListChangedNotificationSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";

/** The part of an AI SDK MCP client (`createMCPClient` from `@ai-sdk/mcp`) toolsift uses. */
export interface AiSdkMcpClientLike {
  readonly serverInfo?: { readonly name?: string; readonly title?: string };
  /** The server's initialize result: whether it announces changes of its tools (`capabilities.tools.listChanged`). */
  readonly initializeResult?: {
    readonly capabilities?: { readonly tools?: { readonly listChanged?: boolean | null } };
  };
  listTools(options?: { params?: { cursor?: string } }): Promise<{ tools: unknown[]; nextCursor?: string }>;
  callTool(args: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  toolsFromDefinitions(...args: never[]): unknown;
}

/** A plain `tools/list` result (every page's tools), for servers toolsift only indexes and does not call. */
export interface ToolListLike {
  readonly tools: readonly unknown[];
}

/** What `createMcpCatalog` accepts for each server. */
export type McpSource = Client | AiSdkMcpClientLike | ToolListLike;

/** Options of one call forwarded to a server. */
export interface CallOptions {
  /** Milliseconds before the call is abandoned with a timeout error. Default: the client's own (60 s for the SDK). */
  readonly timeout?: number;
  readonly signal?: AbortSignal;
}

/** One server behind a uniform face. */
export interface ServerHandle {
  readonly kind: "sdk" | "ai-sdk" | "list";
  /** `serverInfo.title` when the server gives one. */
  title(): string | undefined;
  /** Every page of tools/list (follows `nextCursor`). */
  listTools(): Promise<unknown[]>;
  /** Calls a tool by its name on the server; `undefined` for a plain list (it has no client). */
  readonly callTool:
    ((name: string, args: Record<string, unknown>, options?: CallOptions) => Promise<unknown>) | undefined;
  /**
   * Calls `listener` on `notifications/tools/list_changed`: `"watching"` (official SDK clients whose server declares
   * `tools.listChanged`), `"not-announced"` (the server declares no changes, or a plain list), or `"no-hook"` (the
   * server announces changes but its client cannot hear them: AI SDK MCP clients, see `mcp-changes-unwatched`).
   */
  watch(listener: () => void): "watching" | "not-announced" | "no-hook";
  /**
   * Why the server cannot be used now, when its client says so (a client with a `downError()` method, as the
   * gateway's upstreams have: a server that exited and could not be started again); `undefined` otherwise.
   */
  down(): unknown;
}

/** Pages followed at most, so a server that keeps answering a cursor cannot loop forever. */
const MAX_PAGES = 1_000;

async function allPages(server: string, page: (cursor: string | undefined) => Promise<unknown>): Promise<unknown[]> {
  const tools: unknown[] = [];
  let cursor: string | undefined;
  for (let count = 0; count < MAX_PAGES; count++) {
    const result = (await page(cursor)) as { tools?: unknown; nextCursor?: unknown };
    if (!Array.isArray(result?.tools)) {
      throw new ToolsiftError(
        "INVALID_CATALOG",
        `MCP server "${server}": tools/list answered ${describeValue(result)}, not { tools: [...] }.`,
        { server },
      );
    }
    tools.push(...result.tools);
    if (typeof result.nextCursor !== "string" || result.nextCursor.length === 0) return tools;
    cursor = result.nextCursor;
  }
  throw new ToolsiftError("INVALID_CATALOG", `MCP server "${server}": tools/list gave over ${MAX_PAGES} pages.`, {
    server,
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Reads `source` as one of the accepted kinds; throws `INVALID_OPTION` naming the server otherwise. */
export function serverHandle(server: string, source: unknown): ServerHandle {
  if (isObject(source) && typeof source.getServerVersion === "function" && typeof source.listTools === "function") {
    const client = source as unknown as Client;
    return {
      kind: "sdk",
      title: () => client.getServerVersion()?.title,
      listTools: () => allPages(server, (cursor) => client.listTools(cursor === undefined ? {} : { cursor })),
      callTool: (name, args, options) =>
        client.callTool({ name, arguments: args }, undefined, {
          ...(options?.timeout === undefined ? {} : { timeout: options.timeout }),
          ...(options?.signal === undefined ? {} : { signal: options.signal }),
        }) as Promise<CallToolResult>,
      watch(listener) {
        if (client.getServerCapabilities()?.tools?.listChanged !== true) return "not-announced";
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => listener());
        return "watching";
      },
      down: () => {
        const reporting = source as { downError?: unknown };
        return typeof reporting.downError === "function" ? (reporting.downError as () => unknown)() : undefined;
      },
    };
  }
  if (isObject(source) && typeof source.toolsFromDefinitions === "function" && typeof source.listTools === "function") {
    const client = source as unknown as AiSdkMcpClientLike;
    return {
      kind: "ai-sdk",
      title: () => client.serverInfo?.title,
      listTools: () =>
        allPages(server, (cursor) => client.listTools(cursor === undefined ? {} : { params: { cursor } })),
      callTool: (name, args) => client.callTool({ name, arguments: args }),
      // @ai-sdk/mcp (2.0.99) has no notification hook: its client hands every server notification to
      // `onUncaughtError` as "Unsupported message type" ("Not supported: accepting in-band notifications").
      watch: () => (client.initializeResult?.capabilities?.tools?.listChanged === true ? "no-hook" : "not-announced"),
      down: () => undefined,
    };
  }
  if (isObject(source) && Array.isArray(source.tools)) {
    const tools = source.tools as unknown[];
    return {
      kind: "list",
      title: () => undefined,
      listTools: async () => [...tools],
      callTool: undefined,
      watch: () => "not-announced",
      down: () => undefined,
    };
  }
  throw new ToolsiftError(
    "INVALID_OPTION",
    `createMcpCatalog: server "${server}" must be an MCP SDK Client, an AI SDK MCP client or a tools/list result ` +
      `({ tools: [...] }), got ${describeValue(source)}.`,
    { option: server },
  );
}

export type { Tool };
