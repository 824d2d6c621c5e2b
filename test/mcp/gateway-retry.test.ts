// An upstream server that cannot start when the gateway does: it is reported, its calls fail with an error naming it
// and its last error, it is tried again in the background, and its tools join the catalog when it comes up. The
// server is real (server-memory behind test/mcp/fixtures/start-when-ready.sh, which fails until a marker file exists).
import { spawn } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it, vi } from "vitest";
import { parseGatewayConfig } from "../../src/mcp/gateway/config.js";
import { retryDelay } from "../../src/mcp/gateway/upstream.js";
import { startGateway } from "../../src/mcp/gateway/start-gateway.js";
import {
  alive,
  assertBuilt,
  attempts,
  childrenOf,
  GATEWAY_BIN,
  gatewayInProcess,
  LIFECYCLE_SERVER,
  PATIENTLY,
  START_WHEN_READY,
  resultText,
  search,
  writeConfig,
} from "./gateway-helpers.js";
import { realServers, temporaryDirectory, type StdioServerConfig } from "./servers.js";

const SLOW_LIST_SERVER = fileURLToPath(new URL("./fixtures/slow-list-server.mjs", import.meta.url));

/** server-memory, started only once `marker` exists; each attempt is counted in `<marker>.attempts`. */
function lateMemory(directory: string, marker: string): StdioServerConfig {
  const { memory } = realServers(directory);
  return { command: "sh", args: [START_WHEN_READY, marker, memory.command, ...memory.args], env: memory.env };
}

describe("retryDelay", () => {
  it("waits 1 s, then doubles up to the cap; a cap of 0 turns retrying off", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failures) => retryDelay(failures, 60_000))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
    ]);
    expect(retryDelay(10_000, 60_000)).toBe(60_000);
    expect([1, 2].map((failures) => retryDelay(failures, 250))).toEqual([250, 250]);
    expect(retryDelay(1, 0)).toBeUndefined();
  });
});

describe("a server that is down when the gateway starts", () => {
  it("fails its calls with its last error, keeps trying, then adds its tools and announces them", async () => {
    const directory = temporaryDirectory();
    const marker = join(directory, "ready");
    const { filesystem } = realServers(directory);
    const { gateway, client } = await gatewayInProcess(
      { late: lateMemory(directory, marker), filesystem },
      { exposeSelected: true, pinned: ["late__read_graph"], retryMax: 200 },
    );
    try {
      let announced = 0;
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => void announced++);
      expect(gateway.catalog.servers().find((server) => server.name === "late")?.status).toBe("failed");
      expect(gateway.catalog.tools().some((tool) => tool.server === "late")).toBe(false);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
      const found = (await search(client, "create a new directory")).map((tool) => tool.name);
      expect(found).toContain("filesystem__create_directory");
      const downError = /^MCP error -32603: upstream MCP server "late" is down \(last error: .*Connection closed\)/;
      await expect(
        client.callTool({ name: "call_tool", arguments: { name: "late__create_entities", arguments: {} } }),
      ).rejects.toThrow(downError);
      await expect(client.callTool({ name: "late__read_graph", arguments: {} })).rejects.toThrow(downError);
      // It is started again in the background while it keeps failing.
      const searched = announced; // the search above changed the exposed tools
      await expect.poll(() => attempts(marker), PATIENTLY).toBeGreaterThanOrEqual(3);
      expect(announced).toBe(searched);

      writeFileSync(marker, "");
      await expect
        .poll(() => gateway.catalog.servers().find((server) => server.name === "late")?.status, PATIENTLY)
        .toBe("ready");
      await expect.poll(() => announced, PATIENTLY).toBeGreaterThan(searched);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        "search_tools",
        "call_tool",
        "late__read_graph",
        ...found,
      ]);
      await expect
        .poll(
          async () =>
            (await search(client, "create entities in the knowledge graph")).map((tool) => tool.name.split("__")[0]),
          PATIENTLY,
        )
        .toContain("late");
      const created = await client.callTool({
        name: "call_tool",
        arguments: {
          name: "late__create_entities",
          arguments: { entities: [{ name: "Bob", entityType: "person", observations: ["likes tea"] }] },
        },
      });
      expect(created.isError).toBeFalsy();
      expect(resultText(await client.callTool({ name: "late__read_graph", arguments: {} }))).toContain("likes tea");
    } finally {
      await client.close();
      await gateway.close();
    }
  });

  it("logs each failure and the recovery, and Ctrl-C leaves no process behind (the built gateway)", async () => {
    assertBuilt();
    const directory = temporaryDirectory();
    const marker = join(directory, "ready");
    const config = writeConfig(directory, { late: lateMemory(directory, marker) });
    const child = spawn(
      process.execPath,
      [GATEWAY_BIN, "mcp", "-c", config, "--no-learn", "--no-local", "--retry", "200", "--http", "0"],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let log = "";
    child.stderr!.on("data", (chunk: Buffer) => void (log += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    await expect.poll(() => log, PATIENTLY).toMatch(/upstream "late" did not start \(.*\); next attempt in 200 ms/);
    await expect
      .poll(() => log, PATIENTLY)
      .toMatch(/upstream "late" could not be started \(.*\); next attempt in 200 ms/);
    writeFileSync(marker, "");
    await expect.poll(() => log, PATIENTLY).toMatch(/upstream "late" is up again \(after \d+ failed attempts\)/);
    await expect.poll(() => log, PATIENTLY).toMatch(/mcp-tools-changed: MCP server "late": tools read again \(9 added/);
    const servers = childrenOf(child.pid!);
    expect(servers).toHaveLength(1);
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(servers.filter(alive)).toEqual([]);
  });
});

describe("a server that comes up while the catalog is still listing the others", () => {
  it("joins the catalog once the listing ends", async () => {
    const directory = temporaryDirectory();
    const marker = join(directory, "ready");
    const release = join(directory, "release");
    // The gateway's log lines, read from stderr (where the in-process gateway writes them when not quiet).
    let log = "";
    const write = process.stderr.write.bind(process.stderr);
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk, ...rest) => {
      if (String(chunk).startsWith("[toolsift mcp]")) return Boolean((log += String(chunk)));
      return write(chunk as string, ...(rest as []));
    });
    try {
      const config = parseGatewayConfig(
        JSON.stringify({
          mcpServers: {
            late: lateMemory(directory, marker),
            slow: { command: process.execPath, args: [SLOW_LIST_SERVER, release] },
          },
        }),
        "test",
      );
      const starting = startGateway({
        config,
        maxResults: 5,
        timeout: 60_000,
        retryMax: 100,
        usageFile: undefined,
        embedding: { kind: "none" },
        local: false,
        embeddingCache: undefined,
        exposeSelected: false,
        quiet: false,
        version: "0.0.0-test",
      });
      try {
        // "late" is down and its listing has failed; the catalog waits for "slow" to list. Now "late" comes up.
        await expect.poll(() => existsSync(`${release}.asked`), PATIENTLY).toBe(true);
        writeFileSync(marker, "");
        await expect.poll(() => log, PATIENTLY).toMatch(/upstream "late" is up again/);
        writeFileSync(release, "");
        const { catalog } = await starting;
        const late = () => catalog.servers().find((server) => server.name === "late");
        await expect.poll(() => late()?.status, PATIENTLY).toBe("ready");
        expect(late()?.tools).toBe(9);
        expect(resultText(await catalog.callTool("late__read_graph", {}))).toContain("entities");
      } finally {
        // The catalog's wait ends even when the test failed, so the gateway and its servers are closed.
        writeFileSync(release, "");
        await (await starting).close();
      }
    } finally {
      spy.mockRestore();
    }
  });
});

