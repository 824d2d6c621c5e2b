// toolsiftMcpTools + toolsiftProcessor over real MCP servers (devDependencies, over stdio, through @mastra/mcp's
// MCPClient) in Mastra's own agent loop (Agent.generate / stream) with a scripted model that calls a tool only when the
// request offers it: server identity kept (<server>__<tool>, families by server), a server that is down reported and
// never a crash.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { MCPClient } from "@mastra/mcp";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ToolsiftError } from "../../src/errors.js";
import type { McpEvent } from "../../src/events.js";
import { toolsiftMcpTools, toolsiftProcessor } from "../../src/mastra/index.js";
import { createToolIndex } from "../../src/tool-index.js";
import { scriptedModel, type ScriptedTurn } from "../mastra/scripted-model.js";
import { LIFECYCLE_SERVER, START_WHEN_READY } from "./gateway-helpers.js";
import { realServers, temporaryDirectory } from "./servers.js";

// examples/mastra/mcp-agent.ts imports the package by name; here it is the source.
vi.mock("toolsift", () => import("../../src/index.ts"));
vi.mock("toolsift/mastra", () => import("../../src/mastra/index.ts"));

const directory = temporaryDirectory();
const configs = realServers(directory);
let clients = 0;

/** An MCPClient over the named servers of `realServers` (and `extra` definitions), disconnected after `body`. */
async function withClient<T>(
  names: readonly (keyof typeof configs)[],
  extra: Record<string, { command: string; args: string[] }>,
  body: (mcp: MCPClient) => Promise<T>,
): Promise<T> {
  const servers = { ...Object.fromEntries(names.map((name) => [name, configs[name]])), ...extra };
  const mcp = new MCPClient({ id: `toolsift-test-${++clients}`, servers });
  try {
    return await body(mcp);
  } finally {
    await mcp.disconnect();
  }
}

const ownTools = {
  get_weather: createTool({
    id: "get_weather",
    description: "Get the current weather forecast for a city",
    inputSchema: z.object({ city: z.string() }),
    execute: async () => "sunny",
  }),
  send_email: createTool({
    id: "send_email",
    description: "Send an email message to a recipient",
    inputSchema: z.object({ to: z.string(), body: z.string() }),
    execute: async () => "sent",
  }),
};

const remember: ScriptedTurn = {
  call: "memory__create_entities",
  input: { entities: [{ name: "Ana", entityType: "person", observations: ["likes green tea"] }] },
};
const rememberRequest = "Remember in the knowledge graph that Ana is a person who likes green tea";

function siftedAgent(mcp: MCPClient, turns: ScriptedTurn[], options: Parameters<typeof toolsiftProcessor>[1] = {}) {
  const scripted = scriptedModel(turns);
  const events: McpEvent[] = [];
  const index = createToolIndex(ownTools);
  const agent = new Agent({
    id: "assistant",
    name: "assistant",
    instructions: "Help the user.",
    model: scripted.model as never,
    tools: toolsiftMcpTools(index, mcp, { tools: ownTools, onEvent: (event) => events.push(event) }),
    inputProcessors: [toolsiftProcessor(index, { maxTools: 4, ...options })],
  });
  return { agent, index, events, ...scripted };
}

/** An agent given Mastra's own listing of the servers' tools (`mcp.listTools()`: `<server>_<tool>`, no server kept). */
function plainAgent(model: unknown, tools: Record<string, unknown>, processor?: ReturnType<typeof toolsiftProcessor>) {
  return new Agent({
    id: "plain",
    name: "plain",
    instructions: "Help.",
    model: model as never,
    tools: tools as never,
    ...(processor === undefined ? {} : { inputProcessors: [processor] }),
  });
}

