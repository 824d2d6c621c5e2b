// Mastra Agent + MCP servers: an MCPClient (@mastra/mcp) holds two MCP servers (memory and filesystem, 23 tools);
// toolsiftMcpTools gives the agent its 30 own tools and every server's tools as <server>__<tool>, indexed with their
// server kept, and toolsiftProcessor offers each model call only the few its conversation needs (top 3 here), in a set
// kept stable for the prompt cache that takes a server's tools whole when they are few enough (tool families). Runs
// offline: the servers are this repository's devDependencies, started over stdio; a scripted model stands in for a
// real one and prints what it is given.
//
//   npm run build && npx node examples/mastra/mcp-agent.ts
//
// In an app, give each server as its docs do: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] }.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Agent } from "@mastra/core/agent";
import { MCPClient } from "@mastra/mcp";
import { createToolIndex } from "toolsift";
import { toolsiftMcpTools, toolsiftProcessor } from "toolsift/mastra";
import type { ScriptedTurn } from "../shared/two-turn-script.ts";
import { scriptedModel, tools, twoTurns } from "./scripted.ts";

const server = (name: string) =>
  fileURLToPath(import.meta.resolve(`@modelcontextprotocol/server-${name}/dist/index.js`));
const directory = mkdtempSync(join(tmpdir(), "toolsift-example-"));
const mcp = new MCPClient({
  id: "toolsift-example",
  servers: {
    memory: {
      command: process.execPath,
      args: [server("memory")],
      env: { MEMORY_FILE_PATH: join(directory, "memory.jsonl") },
      stderr: "ignore", // the servers' start-up lines
    },
    filesystem: { command: process.execPath, args: [server("filesystem"), directory], stderr: "ignore" },
  },
});

const script: ScriptedTurn[] = [
  {
    call: "memory__create_entities",
    input: { entities: [{ name: "Ana", entityType: "person", observations: ["likes green tea"] }] },
  },
  { text: "Noted: Ana likes green tea." },
  { call: "weather_forecast", input: { city: "Lisbon", days: 3 } },
  { text: "Lisbon: sunny, 24°C highs." },
];
const index = createToolIndex(tools);
const scripted = scriptedModel(script, () => index.toolNames.length);

const agent = new Agent({
  id: "assistant",
  name: "assistant",
  instructions: "Help the user; remember what they tell you.",
  // Mastra types models against its own copy of the AI SDK's types; the mock from `ai/test` fits them at run time.
  model: scripted as never,
  // Mastra calls this for each generate / stream: it lists the servers and keeps the index in step with them. A server
  // that is down is an `mcp-server-failed` event naming it, and the call goes on without its tools.
  tools: toolsiftMcpTools(index, mcp, { tools, onEvent: (event) => console.log(`  event: ${event.message}`) }),
  inputProcessors: [toolsiftProcessor(index, { maxTools: 3 })],
});

await twoTurns(
  agent,
  "Remember in the knowledge graph that Ana is a person who likes green tea",
  "What's the weather in Lisbon for the next 3 days?",
);
await mcp.disconnect();

export {};
