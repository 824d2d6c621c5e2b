// The console line an adapter writes without onEvent: once per kind of event, never the routine ones.
import { afterEach, describe, expect, it, vi } from "vitest";
import { consoleEvents } from "../../src/support/event-log.js";

afterEach(() => vi.restoreAllMocks());

describe("consoleEvents", () => {
  it("writes each kind of event once, and never no-match or tools-changed", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const log = consoleEvents("toolsiftChat");
    for (let i = 0; i < 3; i++) {
      log({ type: "no-match", message: "nothing relevant" });
      log({ type: "tools-changed", message: "grew" });
      log({ type: "mcp-server-failed", message: `server down ${i}` });
      log({ type: "tool-call-refused", message: "no such tool" });
    }
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      "[toolsift] mcp-server-failed: server down 0 (toolsiftChat: pass onEvent to receive every event; this kind is not written again)",
      "[toolsift] tool-call-refused: no such tool (toolsiftChat: pass onEvent to receive every event; this kind is not written again)",
    ]);
  });

  it("keeps one record per listener: a second agent writes its own first events", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    consoleEvents("toolsiftChat")({ type: "selection-failed", message: "a" });
    consoleEvents("toolsiftChat")({ type: "selection-failed", message: "b" });
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
