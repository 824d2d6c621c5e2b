// An upstream server's stdio transport that ends its process in time: the SDK's own close gives a server that ignores
// its stdin closing 2 s before SIGTERM and 2 s more before SIGKILL, longer than the gateway's own client waits for it.

import type { ChildProcess } from "node:child_process";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/**
 * How long a server has to exit once its stdin is closed before SIGTERM. With KILL_AFTER, 1.5 s in all: within the 2 s
 * an MCP SDK client gives the gateway itself after closing its stdin (then SIGTERM, and SIGKILL 2 s later). With the
 * SDK's 2 s + 2 s, the gateway's client killed it before it killed a server that ignores both, which then ran on.
 */
const EXIT_AFTER_STDIN = 1_000;

/** How long a server has after SIGTERM before SIGKILL. */
const KILL_AFTER = 500;

/** A `StdioClientTransport` that keeps its server's process id (the SDK forgets it on close) and hears its exit. */
export class UpstreamStdioTransport extends StdioClientTransport {
  #pid: number | undefined;
  #exited = false;
  #onExit: () => void = () => {};
  readonly #exit = new Promise<void>((resolve) => (this.#onExit = resolve));

  override async start(): Promise<void> {
    await super.start();
    this.#pid = this.pid ?? undefined;
    // Exited = reaped ('exit'), not 'close' (which also waits for every holder of its pipes, a grandchild included):
    // after 'exit' the pid may belong to another process, so it must never be signalled again.
    (this as unknown as { _process?: ChildProcess })._process?.once("exit", () => {
      this.#exited = true;
      this.#onExit();
    });
    // The SDK calls onclose (set by the Client before start) when the process has exited and its pipes are closed.
    const onclose = this.onclose;
    this.onclose = () => {
      this.#exited = true;
      this.#onExit();
      onclose?.();
    };
  }

  /**
   * The SDK's close (stdin closed; the server's exit awaited), with this transport's shorter escalation beside it:
   * SIGTERM if the server is still running EXIT_AFTER_STDIN later, SIGKILL KILL_AFTER after that. Resolves once it
   * has exited or SIGKILL is sent.
   */
  override async close(): Promise<void> {
    await Promise.all([super.close(), this.end(EXIT_AFTER_STDIN)]);
  }

  /**
   * Ends the server's process unless it has exited: after `grace` ms (default 0: at once, for a server that never
   * finished its handshake) SIGTERM, and SIGKILL if it is still running KILL_AFTER later. Resolves once it has exited
   * or SIGKILL is sent.
   */
  async end(grace = 0): Promise<void> {
    const pid = this.#pid;
    if (pid === undefined || (await this.#exitsWithin(grace))) return;
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(pid, name);
      } catch {
        // ESRCH: it exited between the check and the signal, which is what was wanted.
      }
    };
    signal("SIGTERM");
    if (!(await this.#exitsWithin(KILL_AFTER))) signal("SIGKILL");
  }

  /** Whether the server has exited within `milliseconds` (at once when it already has, or for 0). */
  async #exitsWithin(milliseconds: number): Promise<boolean> {
    if (this.#exited || milliseconds === 0) return this.#exited;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.#exit, new Promise<void>((resolve) => (timer = setTimeout(resolve, milliseconds)))]);
    clearTimeout(timer);
    return this.#exited;
  }
}
