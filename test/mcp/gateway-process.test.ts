// The built gateway (`toolsift mcp`, dist/) as MCP clients run it: the official SDK client over stdio and Streamable
// HTTP, @modelcontextprotocol/inspector-cli over stdio, and a Ctrl-C that must leave no upstream process behind.
import { execFile, spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it } from "vitest";
import {
  alive,
  assertBuilt,
  childrenOf,
  GATEWAY_BIN,
  PATIENTLY,
  resultText,
  search,
  writeConfig,
} from "./gateway-helpers.js";
import { realServers, temporaryDirectory } from "./servers.js";

const INSPECTOR = fileURLToPath(
  new URL("../../node_modules/@modelcontextprotocol/inspector-cli/build/cli.js", import.meta.url),
);
const directory = temporaryDirectory();
let config: string;
const gatewayArgs = () => [GATEWAY_BIN, "mcp", "-c", config, "--usage", join(directory, "usage.json"), "--quiet"];

beforeAll(() => {
  assertBuilt();
  config = writeConfig(directory, realServers(directory));
});

describe("toolsift mcp over stdio", () => {
  it("serves the SDK client (list, search, call), then exits on SIGINT leaving no upstream process", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: gatewayArgs(), stderr: "ignore" });
    const client = new Client({ name: "sdk-client", version: "1.0.0" });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
    expect((await search(client, "what do you remember about Bob")).length).toBeGreaterThan(0);
    const created = await client.callTool({
      name: "call_tool",
      arguments: { name: "filesystem__create_directory", arguments: { path: join(directory, "reports") } },
    });
    expect(created.isError).toBeFalsy();
    expect(resultText(created)).toContain("reports");

    const gateway = transport.pid!;
    const upstream = childrenOf(gateway);
    expect(upstream).toHaveLength(6);
    process.kill(gateway, "SIGINT");
    await expect.poll(() => alive(gateway), PATIENTLY).toBe(false);
    expect(upstream.filter(alive)).toEqual([]);
    await client.close();
  });
});

describe("toolsift mcp --http", () => {
  it("serves Streamable HTTP on 127.0.0.1 and stops on SIGTERM", async () => {
    const child = spawn(process.execPath, [...gatewayArgs().filter((arg) => arg !== "--quiet"), "--http", "0"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let log = "";
      child.stderr!.on("data", (chunk: Buffer) => {
        log += chunk.toString();
        const found = /serving MCP at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(log);
        if (found) resolve(found[1]);
      });
      child.once("exit", (code) => reject(new Error(`gateway exited (${code}): ${log}`)));
    });
    const client = new Client({ name: "http-client", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const found = await search(client, "list the commits of a repository");
    expect(found.map((tool) => tool.name)).toContain("github__list_commits");
    await client.close();
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});

describe("inspector-cli, a third-party MCP client", () => {
  // inspector-cli 1.0.3 finds its own package.json by a path relative to the working directory: run it from test/.
  const inspector = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [INSPECTOR, "--cli", process.execPath, ...gatewayArgs(), ...args],
      { cwd: fileURLToPath(new URL("..", import.meta.url)), maxBuffer: 16 * 1024 * 1024 },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  };

  it("lists the gateway's tools", async () => {
    const listed = (await inspector("--method", "tools/list")) as { tools: { name: string }[] };
    expect(listed.tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
  });

  it("takes the gateway's --config after `--` (before it, --config is the inspector's own option: docs/mcp.md)", async () => {
    const [bin, mcp, , file, ...rest] = gatewayArgs();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [INSPECTOR, "--cli", "--method", "tools/list", "--", process.execPath, bin, mcp, "--config", file, ...rest],
      { cwd: fileURLToPath(new URL("..", import.meta.url)), maxBuffer: 16 * 1024 * 1024 },
    );
    const listed = JSON.parse(stdout) as { tools: { name: string }[] };
    expect(listed.tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
    // Without `--`, the inspector reads --config itself: it refuses a config of several servers (or, with one, talks
    // to that server directly, not to the gateway).
    await expect(
      promisify(execFile)(
        process.execPath,
        [INSPECTOR, "--cli", process.execPath, bin, mcp, "--config", file, ...rest, "--method", "tools/list"],
        { cwd: fileURLToPath(new URL("..", import.meta.url)) },
      ),
    ).rejects.toMatchObject({ stderr: expect.stringContaining("Multiple servers found in config file") });
  });

  it("searches and calls through it", async () => {
    const searched = await inspector(
      "--method",
      "tools/call",
      "--tool-name",
      "search_tools",
      "--tool-arg",
      "query=write a new file",
    );
    expect(JSON.stringify(searched)).toContain("filesystem__write_file");
    const path = join(directory, "inspected.md");
    const written = await inspector(
      "--method",
      "tools/call",
      "--tool-name",
      "call_tool",
      "--tool-arg",
      "name=filesystem__write_file",
      "--tool-arg",
      `arguments=${JSON.stringify({ path, content: "from inspector" })}`,
    );
    expect(written.isError).toBeFalsy();
    const read = await inspector(
      "--method",
      "tools/call",
      "--tool-name",
      "call_tool",
      "--tool-arg",
      "name=filesystem__read_text_file",
      "--tool-arg",
      `arguments=${JSON.stringify({ path })}`,
    );
    expect(resultText(read)).toBe("from inspector");
  });
});