describe("toolsiftMcpTools (Mastra, MCP servers)", () => {
  it("offers each model call only the selected tools of each server, and the real server runs the call", async () => {
    await withClient(["memory", "filesystem"], {}, async (mcp) => {
      const toolsets = await mcp.listToolsets();
      const { agent, index, events, offered, refused } = siftedAgent(mcp, [remember, { text: "Remembered." }], {
        stableTools: false,
      });
      const result = await agent.generate(rememberRequest);
      expect(result.text).toBe("Remembered.");
      expect(refused).toEqual([]);
      expect(events).toEqual([]);
      // Server identity kept: every tool of both servers indexed under <server>__<tool>, beside the agent's own.
      expect([...index.toolNames].sort()).toEqual(
        [
          ...Object.keys(ownTools),
          ...Object.entries(toolsets).flatMap(([server, tools]) =>
            Object.keys(tools).map((tool) => `${server}__${tool}`),
          ),
        ].sort(),
      );
      expect(offered[0]).toContain("memory__create_entities");
      expect(offered[0].length).toBeLessThanOrEqual(4);
      expect(offered[0].filter((name) => name.startsWith("filesystem__"))).toEqual([]);
      // The call reached the real memory server: it wrote the entity to its file.
      expect(readFileSync(join(directory, "memory.jsonl"), "utf8")).toContain("likes green tea");
    });
  });

  it("alwaysActive names an MCP tool by <server>__<tool>: offered on every call once its server has listed", async () => {
    await withClient(["memory", "filesystem"], {}, async (mcp) => {
      const turns: ScriptedTurn[] = [{ call: "get_weather", input: { city: "Paris" } }, { text: "Sunny." }];
      const sifted = siftedAgent(mcp, turns, { maxTools: 2, alwaysActive: ["filesystem__read_text_file"] });
      await sifted.agent.generate("What's the weather in Paris today?");
      expect(sifted.refused).toEqual([]);
      expect(sifted.offered).toHaveLength(2);
      for (const offered of sifted.offered) expect(offered).toContain("filesystem__read_text_file");
    });
  });

  it("the same servers given to the agent as Mastra lists them send every tool on every call (the baseline)", async () => {
    await withClient(["memory", "filesystem"], {}, async (mcp) => {
      const tools = { ...ownTools, ...(await mcp.listTools()) };
      const scripted = scriptedModel([{ call: "memory_create_entities", input: {} }, { text: "done" }]);
      await plainAgent(scripted.model, tools).generate(rememberRequest);
      expect(scripted.offered.map((names) => names.length)).toEqual([
        Object.keys(tools).length,
        Object.keys(tools).length,
      ]);
    });
  });

  it("keeps each server's tools one family: the cache-keeping set takes a server's tools whole", async () => {
    await withClient(["memory", "filesystem", "everything"], {}, async (mcp) => {
      const memoryTools = Object.keys((await mcp.listToolsets()).memory).map((tool) => `memory__${tool}`);
      const { agent, offered, refused } = siftedAgent(mcp, [remember, { text: "Remembered." }]);
      await agent.generate(rememberRequest);
      expect(refused).toEqual([]);
      expect(offered[0]).toEqual(expect.arrayContaining(memoryTools));
      expect(offered[0].filter((name) => name.startsWith("filesystem__"))).toEqual([]);

      // Without the server kept (Mastra's own listTools, indexed by the processor as plain tools), no family forms.
      const scripted = scriptedModel([{ ...remember, call: "memory_create_entities" }, { text: "Remembered." }]);
      const tools = { ...ownTools, ...(await mcp.listTools()) };
      await plainAgent(scripted.model, tools, toolsiftProcessor(createToolIndex(ownTools), { maxTools: 4 })).generate(
        rememberRequest,
      );
      expect(scripted.offered[0].filter((name) => name.startsWith("memory_")).length).toBeLessThan(memoryTools.length);
    });
  });

  it("a server that is down is reported through onEvent with its name on each call, and the agent goes on", async () => {
    const down = { command: process.execPath, args: [join(directory, "no-such-server.js")] };
    await withClient(["memory", "filesystem"], { down }, async (mcp) => {
      const { agent, index, events, refused } = siftedAgent(mcp, [remember, { text: "Remembered." }, { text: "Hi." }]);
      const stream = await agent.stream(rememberRequest);
      expect(await stream.text).toBe("Remembered.");
      expect(refused).toEqual([]);
      expect(index.toolNames.filter((name) => name.startsWith("down__"))).toEqual([]);
      const failed = events.filter((event) => event.type === "mcp-server-failed");
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ server: "down", stage: "list" });
      expect(failed[0].message).toMatch(
        /^MCP server "down": listing its tools failed \(Failed to connect to MCP server down/,
      );
      expect(failed[0].message).not.toContain("\n");
      await agent.generate("Hello there");
      expect(events.filter((event) => event.type === "mcp-server-failed")).toHaveLength(2);
    });
  });

  it("follows each server's listing: a server that comes up, adds a tool and goes down changes only its tools", async () => {
    const marker = join(directory, "lifecycle-ready");
    const lifecycle = { command: "sh", args: [START_WHEN_READY, marker, process.execPath, LIFECYCLE_SERVER] };
    await withClient(["memory"], { lifecycle }, async (mcp) => {
      const events: McpEvent[] = [];
      const index = createToolIndex(ownTools);
      const agentTools = toolsiftMcpTools(index, mcp, { tools: ownTools, onEvent: (event) => events.push(event) });
      const serverTools = (server: string) => index.toolNames.filter((name) => name.startsWith(`${server}__`));
      const failures = () => events.filter((event) => event.type === "mcp-server-failed").map((event) => event.server);

      await agentTools();
      expect(failures()).toEqual(["lifecycle"]);
      expect(serverTools("lifecycle")).toEqual([]);
      const memoryTools = serverTools("memory");
      expect(memoryTools.length).toBeGreaterThan(0);

      writeFileSync(marker, "");
      let tools = await agentTools();
      expect(failures()).toEqual(["lifecycle"]);
      expect(serverTools("lifecycle")).toContain("lifecycle__add_weather_tool");
      expect(serverTools("lifecycle")).not.toContain("lifecycle__weather_forecast");
      const execute = (name: string) =>
        (tools[name] as { execute(input: object, context: object): Promise<unknown> }).execute({}, {});
      await execute("lifecycle__add_weather_tool");
      tools = await agentTools();
      expect(serverTools("lifecycle")).toContain("lifecycle__weather_forecast");
      expect(Object.keys(tools)).toContain("lifecycle__weather_forecast");

      const pid = Number(/\d+/.exec(JSON.stringify(await execute("lifecycle__report_pid")))![0]);
      rmSync(marker);
      process.kill(pid, "SIGKILL");
      tools = await agentTools();
      expect(failures()).toEqual(["lifecycle", "lifecycle"]);
      expect(serverTools("lifecycle")).toEqual([]);
      expect(Object.keys(tools).filter((name) => name.startsWith("lifecycle__"))).toEqual([]);
      expect(serverTools("memory")).toEqual(memoryTools);
      expect(index.toolNames).toEqual(expect.arrayContaining(Object.keys(ownTools)));
    });
  });

  it("leaves out, and reports, an MCP tool whose name one of the agent's own tools already has", async () => {
    await withClient(["memory"], {}, async (mcp) => {
      const events: McpEvent[] = [];
      const own = { ...ownTools, memory__read_graph: ownTools.get_weather };
      const tools = await toolsiftMcpTools(createToolIndex(own), mcp, { tools: own, onEvent: (e) => events.push(e) })();
      expect(tools.memory__read_graph).toBe(ownTools.get_weather);
      expect(events).toEqual([
        expect.objectContaining({
          type: "mcp-tool-skipped",
          server: "memory",
          tool: "read_graph",
          reason: "collision",
        }),
      ]);
    });
  });

  it("refuses what is not an index or an MCPClient, and unknown options, naming them", async () => {
    await withClient(["memory"], {}, async (mcp) => {
      const index = createToolIndex(ownTools);
      expect(() => toolsiftMcpTools({} as never, mcp)).toThrow(ToolsiftError);
      expect(() => toolsiftMcpTools({} as never, mcp)).toThrow(/"index"/);
      expect(() => toolsiftMcpTools(index, { listTools: () => ({}) } as never)).toThrow(/"mcp".*MCPClient/);
      expect(() => toolsiftMcpTools(index, mcp, { onEvents: () => {} } as never)).toThrow(/onEvents.*onEvent/);
      expect(() => toolsiftMcpTools(index, mcp, { tools: 3 } as never)).toThrow(/"tools"/);
    });
  });

  it("examples/mastra/mcp-agent.ts runs offline to the end: each call offered only the tools its turn needs", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await import("../../examples/mastra/mcp-agent.ts");
      const lines = log.mock.calls.map(([line]) => String(line));
      expect(lines).toContain("  answer: Noted: Ana likes green tea.");
      expect(lines).toContain("  answer: Lisbon: sunny, 24°C highs.");
      expect(lines.filter((line) => line.includes("not given") || line.includes("event:"))).toEqual([]);
      for (const line of lines.filter((line) => line.includes("model call"))) {
        expect(line).toMatch(/offered (\d|1\d) of 53 tools/);
      }
    } finally {
      log.mockRestore();
    }
  });
});
