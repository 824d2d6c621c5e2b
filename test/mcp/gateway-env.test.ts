// What environment an upstream stdio server starts with: by default the MCP SDK's safe list and the server's own
// `env`, not the gateway's secrets; with inheritEnv (`--inherit-env`, `toolsift.inheritEnv`) everything.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../../src/mcp/gateway/config.js";
import { gatewayInProcess, LIFECYCLE_SERVER, resultText } from "./gateway-helpers.js";

const SECRET = "TOOLSIFT_GATEWAY_TEST_SECRET";
const servers = {
  lifecycle: { command: process.execPath, args: [LIFECYCLE_SERVER], env: { GIVEN_TO_SERVER: "from its env" } },
};

/** The server's value of each variable, through call_tool. */
async function serverEnv(inheritEnv: boolean | undefined, names: string[]): Promise<string[]> {
  const { gateway, client } = await gatewayInProcess(servers, inheritEnv === undefined ? {} : { inheritEnv });
  try {
    const values: string[] = [];
    for (const name of names) {
      const result = await client.callTool({
        name: "call_tool",
        arguments: { name: "lifecycle__report_env", arguments: { name } },
      });
      values.push(resultText(result));
    }
    return values;
  } finally {
    await client.close();
    await gateway.close();
  }
}

describe("an upstream server's environment", () => {
  beforeEach(() => {
    process.env[SECRET] = "the gateway's key";
  });
  afterEach(() => {
    delete process.env[SECRET];
  });

  it("holds its own env and the safe list, not the gateway's other variables, by default", async () => {
    const [secret, given, path] = await serverEnv(undefined, [SECRET, "GIVEN_TO_SERVER", "PATH"]);
    expect(secret).toBe("(unset)");
    expect(given).toBe("from its env");
    expect(path).toBe(process.env.PATH);
  });

  it("holds the gateway's whole environment with inheritEnv, its own env on top", async () => {
    expect(await serverEnv(true, [SECRET, "GIVEN_TO_SERVER"])).toEqual(["the gateway's key", "from its env"]);
  });

  it("reads toolsift.inheritEnv from the config, refusing anything but a boolean", () => {
    const config = (own: unknown) => parseGatewayConfig(JSON.stringify({ mcpServers: {}, toolsift: own }), "test.json");
    expect(config({}).inheritEnv).toBe(false);
    expect(config({ inheritEnv: true }).inheritEnv).toBe(true);
    expect(() => config({ inheritEnv: "yes" })).toThrow(/toolsift\.inheritEnv.*true or false.*"yes"/);
  });
});
