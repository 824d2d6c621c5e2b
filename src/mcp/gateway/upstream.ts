// One upstream MCP server of the gateway: a Client that connects on demand, reports a crash, reconnects on next use,
// and, when it cannot start, is marked down and started again in the background (the schedule of `retryDelay`).

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError, type ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { errorMessage } from "../../support/error-message.js";
import type { ServerEntry } from "./config.js";
import { filteredEnvironmentHint, serverEnvironment } from "./server-environment.js";
import { UpstreamStdioTransport } from "./stdio-process.js";

// When the gateway tries again to start an upstream server that is down: 1 s after the first failure, doubling, capped.

/** Milliseconds before the first new attempt. */
export const FIRST_RETRY_DELAY = 1_000;

/** The default cap on the wait between attempts (`--retry <ms>`): one minute. */
export const DEFAULT_RETRY_MAX = 60_000;

/**
 * Milliseconds to wait after the `failures`-th failed attempt in a row (1, 2, …): 1 s, 2 s, 4 s, 8 s, … up to `max`
 * (a `max` under 1 s is the wait from the start); `undefined` when `max` is 0 (the server is not tried again).
 * No jitter: one gateway retries its own few servers, there is no crowd of clients to spread out.
 */
export function retryDelay(failures: number, max: number): number | undefined {
  if (max <= 0) return undefined;
  // 2 ** 30 s is past any cap a flag accepts; the exponent is bounded so the product stays finite.
  return Math.min(max, FIRST_RETRY_DELAY * 2 ** Math.min(Math.max(failures - 1, 0), 30));
}

/** How the gateway talks to its upstream servers. */
export interface UpstreamOptions {
  /** Milliseconds for connecting (initialize) and for one call. */
  readonly timeout: number;
  /** Where upstream servers' stderr goes: the gateway's stderr, or nowhere. */
  readonly stderr: "inherit" | "ignore";
  /** A line for the gateway's log (stderr). */
  readonly log: (line: string) => void;
  /**
   * The longest wait, in milliseconds, between attempts to start a server that is down (`retryDelay`); 0: no attempt
   * in the background, each use of the server (a call, a listing) tries to start it again instead.
   */
  readonly retryMax: number;
  /**
   * Whether a stdio server starts with the gateway's whole environment under its own `env`; else the MCP SDK's safe
   * list (HOME, LOGNAME, PATH, SHELL, TERM, USER), the proxy, certificate, temp, XDG, locale and npm settings
   * `serverEnvironment` keeps (server-environment.ts), and its `env`. Default false.
   */
  readonly inheritEnv?: boolean;
}

type NotificationHandler = Parameters<Client["setNotificationHandler"]>;

/** A server that could not be started: its last error and the next attempt. */
interface Down {
  readonly error: unknown;
  /** Failed attempts in a row. */
  readonly failures: number;
  /** When the next attempt starts (`Date.now()` time); `undefined`: none (retrying is off). */
  readonly nextAttempt: number | undefined;
  readonly timer: ReturnType<typeof setTimeout> | undefined;
}

function duration(milliseconds: number): string {
  return milliseconds < 1_000 ? `${milliseconds} ms` : `${Number((milliseconds / 1_000).toFixed(1))} s`;
}

/**
 * Looks like an SDK `Client` to `createMcpCatalog` (getServerVersion, getServerCapabilities, listTools, callTool,
 * setNotificationHandler), over whichever connection is current: a server that exits is reported, and the next call
 * or listing starts it again. A server that cannot be started is down: every use fails at once with an McpError
 * naming it and its last error, while attempts go on in the background (1 s, 2 s, 4 s, … up to `retryMax`; with
 * `retryMax` 0, none: each use of a server that was up tries again). After a restart or a recovery its tools are
 * read again through the list_changed handler; `downError()` tells the catalog's `servers()` it is down.
 */
export class Upstream {
  #client: Client | undefined;
  #connecting: Promise<Client> | undefined;
  #closed = false;
  #closing: Promise<void> | undefined;
  #attempts = 0;
  #listChanged: NotificationHandler | undefined;
  #down: Down | undefined;
  /** Whether a connection was ever made (a server that was up is started again on use with retrying off). */
  #wasUp = false;
  /** Aborts the connection attempt under way (`close()`: the gateway is shutting down). */
  #abortAttempt: AbortController | undefined;

  constructor(
    readonly name: string,
    readonly entry: ServerEntry,
    readonly options: UpstreamOptions,
  ) {}

  /**
   * The current connection, or a new one (the same promise for concurrent callers; cleared when it fails). Rejects
   * with `downError()` while the server is down (with retrying off, a down server that was up is tried again first),
   * and when this attempt fails.
   */
  connect(): Promise<Client> {
    if (this.#client !== undefined) return Promise.resolve(this.#client);
    if (this.#closed) return Promise.reject(new McpError(ErrorCode.ConnectionClosed, "the gateway is shutting down"));
    // With retrying off, a use of a server that was up is the attempt to start it again.
    const retriedOnUse = this.options.retryMax === 0 && this.#wasUp;
    if (this.#down !== undefined && !retriedOnUse) return Promise.reject(this.downError());
    return this.#attempt().catch((error: unknown) => {
      throw this.downError() ?? error;
    });
  }

  /** Tries once to connect, for the gateway's start: a failure is logged and retried in the background. */
  async start(): Promise<void> {
    if (this.#client !== undefined || this.#down !== undefined) return;
    // #open records, logs and schedules a failure; the caller only waits for the first attempt to end.
    await this.#attempt().then(
      () => undefined,
      () => undefined,
    );
  }

  /** Why the server cannot be used now (down: its last error, the next attempt); `undefined` when it is not down. */
  downError(): McpError | undefined {
    const down = this.#down;
    if (down === undefined) return undefined;
    const next =
      down.nextAttempt === undefined
        ? this.#retriedOnUse()
        : down.timer === undefined
          ? "an attempt to start it again is under way"
          : `the gateway tries to start it again in ${duration(Math.max(0, down.nextAttempt - Date.now()))}`;
    return new McpError(
      ErrorCode.InternalError,
      `upstream MCP server "${this.name}" is down (last error: ${errorMessage(down.error)}); ${next}`,
    );
  }

  /** With retrying off: what happens next to a server that is down. */
  #retriedOnUse(): string {
    return this.#wasUp ? "it is started again on its next use (--retry 0)" : "it is not started again (--retry 0)";
  }

