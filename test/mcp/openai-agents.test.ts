// toolsiftAgent over real MCP servers (devDependencies, over stdio) in the OpenAI Agents SDK's own run() loop, against
// a scripted Responses server on 127.0.0.1: each server's tools filtered per model call, server identity kept, a server
// that is down reported and never a crash.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Agent, MCPServerStdio, run, tool, user, type AgentInputItem } from "@openai/agents";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolsiftAgent, type ToolsiftAgentEvent } from "../../src/openai-agents/index.js";
import { loopbackModel } from "../openai-agents/fixtures.js";
import { offeredTools, startResponsesServer, type ResponsesServer } from "../openai-agents/responses-server.js";
import { realServers, temporaryDirectory } from "./servers.js";

const configs = realServers(temporaryDirectory());
const memory = new MCPServerStdio({
  name: "memory",
  command: configs.memory.command,
  args: configs.memory.args,
  env: configs.memory.env,
});
const filesystem = new MCPServerStdio({
  name: "filesystem",
  command: configs.filesystem.command,
  args: configs.filesystem.args,
});

beforeAll(async () => {
  await Promise.all([memory.connect(), filesystem.connect()]);
});
afterAll(async () => {
  await Promise.all([memory.close(), filesystem.close()]);
});

const remember = {
  call: "create_entities",
  arguments: { entities: [{ name: "Ana", entityType: "person", observations: ["likes green tea"] }] },
};

async function withServer<T>(
  turns: ({ call: string; arguments?: Record<string, unknown> } | { text: string })[],
  body: (server: ResponsesServer) => Promise<T>,
): Promise<T> {
  const server = await startResponsesServer((_request, position) => turns[position] ?? { text: "done" });
  try {
    return await body(server);
  } finally {
    await server.close();
  }
}

/** Forty function tools of a billing system, none of them about knowledge graphs or files, none in a family. */
function billingTools() {
  const verbs = ["archive", "audit", "price", "ship", "track"];
  const nouns = ["invoice", "parcel", "ticket", "coupon", "payroll", "warranty", "subscription", "refund"];
  return verbs.flatMap((verb) =>
    nouns.map((noun) =>
      tool({
        name: `${verb}_${noun}`,
        description: `${verb[0].toUpperCase()}${verb.slice(1)} a customer ${noun}`,
        parameters: z.object({ id: z.string() }),
        execute: async () => "ok",
      }),
    ),
  );
}

