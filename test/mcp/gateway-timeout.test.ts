// The gateway's --timeout: a call the upstream does not answer in time fails with an error saying so, and the
// gateway (and that upstream) go on answering.
import { expect, it } from "vitest";
import { gatewayInProcess, LIFECYCLE_SERVER, resultText } from "./gateway-helpers.js";

it("fails a call past the timeout with an error naming the server, the tool and the limit", async () => {
  const { gateway, client } = await gatewayInProcess(
    { lifecycle: { command: process.execPath, args: [LIFECYCLE_SERVER] } },
    { timeout: 500 },
  );
  try {
    await expect(
      client.callTool({
        name: "call_tool",
        arguments: { name: "lifecycle__wait_a_while", arguments: { milliseconds: 10_000 } },
      }),
    ).rejects.toThrow(/upstream MCP server "lifecycle" did not answer the call to "wait_a_while" within 500 ms/);
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
