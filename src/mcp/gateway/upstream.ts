// One upstream MCP server of the gateway: a Client that connects on demand, reports a crash, reconnects on next use.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { errorMessage } from "../../support/error-message.js";
import type { ServerEntry } from "./config.js";

/** How the gateway talks to its upstream servers. */
export interface UpstreamOptions {
  /** Milliseconds for connecting (initialize) and for one call. */
  readonly timeout: number;
  /** Where upstream servers' stderr goes: the gateway's stderr, or nowhere. */
  readonly stderr: "inherit" | "ignore";
  /** A line for the gateway's log (stderr). */
  readonly log: (line: string) => void;
}

type NotificationHandler = Parameters<Client["setNotificationHandler"]>;

/**
 * Looks like an SDK `Client` to `createMcpCatalog` (getServerVersion, getServerCapabilities, listTools, callTool,
 * setNotificationHandler), over whichever connection is current: a server that exits is reported, and the next call
 * or listing starts it again (and reads its tools again through the list_changed handler).
 */
export class Upstream {
  #client: Client | undefined;
  #connecting: Promise<Client> | undefined;
  #closed = false;
  #connections = 0;
  #listChanged: NotificationHandler | undefined;

  constructor(
    readonly name: string,
    readonly entry: ServerEntry,
    readonly options: UpstreamOptions,
  ) {}

  /** The current connection, or a new one (the same promise for concurrent callers; cleared when it fails). */
  connect(): Promise<Client> {
    if (this.#client !== undefined) return Promise.resolve(this.#client);
    if (this.#closed) return Promise.reject(new McpError(ErrorCode.ConnectionClosed, "the gateway is shutting down"));
    this.#connecting ??= this.#open().finally(() => (this.#connecting = undefined));
    return this.#connecting;
  }

  async #open(): Promise<Client> {
    const client = new Client({ name: "toolsift-gateway", version: "1.0.0" });
    const transport =
      this.entry.kind === "stdio"
        ? new StdioClientTransport({
            command: this.entry.command,
            args: [...this.entry.args],
            env: { ...(process.env as Record<string, string>), ...this.entry.env },
            ...(this.entry.cwd === undefined ? {} : { cwd: this.entry.cwd }),
            stderr: this.options.stderr,
          })
        : new StreamableHTTPClientTransport(this.entry.url, { requestInit: { headers: { ...this.entry.headers } } });
    client.onclose = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      if (!this.#closed) this.options.log(`upstream "${this.name}" closed its connection; it restarts on next use`);
    };
    try {
      await client.connect(transport, { timeout: this.options.timeout });
    } catch (error) {
      // A server that started but did not finish the handshake (a timeout) must not be left running.
      await client.close();
      throw error;
    }
    if (this.#listChanged !== undefined) client.setNotificationHandler(...this.#listChanged);
    this.#client = client;
    // After a restart the server's tools are read again, as if it had announced a change.
    if (this.#connections++ > 0) void this.#listChanged?.[1]({ method: "notifications/tools/list_changed" } as never);
    return client;
  }

  getServerVersion() {
    return this.#client?.getServerVersion();
  }

  getServerCapabilities() {
    return this.#client?.getServerCapabilities();
  }

  setNotificationHandler(...handler: NotificationHandler): void {
    this.#listChanged = handler;
    this.#client?.setNotificationHandler(...handler);
  }

  async listTools(params?: { cursor?: string }) {
    const client = await this.connect();
    return client.listTools(params, { timeout: this.options.timeout });
  }

  /** Forwards a call; a connection lost during it becomes an McpError saying so (the server restarts on next use). */
  async callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    _schema?: unknown,
    options?: { timeout?: number; signal?: AbortSignal },
  ) {
    const client = await this.connect();
    try {
      return await client.callTool(params, undefined, {
        timeout: options?.timeout ?? this.options.timeout,
        ...(options?.signal === undefined ? {} : { signal: options.signal }),
      });
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
        throw new McpError(
          ErrorCode.InternalError,
          `upstream MCP server "${this.name}" exited during the call to "${params.name}" (${errorMessage(error)}); ` +
            "the gateway starts it again on the next call",
        );
      }
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        throw new McpError(
          ErrorCode.RequestTimeout,
          `upstream MCP server "${this.name}" did not answer the call to "${params.name}" within ${options?.timeout ?? this.options.timeout} ms`,
        );
      }
      throw error;
    }
  }

  /** Closes the connection for good (a stdio server's process is ended: stdin closed, then SIGTERM, then SIGKILL). */
  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client ?? (await this.#connecting?.catch(() => undefined));
    this.#client = undefined;
    await client?.close();
  }
}