  #attempt(): Promise<Client> {
    if (this.#closed) return Promise.reject(new McpError(ErrorCode.ConnectionClosed, "the gateway is shutting down"));
    this.#connecting ??= this.#open().finally(() => (this.#connecting = undefined));
    return this.#connecting;
  }

  async #open(): Promise<Client> {
    const first = this.#attempts++ === 0;
    const client = new Client({ name: "toolsift-gateway", version: "1.0.0" });
    const transport =
      this.entry.kind === "stdio"
        ? new UpstreamStdioTransport({
            command: this.entry.command,
            args: [...this.entry.args],
            // The SDK adds its safe list (HOME, PATH, …) under what is given here.
            env: { ...serverEnvironment(process.env, this.options.inheritEnv === true), ...this.entry.env },
            ...(this.entry.cwd === undefined ? {} : { cwd: this.entry.cwd }),
            stderr: this.options.stderr,
          })
        : new StreamableHTTPClientTransport(this.entry.url, { requestInit: { headers: { ...this.entry.headers } } });
    client.onclose = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      if (!this.#closed) this.options.log(`upstream "${this.name}" closed its connection; it restarts on next use`);
    };
    const abort = new AbortController();
    this.#abortAttempt = abort;
    try {
      await client.connect(transport, { timeout: this.options.timeout, signal: abort.signal });
    } catch (error) {
      // A server that started but did not finish the handshake (a timeout, or the gateway shutting down) must not be
      // left running, and is not waited for: SIGTERM at once (the SDK's close on a failed connect runs on timers that
      // do not hold the gateway open).
      if (transport instanceof UpstreamStdioTransport) await transport.end();
      await client.close();
      this.#failed(error, first);
      throw error;
    } finally {
      if (this.#abortAttempt === abort) this.#abortAttempt = undefined;
    }
    if (this.#listChanged !== undefined) client.setNotificationHandler(...this.#listChanged);
    this.#client = client;
    this.#wasUp = true;
    if (this.#down !== undefined) {
      this.options.log(`upstream "${this.name}" is up again (after ${this.#down.failures} failed attempts)`);
      this.#down = undefined;
    }
    // After a restart or a recovery the server's tools are read again, as if it had announced a change.
    if (!first && !this.#closed) {
      void this.#listChanged?.[1]({ method: "notifications/tools/list_changed" } as never);
    }
    return client;
  }

  /** Marks the server down after a failed attempt, logs it, and plans the next attempt. */
  #failed(error: unknown, first: boolean): void {
    if (this.#closed) return;
    const failures = (this.#down?.failures ?? 0) + 1;
    const delay = retryDelay(failures, this.options.retryMax);
    const timer = delay === undefined ? undefined : setTimeout(() => this.#retry(), delay);
    this.#down = { error, failures, nextAttempt: delay === undefined ? undefined : Date.now() + delay, timer };
    const next = delay === undefined ? this.#retriedOnUse() : `next attempt in ${duration(delay)}`;
    // Said once, on the first attempt's line: a variable the server needs is the likeliest cause then.
    const hint =
      first && this.entry.kind === "stdio" ? filteredEnvironmentHint(this.options.inheritEnv === true, error) : "";
    this.options.log(
      `upstream "${this.name}" ${first ? "did not start" : "could not be started"} (${errorMessage(error)}); ${next}` +
        hint,
    );
  }

  #retry(): void {
    if (this.#down !== undefined) this.#down = { ...this.#down, timer: undefined };
    // #open has recorded, logged and rescheduled a failure: nothing is left to do with it here.
    this.#attempt().then(
      () => undefined,
      () => undefined,
    );
  }

  getServerVersion() {
    return this.#client?.getServerVersion();
  }

  /**
   * The server's capabilities with `tools.listChanged` on, even while it is down: this upstream announces a change of
   * its tools itself when it restarts or comes back up, so the catalog watches every upstream.
   */
  getServerCapabilities(): ServerCapabilities {
    const own = this.#client?.getServerCapabilities();
    return { ...own, tools: { ...own?.tools, listChanged: true } };
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

  /**
   * Closes the connection for good (a stdio server's process is ended: stdin closed, SIGTERM 1 s later, SIGKILL 0.5 s
   * after that, as stdio-process.ts explains; servers that exit when their stdin closes are not waited for); an
   * attempt under way is aborted and the server it was starting ended. Every call returns the same promise, so a
   * second caller (a stop during the gateway's start, then its cleanup) also waits until the server is ended.
   */
  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#down?.timer);
    this.#abortAttempt?.abort(new McpError(ErrorCode.ConnectionClosed, "the gateway is shutting down"));
    const client = this.#client ?? (await this.#connecting?.catch(() => undefined));
    this.#client = undefined;
    await client?.close();
  }
}
