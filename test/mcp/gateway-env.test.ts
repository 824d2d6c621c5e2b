// What environment an upstream stdio server starts with: by default the MCP SDK's safe list and the server's own
// `env`, not the gateway's secrets; with inheritEnv (`--inherit-env`, `toolsift.inheritEnv`) everything.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../../src/mcp/gateway/config.js";
import { filteredEnvironmentHint, serverEnvironment } from "../../src/mcp/gateway/server-environment.js";
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

describe("the log line of a server that does not start", () => {
  const NEEDED = "TOOLSIFT_GATEWAY_TEST_NEEDED";
  const HINT =
    "; it was started with a filtered environment (the SDK's safe list, proxy, CA, locale and npm settings, and its " +
    'own "env"), not all of the gateway\'s variables: add what it needs to "env" in its config entry, or use ' +
    "--inherit-env";
  /** The lifecycle server behind a shell that exits 1 unless NEEDED is set, as a server missing its API key does. */
  const needy = (env: Record<string, string> = {}) => ({
    command: "sh",
    args: ["-c", `test -n "$${NEEDED}" || exit 1; exec "$@"`, "sh", process.execPath, LIFECYCLE_SERVER],
    env,
  });

  /** The gateway's log lines about `server` when it starts with `inheritEnv`. */
  async function startLog(
    server: { command: string; args: string[]; env?: Record<string, string> },
    inheritEnv?: boolean,
  ) {
    const lines: string[] = [];
    const { gateway, client } = await gatewayInProcess(
      { server },
      {
        log: (line) => void lines.push(line),
        retryMax: 0,
        embedding: { kind: "none" },
        ...(inheritEnv ? { inheritEnv } : {}),
      },
    );
    await client.close();
    await gateway.close();
    return lines.filter((line) => line.startsWith('upstream "server"') || line.includes("tools from"));
  }

  beforeEach(() => void (process.env[NEEDED] = "the gateway's key"));
  afterEach(() => void delete process.env[NEEDED]);

  it("hints at the filtered environment and its remedies, which both work", async () => {
    const [failed, ...rest] = await startLog(needy());
    expect(failed).toMatch(/^upstream "server" did not start \(.*\); it is not started again \(--retry 0\)/);
    expect(failed!.endsWith(HINT)).toBe(true);
    expect(rest).toEqual(["0 tools from 0 of 1 servers"]);
    expect(await startLog(needy({ [NEEDED]: "given in env" }))).toEqual(["4 tools from 1 of 1 servers"]);
    expect(await startLog(needy(), true)).toEqual(["4 tools from 1 of 1 servers"]);
  });

  it("does not hint with inheritEnv, nor when the command cannot be run", async () => {
    const [exited] = await startLog({ command: "sh", args: ["-c", "exit 1"] }, true);
    expect(exited).toMatch(/^upstream "server" did not start \(.*\); it is not started again \(--retry 0\)$/);
    const [missing] = await startLog({ command: join(temporaryDirectory(), "no-such-server"), args: [] });
    expect(missing).toMatch(/^upstream "server" did not start \(.*ENOENT.*\); it is not started again \(--retry 0\)$/);
  });
});

describe("the filtered-environment hint", () => {
  it("is given for a server that exited, not for a handshake that timed out, a command that cannot run or inheritEnv", () => {
    const exited = new McpError(ErrorCode.ConnectionClosed, "Connection closed");
    expect(filteredEnvironmentHint(false, exited)).toMatch(/filtered environment .* --inherit-env$/);
    expect(filteredEnvironmentHint(true, exited)).toBe("");
    expect(filteredEnvironmentHint(false, new McpError(ErrorCode.RequestTimeout, "Request timed out"))).toBe("");
    const spawnFailed = Object.assign(new Error("spawn nope ENOENT"), { syscall: "spawn nope", code: "ENOENT" });
    expect(filteredEnvironmentHint(false, spawnFailed)).toBe("");
  });
});