describe("toolsiftAgent (MCP servers)", () => {
  it("offers each model call only the selected tools of each server, and the real server runs the call", async () => {
    const [memoryTools, filesystemTools] = await Promise.all([memory.listTools(), filesystem.listTools()]);
    await withServer([remember, { text: "Remembered." }], async (server) => {
      const base = new Agent({
        name: "assistant",
        model: loopbackModel(server.baseURL),
        mcpServers: [memory, filesystem],
      });
      const sift = toolsiftAgent(base, { maxTools: 4 });
      const result = await run(sift.agent, "Remember in the knowledge graph that Ana is a person who likes green tea");
      expect(result.finalOutput).toBe("Remembered.");
      expect(server.refused).toEqual([]);
      // Server identity kept: every tool of both servers indexed under <server>__<tool>.
      expect(sift.index.toolNames).toEqual(
        expect.arrayContaining([
          ...memoryTools.map((tool) => `memory__${tool.name}`),
          ...filesystemTools.map((tool) => `filesystem__${tool.name}`),
        ]),
      );
      const first = offeredTools(server.bodies[0]);
      expect(first).toContain("create_entities");
      expect(first.length).toBeLessThanOrEqual(4);
      expect(first.filter((name) => filesystemTools.some((tool) => tool.name === name))).toEqual([]);
      // The call reached the real memory server: its answer is in the next request's input.
      expect(JSON.stringify(server.bodies[1].input)).toContain("likes green tea");
    });
    // The servers given are unchanged: toolsift's filter sits on the clone's proxies only.
    expect(memory.toolFilter).toBeUndefined();
  });

  it("the same agent without toolsift sends every tool of both servers (the baseline)", async () => {
    const count = (await memory.listTools()).length + (await filesystem.listTools()).length;
    await withServer([{ text: "Hi." }], async (server) => {
      const base = new Agent({
        name: "assistant",
        model: loopbackModel(server.baseURL),
        mcpServers: [memory, filesystem],
      });
      await run(base, "Remember that Ana likes green tea");
      expect(offeredTools(server.bodies[0])).toHaveLength(count);
    });
  });

  it("keeps a server's own toolFilter and pins alwaysActive tools by <server>__<tool>", async () => {
    const own = new MCPServerStdio({
      name: "files",
      command: configs.filesystem.command,
      args: configs.filesystem.args,
      toolFilter: { blockedToolNames: ["read_text_file"] },
    });
    await own.connect();
    try {
      await withServer([{ call: "read_text_file", arguments: { path: "notes.txt" } }], async (server) => {
        const base = new Agent({ name: "assistant", model: loopbackModel(server.baseURL), mcpServers: [own] });
        const { agent } = toolsiftAgent(base, { alwaysActive: ["files__list_allowed_directories"] });
        await run(agent, "Read the text file notes.txt");
        const offered = offeredTools(server.bodies[0]);
        expect(offered).toContain("list_allowed_directories");
        expect(offered).not.toContain("read_text_file");
        expect(server.refused).toEqual(["read_text_file"]);
      });
    } finally {
      await own.close();
    }
  });

  it("a server that is down is reported through onEvent and the run goes on without its tools", async () => {
    const down = new MCPServerStdio({
      name: "down",
      command: configs.filesystem.command,
      args: configs.filesystem.args,
    });
    const events: ToolsiftAgentEvent[] = [];
    await withServer([remember, { text: "Remembered." }], async (server) => {
      const base = new Agent({ name: "assistant", model: loopbackModel(server.baseURL), mcpServers: [memory, down] });
      const { agent } = toolsiftAgent(base, { onEvent: (event) => events.push(event) });
      const result = await run(agent, "Create an entity for Ana, a person who likes green tea");
      expect(result.finalOutput).toBe("Remembered.");
      expect(server.refused).toEqual([]);
    });
    const failed = events.filter((event) => event.type === "mcp-server-failed");
    expect(failed.length).toBeGreaterThanOrEqual(2);
    for (const event of failed) {
      expect(event).toMatchObject({ server: "down", stage: "list" });
      expect(event.message).toMatch(/MCP server "down".*connect\(\)/);
    }
  });

  it("stableTools (the default): one tools array per task, each server's tools joining as a family at the end", async () => {
    const [memoryTools, filesystemTools] = await Promise.all([memory.listTools(), filesystem.listTools()]);
    const turns = [
      { user: "Remember in the knowledge graph that Ana is a person who likes green tea", script: [remember] },
      {
        user: "Add an observation to Ana in the knowledge graph: she lives in Lisbon",
        script: [
          {
            call: "add_observations",
            arguments: { observations: [{ entityName: "Ana", contents: ["lives in Lisbon"] }] },
          },
        ],
      },
      {
        user: "Which directories am I allowed to access on the filesystem?",
        script: [{ call: "list_allowed_directories", arguments: {} }],
      },
    ];
    const script = turns.flatMap((turn) => [...turn.script, { text: "Done." }]);
    const events: ToolsiftAgentEvent[] = [];
    await withServer(script, async (server) => {
      // The filesystem server first: without the set's order its tools would go before memory's. 40 function tools
      // beside the servers' 23: a family is at most a quarter of the catalog (src/agent/delivery/tool-families.ts).
      const base = new Agent({
        name: "assistant",
        model: loopbackModel(server.baseURL),
        tools: billingTools(),
        mcpServers: [filesystem, memory],
      });
      const { agent } = toolsiftAgent(base, { onEvent: (event) => events.push(event) });
      let history: AgentInputItem[] = [];
      const starts: number[] = [];
      for (const turn of turns) {
        starts.push(server.bodies.length);
        history = (await run(agent, [...history, user(turn.user)])).history;
      }
      expect(server.refused).toEqual([]);
      const sent = server.bodies.map((body) => JSON.stringify(body.tools ?? []));
      const offered = server.bodies.map(offeredTools);
      // Turns 1 and 2 (the memory server's tasks): one tools array, the memory server's tools (its family).
      for (const tools of sent.slice(0, starts[2])) expect(tools).toBe(sent[0]);
      const memoryNames = memoryTools.map((tool) => tool.name);
      expect([...offered[0]].sort()).toEqual([...memoryNames].sort());
      // Turn 3 (the filesystem's): the memory tools kept in front, the filesystem server's tools appended as a family.
      for (const tools of offered.slice(starts[2])) {
        expect(tools.slice(0, offered[0].length)).toEqual(offered[0]);
        const appended = tools.slice(offered[0].length);
        expect(appended).toContain("list_allowed_directories");
        expect(appended.length).toBeGreaterThan(1);
        expect(filesystemTools.map((tool) => tool.name)).toEqual(expect.arrayContaining(appended));
      }
    });
    const changes = events.filter((event) => event.type === "tools-changed");
    expect(changes).toHaveLength(1);
    expect(changes[0].added.every((name) => name.startsWith("filesystem__"))).toBe(true);
  });

  it("a server's tool redefined under its name is indexed again: the next run selects it by its new description", async () => {
    const file = join(temporaryDirectory(), "lookup-description.txt");
    writeFileSync(file, "Look up the weather forecast for a place");
    const changing = new MCPServerStdio({
      name: "changing",
      command: process.execPath,
      args: [fileURLToPath(new URL("./fixtures/changing-server.mjs", import.meta.url)), file],
    });
    await changing.connect();
    try {
      const request = "what are the tide times in the harbour of Brest";
      const turns = [
        { text: "I have no tool for tides." },
        { call: "lookup", arguments: { place: "Brest" } },
        { text: "High tide at 6." },
      ];
      await withServer(turns, async (server) => {
        const base = new Agent({
          name: "assistant",
          model: loopbackModel(server.baseURL),
          tools: billingTools(),
          mcpServers: [changing],
        });
        // One agent for both runs: its index follows the server's tools from one run to the next.
        const sift = toolsiftAgent(base, { stableTools: false, smallCatalog: false });
        expect((await run(sift.agent, request)).finalOutput).toBe("I have no tool for tides.");
        expect(offeredTools(server.bodies[0])).not.toContain("lookup");
        writeFileSync(file, "Look up the tide times of a harbour");
        expect((await run(sift.agent, request)).finalOutput).toBe("High tide at 6.");
        expect(offeredTools(server.bodies[1])).toContain("lookup");
        expect(server.refused).toEqual([]);
        expect(sift.index.toolNames).toContain("changing__lookup");
      });
    } finally {
      await changing.close();
    }
  });

  it("refuses an alwaysActive name that no tool and no server of the agent has", () => {
    const base = new Agent({ name: "assistant", mcpServers: [memory] });
    expect(() => toolsiftAgent(base, { alwaysActive: ["github__create_issue"] })).toThrow(/github__create_issue/);
  });
});
