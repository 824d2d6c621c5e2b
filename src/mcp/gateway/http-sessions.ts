// The HTTP gateway's session table: sessions in order of last use, bounded in count, and closed once idle too long.

import type { ServerResponse } from "node:http";
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { errorMessage } from "../../support/error-message.js";

/**
 * The most Streamable HTTP sessions the gateway keeps: when a client initialises one more, the session idle longest
 * (no request for the longest time) is closed, so sessions that clients abandoned without a DELETE do not pile up.
 */
export const MAX_HTTP_SESSIONS = 100;

/** The default `--session-timeout`: a session with nothing in flight for 30 minutes is closed. */
export const DEFAULT_SESSION_TIMEOUT = 1_800_000;

/** The longest `--session-timeout` accepted: one day. */
export const MAX_SESSION_TIMEOUT = 86_400_000;

/** One session: its transport, the requests and streams open on it, and the timer that closes it once idle. */
interface Entry {
  readonly transport: StreamableHTTPServerTransport;
  open: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Initialised sessions by id. A session is idle while no request of it is in flight and no stream of it is open (a
 * client listening on a GET stream is not idle); after `timeout` ms idle (0: never) it is closed, as the one idle
 * longest is when a session past `MAX_HTTP_SESSIONS` opens. A closed session's id is then unknown (HTTP 404).
 */
export class HttpSessions {
  // In order of last use (a request moves its session to the end), so the first is the one idle longest.
  readonly #sessions = new Map<string, Entry>();

  constructor(
    readonly timeout: number,
    readonly log: (line: string) => void,
  ) {}

  /** The transport of session `id`, or `undefined` when there is none (never opened, or closed). */
  get(id: string): StreamableHTTPServerTransport | undefined {
    return this.#sessions.get(id)?.transport;
  }

  /**
   * Records session `id`, opened by the request behind `response` (still in flight), and closes the sessions idle
   * longest past `MAX_HTTP_SESSIONS`.
   */
  opened(id: string, transport: StreamableHTTPServerTransport, response: ServerResponse): void {
    this.#sessions.set(id, { transport, open: 0, timer: undefined });
    this.use(id, response);
    for (const [idle] of this.#sessions) {
      if (this.#sessions.size <= MAX_HTTP_SESSIONS) break;
      this.#close(idle, `idle longest, to keep at most ${MAX_HTTP_SESSIONS}`);
    }
  }

  /** A request of session `id` is in flight until `response` closes: the session is in use, not idle. */
  use(id: string, response: ServerResponse): void {
    const entry = this.#sessions.get(id);
    if (entry === undefined) return;
    this.#sessions.delete(id);
    this.#sessions.set(id, entry);
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.open++;
    response.once("close", () => {
      entry.open--;
      if (entry.open > 0 || this.timeout === 0 || this.#sessions.get(id) !== entry) return;
      entry.timer = setTimeout(() => this.#close(id, `idle for ${this.timeout} ms`), this.timeout);
      // An idle session's timer does not keep a gateway that is shutting down alive.
      entry.timer.unref();
    });
  }

  /** Forgets session `id` (its transport closed: a DELETE, or closed here). */
  forget(id: string): void {
    clearTimeout(this.#sessions.get(id)?.timer);
    this.#sessions.delete(id);
  }

  /** Forgets every session and its timer (the server stopped). */
  clear(): void {
    for (const id of [...this.#sessions.keys()]) this.forget(id);
  }

  #close(id: string, why: string): void {
    const entry = this.#sessions.get(id);
    if (entry === undefined) return;
    this.forget(id);
    // The id is not logged: it is what a client holds to use the session.
    this.log(`closed an HTTP session ${why}`);
    entry.transport
      .close()
      .catch((error: unknown) => this.log(`closing an HTTP session failed: ${errorMessage(error)}`));
  }
}
