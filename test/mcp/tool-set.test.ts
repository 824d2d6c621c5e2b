// mcpToolSet: the combined catalog as an AI SDK ToolSet for generateText + prepareStep, calls reaching real servers.
import { generateText, isStepCount } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterAll, expect, it } from "vitest";
import type { ToolsiftEvent } from "../../src/index.js";
import { createMcpCatalog, mcpToolSet } from "../../src/mcp/index.js";
import { connectStdio, realServers, temporaryDirectory } from "./servers.js";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

const clients: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

it("runs generateText with prepareStep over memory + filesystem, the call forwarded under the tool's own name", async () => {
  const servers = realServers(temporaryDirectory());
  const memory = await connectStdio(servers.memory);
  const filesystem = await connectStdio(servers.filesystem);
  clients.push(memory, filesystem);
  const catalog = await createMcpCatalog({ memory, filesystem });
  const tools = mcpToolSet(catalog);
  expect(Object.keys(tools)).toHaveLength(23);
  const offered: string[][] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const names = (options.tools ?? []).map((tool) => tool.name);
      offered.push(names);
      if (offered.length > 1) {
        return {
          content: [{ type: "text", text: "done" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        };
      }
      // A model that calls only what it was offered.
      if (!names.includes("memory__create_entities")) throw new Error(`memory__create_entities not offered: ${names}`);
      const input = { entities: [{ name: "Bob", entityType: "person", observations: ["plays chess"] }] };
      return {
        content: [
          { type: "tool-call", toolCallId: "1", toolName: "memory__create_entities", input: JSON.stringify(input) },
        ],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  const result = await generateText({
    model,
    tools,
    prompt: "Remember that Bob plays chess: create an entity for him",
    prepareStep: catalog.index.prepareStep({ maxTools: 5 }),
    stopWhen: isStepCount(3),
  });
  // The five selected (and their companions), not the 23 tools.
  expect(offered[0].length).toBeLessThan(10);
  expect(result.steps[0].toolResults).toHaveLength(1);
  expect(JSON.stringify(await catalog.callTool("memory__open_nodes", { names: ["Bob"] }))).toContain("plays chess");
});

it("reports a namespaced name two servers would share and keeps the first, never overwriting", async () => {
  const events: ToolsiftEvent[] = [];
  const catalog = await createMcpCatalog(
    {
      a: { tools: [{ name: "b__c", description: "first", inputSchema: { type: "object" } }] },
      a__b: { tools: [{ name: "c", description: "second", inputSchema: { type: "object" } }] },
    },
    { onEvent: (event) => events.push(event) },
  );
  expect(Object.keys(mcpToolSet(catalog))).toEqual(["a__b__c"]);
  expect(mcpToolSet(catalog)["a__b__c"]!.description).toBe("first");
  expect(events).toMatchObject([{ type: "mcp-tool-skipped", server: "a__b", tool: "c", reason: "collision" }]);
});
