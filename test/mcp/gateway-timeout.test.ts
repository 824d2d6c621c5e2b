// The gateway's --timeout: a call the upstream does not answer in time fails with an error saying so, and the
// gateway (and that upstream) go on answering.
import { expect, it } from "vitest";
import { gatewayInProcess, LIFECYCLE_SERVER, resultText } from "./gateway-helpers.js";

it("fails a call past the timeout with an error naming the server, the tool and the limit", async () => {
  const { gateway, client } = await gatewayInProcess(
    { lifecycle: { command: process.execPath, args: [LIFECYCLE_SERVER] } },
    // --timeout also bounds starting the server: 5 s leaves a loaded machine room to start it; the call waits 60 s.
    { timeout: 5_000 },
  );
  try {
    await expect(
      client.callTool({
        name: "call_tool",
        arguments: { name: "lifecycle__wait_a_while", arguments: { milliseconds: 60_000 } },
      }),
    ).rejects.toThrow(/upstream MCP server "lifecycle" did not answer the call to "wait_a_while" within 5000 ms/);
    const answered = await client.callTool({
      name: "call_tool",
      arguments: { name: "lifecycle__wait_a_while", arguments: { milliseconds: 1 } },
    });
    expect(resultText(answered)).toBe("waited");
  } finally {
    await client.close();
    await gateway.close();
  }
});
