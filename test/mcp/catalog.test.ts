// toolsift/mcp over the six real servers (72 tools) and in-process SDK servers: namespacing, fields, annotations,
// failures, limits, pages, list_changed.
import { createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createToolIndex, type ToolsiftEvent } from "../../src/index.js";
import { type McpCatalog } from "../../src/mcp/mcp-catalog.js";
import { createMcpCatalog } from "../../src/mcp/index.js";
import { LIFECYCLE_SERVER, PATIENTLY } from "./gateway-helpers.js";
import { connectStdio, realServers, temporaryDirectory } from "./servers.js";

const SHARED = [
  "create_or_update_file",
  "search_repositories",
  "create_repository",
  "get_file_contents",
  "push_files",
  "create_issue",
  "create_branch",
  "fork_repository",
];

const clients: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

async function connected<T extends { close(): Promise<void> }>(client: Promise<T>): Promise<T> {
  const value = await client;
  clients.push(value);
  return value;
}

/** A client connected in process to `server`. */
async function inProcess(server: McpServer | Server): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "toolsift-test", version: "1.0.0" });
  await client.connect(clientSide);
  return connected(Promise.resolve(client));
}

describe("the six real servers as one catalog", () => {
  let catalog: McpCatalog;
  const events: ToolsiftEvent[] = [];
  beforeAll(async () => {
    const servers = realServers(temporaryDirectory());
    const sources = Object.fromEntries(
      Object.entries(servers).map(([name, config]) => [name, connected(connectStdio(config))]),
    );
    catalog = await createMcpCatalog(sources, { onEvent: (event) => events.push(event) });
  });

  it("keeps all 72 tools, github's and gitlab's 8 shared names both, namespaced, with a map back for calls", () => {
    expect(catalog.tools()).toHaveLength(72);
    expect(new Set(catalog.tools().map((tool) => tool.name)).size).toBe(72);
    for (const name of SHARED) {
      expect(catalog.tool(`github__${name}`)).toMatchObject({ server: "github", toolName: name });
      expect(catalog.tool(`gitlab__${name}`)).toMatchObject({ server: "gitlab", toolName: name });
    }
    expect(catalog.servers().map((server) => [server.name, server.status, server.tools])).toEqual([
      ["everything", "ready", 13],
      ["filesystem", "ready", 14],
      ["memory", "ready", 9],
      ["github", "ready", 26],
      ["gitlab", "ready", 9],
      ["sequential-thinking", "ready", 1],
    ]);
    expect(events.filter((event) => event.type.startsWith("mcp-"))).toEqual([]);
  });

  it("finds a server's tools by its name, without making it a word of the tools' names", async () => {
    const gitlab = await catalog.index.select("gitlab", { maxTools: 5 });
    expect(gitlab.length).toBeGreaterThan(0);
    expect(gitlab.every((name) => name.startsWith("gitlab__"))).toBe(true);
    const explanation = await catalog.index.explain("gitlab", "gitlab__create_issue");
    expect(explanation.terms.map((term) => Object.keys(term.fields))).toEqual([["server"]]);
    // "everything" is server-everything's name: a word of its server field only, so memory's delete tools lead.
    const [first] = await catalog.index.select("delete everything about Alice", { maxTools: 3 });
    expect(first).toMatch(/^memory__delete_/);
  });

  it("indexes outputSchema and keeps annotations, with unannotated servers taken at the MCP defaults", async () => {
    const readTextFile = catalog.tool("filesystem__read_text_file")!;
    expect(readTextFile.outputSchema).toBeDefined();
    expect(readTextFile.annotations).toMatchObject({ readOnlyHint: true });
    const readOnly = catalog.names({ readOnly: true });
    expect(readOnly).toContain("filesystem__read_text_file");
    expect(readOnly).toContain("memory__read_graph");
    expect(readOnly).not.toContain("filesystem__write_file");
    // github sets no annotations: by the MCP defaults (readOnlyHint false) none of its tools is read-only.
    expect(readOnly.some((name) => name.startsWith("github__"))).toBe(false);
    expect(catalog.names({ destructive: false })).not.toContain("github__get_issue");
    expect(() => catalog.names({ readonly: true } as never)).toThrow(/filter\.readonly.*readOnly/);
    expect(() => catalog.names({ readOnly: "yes" } as never)).toThrow(/filter\.readOnly" must be a boolean/);
    const selected = await catalog.index.select("list the files in a folder", { allowedTools: readOnly });
    expect(selected.length).toBeGreaterThan(0);
    expect(selected.every((name) => readOnly.includes(name))).toBe(true);
  });

  it("calls a tool by its catalog name on its server under its own name", async () => {
    const result = (await catalog.callTool("memory__create_entities", {
      entities: [{ name: "Bob", entityType: "person", observations: ["likes tea"] }],
    })) as { isError?: boolean };
    expect(result.isError).toBeFalsy();
    const graph = JSON.stringify(await catalog.callTool("memory__open_nodes", { names: ["Bob"] }));
    expect(graph).toContain("likes tea");
    await expect(catalog.callTool("memory__nope", {})).rejects.toMatchObject({ code: "UNKNOWN_TOOL" });
  });
});

describe("failures, limits, pages and changes", () => {
  it("reports a server that does not start and keeps the others searchable", async () => {
    const events: ToolsiftEvent[] = [];
    const directory = temporaryDirectory();
    const servers = realServers(directory);
    const catalog = await createMcpCatalog(
      {
        memory: connected(connectStdio(servers.memory)),
        broken: connectStdio({ command: process.execPath, args: [`${directory}/no-such-server.js`] }),
      },
      { onEvent: (event) => events.push(event) },
    );
    expect(events).toMatchObject([{ type: "mcp-server-failed", server: "broken", stage: "connect" }]);
    expect(catalog.servers().find((server) => server.name === "broken")?.status).toBe("failed");
    expect(await catalog.index.select("delete the relation between Alice and Bob")).toContain(
      "memory__delete_relations",
    );
    expect(catalog.tools().every((tool) => tool.server === "memory")).toBe(true);
  });

  it("skips and reports one tool the limits refuse, not the catalog", async () => {
    const events: ToolsiftEvent[] = [];
    const deep = { type: "object", properties: { a: { type: "object", properties: { b: { type: "string" } } } } };
    const catalog = await createMcpCatalog(
      {
        plain: {
          tools: [
            { name: "small", description: "a small tool", inputSchema: { type: "object" } },
            { name: "deep", description: "too deep", inputSchema: deep },
            { name: 42 },
          ],
        },
      },
      { catalog: { limits: { schemaDepth: 1 } }, onEvent: (event) => events.push(event) },
    );
    expect(catalog.tools().map((tool) => tool.name)).toEqual(["plain__small"]);
    expect(events).toMatchObject([
      { type: "mcp-tool-skipped", server: "plain", tool: "deep", reason: "limits" },
      { type: "mcp-tool-skipped", server: "plain", tool: "#2", reason: "invalid" },
    ]);
  });

  it("reads every page of tools/list", async () => {
    const server = new Server({ name: "paged", version: "1.0.0" }, { capabilities: { tools: {} } });
    const page = (n: number) => ({ name: `tool_${n}`, description: `page tool ${n}`, inputSchema: { type: "object" } });
    server.setRequestHandler(ListToolsRequestSchema, (request) => {
      const start = Number(request.params?.cursor ?? 0);
      const tools = [page(start), page(start + 1)];
      return start < 4 ? { tools, nextCursor: String(start + 2) } : { tools };
    });
    const catalog = await createMcpCatalog({ paged: await inProcess(server) });
    expect(catalog.tools().map((tool) => tool.toolName)).toEqual([
      "tool_0",
      "tool_1",
      "tool_2",
      "tool_3",
      "tool_4",
      "tool_5",
    ]);
  });

  it("syncs a server's tools on notifications/tools/list_changed", async () => {
    const server = new McpServer({ name: "changing", version: "1.0.0" });
    server.registerTool("first", { description: "the first tool" }, async () => ({ content: [] }));
    const events: ToolsiftEvent[] = [];
    const changed = new Promise<void>((resolve) => {
      void createMcpCatalog(
        { changing: inProcess(server) },
        {
          onEvent: (event) => {
            events.push(event);
            if (event.type === "mcp-tools-changed") resolve();
          },
        },
      ).then((catalog) => {
        catalogs.push(catalog);
        server.registerTool(
          "weather_forecast",
          { description: "tomorrow's weather", inputSchema: { city: z.string() } },
          async () => ({ content: [] }),
        );
      });
    });
    const catalogs: McpCatalog[] = [];
    await changed;
    expect(events).toMatchObject([
      { type: "mcp-tools-changed", server: "changing", added: ["changing__weather_forecast"], removed: [] },
    ]);
    expect(await catalogs[0].index.select("weather tomorrow")).toEqual(["changing__weather_forecast"]);
  });

  it("reads AI SDK MCP clients too", async () => {
    const servers = realServers(temporaryDirectory());
    const memory = await connected(
      createMCPClient({
        transport: new Experimental_StdioMCPTransport({
          ...servers.memory,
          env: { ...process.env, ...servers.memory.env } as Record<string, string>,
        }),
      }),
    );
    const catalog = await createMcpCatalog({ memory });
    expect(catalog.tools()).toHaveLength(9);
    expect(catalog.tool("memory__read_graph")?.annotations).toMatchObject({ readOnlyHint: true });
    const result = JSON.stringify(await catalog.callTool("memory__read_graph", {}));
    expect(result).toContain("entities");
  });
});

describe("an AI SDK MCP client whose server announces changes", () => {
  it("is reported as unwatched: the notification reaches no hook, and refresh() reads the change", async () => {
    const unhandled: unknown[] = [];
    const lifecycle = await connected(
      createMCPClient({
        transport: new Experimental_StdioMCPTransport({ command: process.execPath, args: [LIFECYCLE_SERVER] }),
        onUncaughtError: (error) => unhandled.push(error),
      }),
    );
    const events: ToolsiftEvent[] = [];
    const catalog = await createMcpCatalog({ lifecycle }, { onEvent: (event) => events.push(event) });
    expect(events).toMatchObject([
      {
        type: "mcp-changes-unwatched",
        server: "lifecycle",
        message: expect.stringContaining('call refresh("lifecycle")'),
      },
    ]);
    await catalog.callTool("lifecycle__add_weather_tool", {});
    // @ai-sdk/mcp hands the server's notifications/tools/list_changed to onUncaughtError, not to any listener.
    await expect
      .poll(() => unhandled.map((error) => String(error)), PATIENTLY)
      .toContainEqual(expect.stringContaining("Unsupported message type"));
    expect(catalog.tool("lifecycle__weather_forecast")).toBeUndefined();
    await catalog.refresh("lifecycle");
    expect(catalog.tool("lifecycle__weather_forecast")).toMatchObject({ server: "lifecycle" });
    expect(events.map((event) => event.type)).toEqual(["mcp-changes-unwatched", "mcp-tools-changed"]);
  });

  it("is not reported when its server declares no changes (server-github: tools without listChanged)", async () => {
    const { github: server } = realServers(temporaryDirectory());
    const github = await connected(createMCPClient({ transport: new Experimental_StdioMCPTransport(server) }));
    const events: ToolsiftEvent[] = [];
    await createMcpCatalog({ github }, { onEvent: (event) => events.push(event) });
    expect(events).toEqual([]);
  });
});
describe("createToolIndex given a record of server → tools/list results", () => {
  it("refuses it instead of indexing one tool per server", () => {
    const record = {
      github: { tools: [{ name: "create_issue", inputSchema: { type: "object" } }] },
      gitlab: { tools: [{ name: "create_issue", inputSchema: { type: "object" } }] },
    };
    expect(() => createToolIndex(record as never)).toThrow(
      /tools\/list results keyed by server \("github", "gitlab"\)/,
    );
  });
});
