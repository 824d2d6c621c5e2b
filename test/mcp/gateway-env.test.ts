// What environment an upstream stdio server starts with: by default the MCP SDK's safe list and the server's own
// `env`, not the gateway's secrets; with inheritEnv (`--inherit-env`, `toolsift.inheritEnv`) everything.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../../src/mcp/gateway/config.js";
import { serverEnvironment } from "../../src/mcp/gateway/server-environment.js";
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
    process.env.npm_config_registry = "http://127.0.0.1:9/";
    process.env.npm_config__authToken = "npm's secret";
  });
  afterEach(() => {
    delete process.env[SECRET];
    delete process.env.npm_config_registry;
    delete process.env.npm_config__authToken;
  });

  it("holds its own env, the safe list and npm's settings, not the gateway's other variables, by default", async () => {
    const names = [SECRET, "GIVEN_TO_SERVER", "PATH", "npm_config_registry", "npm_config__authToken"];
    const [secret, given, path, registry, npmToken] = await serverEnv(undefined, names);
    expect(secret).toBe("(unset)");
    expect(given).toBe("from its env");
    expect(path).toBe(process.env.PATH);
    expect(registry).toBe("http://127.0.0.1:9/");
    expect(npmToken).toBe("(unset)");
  });

  it("holds the gateway's whole environment with inheritEnv, its own env on top", async () => {
    expect(await serverEnv(true, [SECRET, "GIVEN_TO_SERVER"])).toEqual(["the gateway's key", "from its env"]);
  });

  it("keeps what npx needs behind a proxy or a private CA, without credentials", () => {
    const env = {
      HTTPS_PROXY: "http://proxy:3128",
      no_proxy: "localhost",
      NODE_EXTRA_CA_CERTS: "/etc/ca.pem",
      TMPDIR: "/tmp",
      XDG_CACHE_HOME: "/c",
      LC_ALL: "C",
      npm_config_cache: "/npm",
      npm_config__authToken: "t",
      "npm_config_//registry.example/:_auth": "a",
      npm_config_password: "p",
      OPENAI_API_KEY: "sk",
      GITHUB_TOKEN: "gh",
    };
    expect(serverEnvironment(env, false)).toEqual({
      HTTPS_PROXY: "http://proxy:3128",
      no_proxy: "localhost",
      NODE_EXTRA_CA_CERTS: "/etc/ca.pem",
      TMPDIR: "/tmp",
      XDG_CACHE_HOME: "/c",
      LC_ALL: "C",
      npm_config_cache: "/npm",
    });
    expect(serverEnvironment(env, true)).toEqual(env);
  });

  it("reads toolsift.inheritEnv from the config, refusing anything but a boolean", () => {
    const config = (own: unknown) => parseGatewayConfig(JSON.stringify({ mcpServers: {}, toolsift: own }), "test.json");
    expect(config({}).inheritEnv).toBe(false);
    expect(config({ inheritEnv: true }).inheritEnv).toBe(true);
    expect(() => config({ inheritEnv: "yes" })).toThrow(/toolsift\.inheritEnv.*true or false.*"yes"/);
  });
});
