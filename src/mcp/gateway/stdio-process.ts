// An upstream server's stdio transport that can end its process at once: the SDK's own close waits 2 s on timers that
// do not hold the gateway open, so a server that never finished its handshake would outlive a gateway that exits.

import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/** How long a server has after SIGTERM before SIGKILL. */
const KILL_AFTER = 2_000;

/** A `StdioClientTransport` that keeps its server's process id (the SDK forgets it on close) and hears its exit. */
export class UpstreamStdioTransport extends StdioClientTransport {
  #pid: number | undefined;
  #exited = false;
  #onExit: () => void = () => {};
  readonly #exit = new Promise<void>((resolve) => (this.#onExit = resolve));

  override async start(): Promise<void> {
    await super.start();
    this.#pid = this.pid ?? undefined;
    // The SDK calls onclose (set by the Client before start) when the process has exited and its pipes are closed.
    const onclose = this.onclose;
    this.onclose = () => {
      this.#exited = true;
      this.#onExit();
      onclose?.();
    };
  }

  /**
   * Ends the server's process unless it has exited: SIGTERM at once, SIGKILL if it is still running 2 s later.
   * Resolves once it has exited or SIGKILL is sent.
   */
  async end(): Promise<void> {
    const pid = this.#pid;
    if (pid === undefined || this.#exited) return;
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(pid, name);
      } catch {
        // ESRCH: it exited between the check and the signal, which is what was wanted.
      }
    };
    signal("SIGTERM");
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.#exit, new Promise<void>((resolve) => (timer = setTimeout(resolve, KILL_AFTER)))]);
    clearTimeout(timer);
    if (!this.#exited) signal("SIGKILL");
  }
}
