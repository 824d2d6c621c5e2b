// docs/openai-agents.md's conversion of AI SDK tools (its `agentsTool`, imported from the generated snippet) in the
// OpenAI Agents SDK's own run() loop behind toolsiftAgent, against a scripted Responses server on 127.0.0.1: what the
// request body sends for a zod tool with an optional field and for a jsonSchema() tool, and what each tool's execute
// receives. Also the two ways the page warns against, refused by the installed SDK as the page says.
import { Agent, run, tool } from "@openai/agents";
import { jsonSchema, tool as aiSdkTool } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { toolsiftAgent } from "../../src/openai-agents/index.js";
import { loopbackModel } from "./fixtures.js";
import { offeredTools, startResponsesServer, type ResponsesServer, type ScriptedTurn } from "./responses-server.js";

/** A function tool as the Responses request body sends it. */
interface SentTool {
  readonly type: string;
  readonly name: string;
  readonly strict: boolean;
  readonly parameters: {
    readonly properties: Record<string, { readonly type?: string; readonly anyOf?: readonly object[] }>;
    readonly required: readonly string[];
  };
}

// Importing the page's snippet runs it once (its agent answers through the prelude's model and prints the answer).
const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
const { agentsTool } = await import("../docs/generated/openai-agents-02.ts");
log.mockRestore();

let server: ResponsesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** AI SDK tools, each recording the input its execute receives. */
function aiSdkTools(received: Record<string, unknown>[]) {
  const record = async (input: Record<string, unknown>) => {
    received.push(input);
    return "done";
  };
  return {
    search_drive: aiSdkTool({
      description: "Search the files in the user's drive by name or content",
      inputSchema: z.object({ query: z.string(), folder: z.string().optional() }),
      execute: record,
    }),
    create_issue: aiSdkTool({
      description: "Open an issue in the bug tracker",
      inputSchema: jsonSchema<{ title: string; labels?: string[] }>({
        type: "object",
        properties: { title: { type: "string" }, labels: { type: "array", items: { type: "string" } } },
        required: ["title"],
      }),
      execute: record,
    }),
    send_email: aiSdkTool({
      description: "Send an email message to a recipient",
      inputSchema: z.object({ to: z.string(), body: z.string() }),
      execute: record,
    }),
    get_weather: aiSdkTool({
      description: "Get the weather forecast for a city",
      inputSchema: z.object({ city: z.string() }),
      execute: record,
    }),
  };
}

/** The tools converted as the page converts them, on an agent whose model is the scripted server. */
async function agentFor(turns: ScriptedTurn[], received: Record<string, unknown>[]) {
  server = await startResponsesServer((_body, position) => turns[position] ?? { text: "done" });
  const tools = await Promise.all(
    Object.entries(aiSdkTools(received)).map(([name, aiTool]) => agentsTool(name, aiTool)),
  );
  // a small catalog is offered whole by default; these tests are about selection
  const { agent } = toolsiftAgent(new Agent({ name: "assistant", model: loopbackModel(server.baseURL), tools }), {
    smallCatalog: false,
  });
  return { agent, server };
}

function sentTool(body: ResponsesServer["bodies"][number], name: string): SentTool {
  const found = (body.tools ?? []).find((entry) => entry.name === name);
  expect(found, `${name} in the request's tools`).toBeDefined();
  return found as unknown as SentTool;
}

describe("AI SDK tools in the OpenAI Agents SDK, converted as docs/openai-agents.md shows", () => {
  it("a zod tool's optional field is sent required and nullable (strict), and execute gets the input without it", async () => {
    const received: Record<string, unknown>[] = [];
    // A strict model must send every field: it sends null for the one it leaves out.
    const { agent, server } = await agentFor(
      [{ call: "search_drive", arguments: { query: "roadmap", folder: null } }, { text: "Found it." }],
      received,
    );
    const result = await run(agent, "Search my drive for the roadmap doc");
    expect(result.finalOutput).toBe("Found it.");
    expect(server.refused).toEqual([]);
    expect(offeredTools(server.bodies[0])).toContain("search_drive");
    expect(offeredTools(server.bodies[0])).not.toContain("get_weather");
    const sent = sentTool(server.bodies[0], "search_drive");
    expect(sent.strict).toBe(true);
    expect(sent.parameters.required).toEqual(["query", "folder"]);
    expect(sent.parameters.properties.folder.anyOf).toEqual([{ type: "string" }, { type: "null" }]);
    expect(received).toEqual([{ query: "roadmap" }]);
  });

  it("a zod tool's optional field the model fills reaches execute", async () => {
    const received: Record<string, unknown>[] = [];
    const { agent } = await agentFor(
      [{ call: "search_drive", arguments: { query: "roadmap", folder: "plans" } }, { text: "Found it." }],
      received,
    );
    await run(agent, "Find the roadmap doc in my drive's plans folder");
    expect(received).toEqual([{ query: "roadmap", folder: "plans" }]);
  });

  it("a jsonSchema() tool is sent as its JSON Schema, not strict: its optional field stays optional", async () => {
    const received: Record<string, unknown>[] = [];
    const { agent, server } = await agentFor(
      [{ call: "create_issue", arguments: { title: "Login is broken" } }, { text: "Opened." }],
      received,
    );
    await run(agent, "Open an issue in the bug tracker: login is broken");
    expect(server.refused).toEqual([]);
    const sent = sentTool(server.bodies[0], "create_issue");
    expect(sent.strict).toBe(false);
    expect(sent.parameters.required).toEqual(["title"]);
    expect(sent.parameters.properties.labels).toEqual({ type: "array", items: { type: "string" } });
    expect(received).toEqual([{ title: "Login is broken" }]);
  });

  it("the ways the page warns against are refused by the installed SDK, as it says", () => {
    const schema = z.object({ query: z.string(), folder: z.string().optional() });
    const execute = async () => "done";
    // Its types refuse it too: `as never` gets the call past them to what it does at run time.
    expect(() =>
      tool({ name: "search_drive", description: "", parameters: schema as never, strict: false, execute }),
    ).toThrow("Strict mode is required for Zod parameters");
    const converted = z.toJSONSchema(schema);
    // The marker is there though Object.keys does not show it; a structured clone leaves it out.
    expect(Object.keys(converted)).not.toContain("~standard");
    expect("~standard" in converted).toBe(true);
    expect("~standard" in structuredClone(converted)).toBe(false);
    expect(() =>
      tool({ name: "search_drive", description: "", parameters: converted as never, strict: false, execute }),
    ).toThrow("Strict mode is required for Standard Schema parameters");
  });
});