describe("--retry 0", () => {
  it("tries a server that does not start with the gateway once", async () => {
    const directory = temporaryDirectory();
    const marker = join(directory, "ready");
    const { gateway, client } = await gatewayInProcess({ late: lateMemory(directory, marker) }, { retryMax: 0 });
    try {
      expect(attempts(marker)).toBe(1);
      await expect(
        client.callTool({ name: "call_tool", arguments: { name: "late__read_graph", arguments: {} } }),
      ).rejects.toThrow(/upstream MCP server "late" is down \(last error: .*\); it is not started again \(--retry 0\)/);
      expect(attempts(marker)).toBe(1);
    } finally {
      await client.close();
      await gateway.close();
    }
  });

  it("starts a server that exited again on each use, reporting it down in between", async () => {
    const directory = temporaryDirectory();
    const marker = join(directory, "ready");
    writeFileSync(marker, "");
    const lifecycle = { command: "sh", args: [START_WHEN_READY, marker, process.execPath, LIFECYCLE_SERVER] };
    const { gateway, client } = await gatewayInProcess({ lifecycle }, { retryMax: 0 });
    const reportPid = () => client.callTool({ name: "call_tool", arguments: { name: "lifecycle__report_pid" } });
    const status = () => gateway.catalog.servers().find((server) => server.name === "lifecycle");
    try {
      const pid = Number(resultText(await reportPid()));
      // The server exits and cannot start again for now.
      rmSync(marker);
      process.kill(pid, "SIGKILL");
      const down = /upstream MCP server "lifecycle" is down \(last error: .*\); it is started again on its next use/;
      await expect
        .poll(
          () =>
            reportPid().then(
              () => "answered",
              (error: unknown) => String(error),
            ),
          PATIENTLY,
        )
        .toMatch(down);
      expect(status()).toMatchObject({ status: "down", tools: 4 });
      expect(String(status()?.error)).toMatch(down);
      // Each use is one new attempt.
      const before = attempts(marker);
      await expect(reportPid()).rejects.toThrow(down);
      expect(attempts(marker)).toBe(before + 1);
      writeFileSync(marker, "");
      const again = Number(resultText(await reportPid()));
      expect(again).not.toBe(pid);
      expect(status()).toMatchObject({ status: "ready", tools: 4 });
      expect(status()?.error).toBeUndefined();
    } finally {
      await client.close();
      await gateway.close();
    }
  });
});
