// What environment an upstream stdio server starts with: by default the MCP SDK's safe list and the server's own
// `env`, not the gateway's secrets; with inheritEnv (`--inherit-env`, `toolsift.inheritEnv`) everything.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../../src/mcp/gateway/config.js";
import { serverEnvironment } from "../../src/mcp/gateway/server-environment.js";
import { assertBuilt, GATEWAY_BIN, gatewayInProcess, LIFECYCLE_SERVER, resultText } from "./gateway-helpers.js";
import { temporaryDirectory } from "./servers.js";

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
    const kept = [
      "HTTPS_PROXY",
      "no_proxy",
      "NODE_EXTRA_CA_CERTS",
      "TMPDIR",
      "XDG_CACHE_HOME",
      "LC_ALL",
      "npm_config_cache",
    ];
    expect(serverEnvironment(env, false)).toEqual(
      Object.fromEntries(kept.map((name) => [name, env[name as keyof typeof env]])),
    );
    expect(serverEnvironment(env, true)).toEqual(env);
  });

  it("reads toolsift.inheritEnv from the config, refusing anything but a boolean", () => {
    const config = (own: unknown) => parseGatewayConfig(JSON.stringify({ mcpServers: {}, toolsift: own }), "test.json");
    expect(config({}).inheritEnv).toBe(false);
    expect(config({ inheritEnv: true }).inheritEnv).toBe(true);
    expect(() => config({ inheritEnv: "yes" })).toThrow(/toolsift\.inheritEnv.*true or false.*"yes"/);
  });
});

describe("the built gateway's --inherit-env and toolsift.inheritEnv", () => {
  const directory = temporaryDirectory();

  /** The lifecycle server's value of SECRET when the built gateway runs with `args` and the config's `own`. */
  async function secretThroughBuiltGateway(args: string[], own: Record<string, unknown>): Promise<string> {
    const config = join(directory, `mcp-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(config, JSON.stringify({ mcpServers: servers, toolsift: own }));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [GATEWAY_BIN, "mcp", "-c", config, "--no-learn", "--embedding", "none", "--quiet", ...args],
      env: { ...(process.env as Record<string, string>), [SECRET]: "the gateway's key" },
      stderr: "ignore",
    });
    const client = new Client({ name: "env-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const result = await client.callTool({
        name: "call_tool",
        arguments: { name: "lifecycle__report_env", arguments: { name: SECRET } },
      });
      return resultText(result);
    } finally {
      await client.close();
    }
  }

  beforeAll(() => assertBuilt());

  it("passes the gateway's environment only when asked, by the flag or the config", async () => {
    expect(await secretThroughBuiltGateway([], {})).toBe("(unset)");
    expect(await secretThroughBuiltGateway(["--inherit-env"], {})).toBe("the gateway's key");
    expect(await secretThroughBuiltGateway([], { inheritEnv: true })).toBe("the gateway's key");
  });
});
