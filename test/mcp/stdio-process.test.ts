// The gateway's stdio transport for upstream servers (src/mcp/gateway/stdio-process.ts): its stop escalation never
// signals a process that has exited (its pid may belong to another process by then).
import { afterEach, expect, it, vi } from "vitest";
import { UpstreamStdioTransport } from "../../src/mcp/gateway/stdio-process.js";

afterEach(() => void vi.restoreAllMocks());

it("a server that exits when its stdin closes, leaving a child on its stdout, gets no signal after its exit", async () => {
  // `sh` exits at once on end of input; its `sleep` keeps the pipes open, so the ChildProcess 'close' comes 3 s later.
  const transport = new UpstreamStdioTransport({
    command: "sh",
    args: ["-c", "sleep 3 & read line; exit 0"],
    stderr: "pipe",
  });
  await transport.start();
  const pid = transport.pid!;
  const signals: unknown[] = [];
  const kill = process.kill.bind(process);
  vi.spyOn(process, "kill").mockImplementation((target: number, signal?: string | number) => {
    if (target === pid) signals.push(signal);
    return kill(target, signal as NodeJS.Signals);
  });
  await transport.close();
  expect(signals).toEqual([]);
});
