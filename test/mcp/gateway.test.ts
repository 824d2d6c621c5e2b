// The gateway in process over the six real servers and the lifecycle server: list, search, call, bad arguments,
// learning, an upstream killed mid-call, a server that does not start, a tool list that changes.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Gateway } from "../../src/mcp/gateway/start-gateway.js";
import { gatewayInProcess, LIFECYCLE_SERVER, PATIENTLY, resultText, search } from "./gateway-helpers.js";
import { realServers, temporaryDirectory } from "./servers.js";

const directory = temporaryDirectory();
let gateway: Gateway;
let client: Client;

beforeAll(async () => {
  ({ gateway, client } = await gatewayInProcess(
    {
      ...realServers(directory),
      lifecycle: { command: process.execPath, args: [LIFECYCLE_SERVER] },
      broken: { command: process.execPath, args: [join(directory, "no-such-server.js")] },
    },
    { pinned: ["memory__read_graph"], usageFile: join(directory, "usage.json") },
  ));
});

afterAll(async () => {
  await client?.close();
  await gateway?.close();
});

describe("the gateway over the real servers", () => {
  it("lists search_tools, call_tool and the pinned tool, not the 72 upstream tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool", "memory__read_graph"]);
    expect(tools[2].annotations).toMatchObject({ readOnlyHint: true });
    // Relevance is shown beside the ranking's order, which it need not follow.
    expect(tools[0].description).toMatch(/relevance \(0-1: .*which it need not follow\)/);
  });

  it("left out the server that does not start and kept the others", () => {
    const broken = gateway.catalog.servers().find((server) => server.name === "broken");
    expect(broken?.status).toBe("failed");
    expect(gateway.catalog.tools()).toHaveLength(72 + 4);
  });

  it("finds tools with their input schema (the search answer's fields: the listing keeps the annotations)", async () => {
    const found = await search(client, "open an issue on gitlab");
    expect(found[0]).toMatchObject({ name: "gitlab__create_issue" });
    expect(found[0].inputSchema).toMatchObject({ type: "object" });
    const files = await search(client, "read a text file", 3);
    expect(files.length).toBeLessThanOrEqual(3);
    const readText = files.find((tool) => tool.name === "filesystem__read_text_file");
    expect(Object.keys(readText ?? {}).sort()).toEqual(["description", "inputSchema", "name", "relevance", "title"]);
  });

  it("forwards calls: a file written then read, an entity created then read through the pinned tool", async () => {
    const path = join(directory, "report.md");
    const written = await client.callTool({
      name: "call_tool",
      arguments: { name: "filesystem__write_file", arguments: { path, content: "# Report\nall good" } },
    });
    expect(written.isError).toBeFalsy();
    expect(readFileSync(path, "utf8")).toBe("# Report\nall good");
    const read = await client.callTool({
      name: "call_tool",
      arguments: { name: "filesystem__read_text_file", arguments: { path } },
    });
    expect(resultText(read)).toBe("# Report\nall good");
    await search(client, "remember that Bob likes tea");
    await client.callTool({
      name: "call_tool",
      arguments: {
        name: "memory__create_entities",
        arguments: { entities: [{ name: "Bob", entityType: "person", observations: ["likes tea"] }] },
      },
    });
    expect(resultText(await client.callTool({ name: "memory__read_graph", arguments: {} }))).toContain("likes tea");
  });

  it("learns each forwarded call and keeps it in the usage file", async () => {
    await search(client, "note that Carol plays golf");
    await client.callTool({
      name: "call_tool",
      arguments: {
        name: "memory__create_entities",
        arguments: { entities: [{ name: "Carol", entityType: "person", observations: ["plays golf"] }] },
      },
    });
    const usage = gateway.catalog.index.usage();
    expect(usage.tools).toContain("memory__create_entities");
    await expect.poll(() => existsSync(join(directory, "usage.json"))).toBe(true);
    await expect
      .poll(() => (JSON.parse(readFileSync(join(directory, "usage.json"), "utf8")) as { tools: string[] }).tools)
      .toContain("memory__create_entities");
  });

  it("refuses bad arguments with an error naming the field, and unknown tools", async () => {
    const wrongType = await client.callTool({
      name: "call_tool",
      arguments: { name: "filesystem__write_file", arguments: { path: 3, content: "x" } },
    });
    expect(wrongType.isError).toBe(true);
    expect(resultText(wrongType)).toBe(
      'the input for "filesystem__write_file" does not match its inputSchema: /path must be string, not number',
    );
    const missing = await client.callTool({
      name: "call_tool",
      arguments: { name: "filesystem__write_file", arguments: { path: join(directory, "x.md") } },
    });
    expect(missing.isError).toBe(true);
    expect(resultText(missing)).toMatch(/does not match its inputSchema: \/content is required$/);
    expect(existsSync(join(directory, "x.md"))).toBe(false);
    const nested = await client.callTool({
      name: "call_tool",
      arguments: {
        name: "filesystem__edit_file",
        arguments: { path: join(directory, "report.md"), edits: [{ oldText: "all good", newText: 3 }] },
      },
    });
    expect(nested.isError).toBe(true);
    expect(resultText(nested)).toMatch(/"filesystem__edit_file" .*: \/edits\/0\/newText must be string, not number$/);
    expect(readFileSync(join(directory, "report.md"), "utf8")).toBe("# Report\nall good");
    const unknown = await client.callTool({ name: "call_tool", arguments: { name: "nowhere__tool" } });
    expect(unknown.isError).toBe(true);
    expect(resultText(unknown)).toMatch(/No tool "nowhere__tool"/);
  });

  it("returns an upstream's own error result as is", async () => {
    const outside = await client.callTool({
      name: "call_tool",
      arguments: { name: "filesystem__read_text_file", arguments: { path: "/etc/hostname" } },
    });
    expect(outside.isError).toBe(true);
    expect(resultText(outside)).toMatch(/outside allowed directories|Access denied/i);
  });
});

describe("an upstream that dies or changes", () => {
  it("answers a call cut by the upstream's death with a clear error, keeps serving, and restarts it", async () => {
    const pid = Number(
      resultText(await client.callTool({ name: "call_tool", arguments: { name: "lifecycle__report_pid" } })),
    );
    const started = join(directory, "wait-started");
    const pending = client.callTool({
      name: "call_tool",
      arguments: { name: "lifecycle__wait_a_while", arguments: { milliseconds: 30_000, started } },
    });
    // Killed once the call is under way in the server (killed before it arrives, the call would start it again).
    await expect.poll(() => existsSync(started), PATIENTLY).toBe(true);
    process.kill(pid, "SIGKILL");
    await expect(pending).rejects.toThrow(
      /^MCP error -32603: upstream MCP server "lifecycle" exited during the call to "wait_a_while"/,
    );
    // The others still answer, and the next call starts the server again.
    expect(resultText(await client.callTool({ name: "memory__read_graph", arguments: {} }))).toContain("entities");
    const again = Number(
      resultText(await client.callTool({ name: "call_tool", arguments: { name: "lifecycle__report_pid" } })),
    );
    expect(again).not.toBe(pid);
  });

  it("cancels the upstream call when the client cancels its call", async () => {
    const started = join(directory, "cancel-started");
    const cancelled = join(directory, "cancel-cancelled");
    const abort = new AbortController();
    const pending = client.callTool(
      {
        name: "call_tool",
        arguments: { name: "lifecycle__wait_a_while", arguments: { milliseconds: 60_000, started, cancelled } },
      },
      undefined,
      { signal: abort.signal },
    );
    await expect.poll(() => existsSync(started), PATIENTLY).toBe(true);
    abort.abort();
    await expect(pending).rejects.toThrow();
    // The gateway passes notifications/cancelled on: the server's handler sees its signal aborted.
    await expect.poll(() => existsSync(cancelled), PATIENTLY).toBe(true);
  });

  it("finds a tool the upstream adds at run time (notifications/tools/list_changed)", async () => {
    expect((await search(client, "weather forecast for tomorrow")).map((tool) => tool.name)).not.toContain(
      "lifecycle__weather_forecast",
    );
    await client.callTool({ name: "call_tool", arguments: { name: "lifecycle__add_weather_tool" } });
    await expect
      .poll(async () => (await search(client, "weather forecast for tomorrow")).map((tool) => tool.name)[0])
      .toBe("lifecycle__weather_forecast");
    const forecast = await client.callTool({
      name: "call_tool",
      arguments: { name: "lifecycle__weather_forecast", arguments: { city: "Oslo" } },
    });
    expect(resultText(forecast)).toBe("sunny in Oslo");
  });
});
