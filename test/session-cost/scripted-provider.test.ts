// The session-cost bench's scripted model (scripts/session-cost/): it calls a tool only when the request body the
// real provider package sent makes it callable, and answers with text otherwise (a miss, never a pass).
import { generateText, isStepCount, jsonSchema, tool, type ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { callableTools } from "../../scripts/session-cost/callable-tools.mjs";
import {
  FINAL_TEXT,
  type ScriptedProvider,
  createScriptedProvider,
  missText,
} from "../../scripts/session-cost/scripted-provider.mjs";

// The two descriptions share a preamble, as BFCL's do: a definition is recognised by its whole description.
const preamble = "This tool belongs to the file system, which allows basic file operations such as navigating. ";
const catalog = [
  { name: "cd", description: `${preamble}Change the current working directory to the given folder.` },
  { name: "ls", description: `${preamble}List the files and folders of the current working directory.` },
];
const schema = jsonSchema({ type: "object", properties: { folder: { type: "string" } } });

/** The catalog as an executing ToolSet; `deferred` marks every tool `defer_loading` (Anthropic). */
function toolSet({ deferred = false } = {}): ToolSet {
  const tools: ToolSet = {};
  for (const entry of catalog)
    tools[entry.name] = tool({
      description: entry.description,
      inputSchema: schema,
      execute: async () => `ran ${entry.name}`,
      ...(deferred ? { providerOptions: { anthropic: { deferLoading: true } } } : {}),
    });
  return tools;
}

/** One user turn whose script is `cd` then `ls`, with `prepareStep` when given. */
async function cdThenLs(scripted: ScriptedProvider, prepareStep?: () => { activeTools: "cd"[] }) {
  scripted.setScript([
    { name: "cd", input: { folder: "docs" } },
    { name: "ls", input: {} },
  ]);
  return generateText({
    model: scripted.model,
    tools: toolSet(),
    messages: [{ role: "user", content: "go to docs and list it" }],
    ...(prepareStep === undefined ? {} : { prepareStep }),
    stopWhen: isStepCount(5),
  });
}

describe("the scripted provider", () => {
  it("calls the next tool when the request offers it, through @ai-sdk/anthropic and @ai-sdk/openai", async () => {
    for (const provider of ["anthropic", "openai"] as const) {
      const scripted = createScriptedProvider({ provider, catalog });
      const result = await cdThenLs(scripted);
      expect(result.steps.map((step) => step.toolCalls.map((call) => call.toolName))).toEqual([["cd"], ["ls"], []]);
      expect(result.text).toBe(FINAL_TEXT);
      expect(scripted.requests.map((request) => request.decision.type)).toEqual(["call", "call", "final"]);
    }
  });

  it("refuses a tool an activeTools request does not offer: it answers with text, a miss", async () => {
    const scripted = createScriptedProvider({ provider: "anthropic", catalog });
    const result = await cdThenLs(scripted, () => ({ activeTools: ["cd"] }));
    const [first, second] = scripted.requests;
    expect((second.body.tools as { name: string }[]).map((entry) => entry.name)).toEqual(["cd"]);
    expect(first.decision).toMatchObject({ type: "call", name: "cd" });
    expect(second.decision).toMatchObject({ type: "miss", name: "ls" });
    expect(result.steps).toHaveLength(2);
    expect(result.text).toBe(missText());
    expect(scripted.pending()).toEqual(["ls"]);
  });

  it("refuses a deferred tool until a tool_reference in an earlier tool result loads it", async () => {
    const tools: ToolSet = {
      ...toolSet({ deferred: true }),
      search_tools: tool({
        description: "Find tools.",
        inputSchema: jsonSchema({ type: "object", properties: { query: { type: "string" } } }),
        execute: async () => ["ls"],
        toModelOutput: ({ output }) => ({
          type: "content",
          value: (output as string[]).map((toolName) => ({
            type: "custom" as const,
            providerOptions: { anthropic: { type: "tool-reference", toolName } },
          })),
        }),
      }),
    };
    const scripted = createScriptedProvider({ provider: "anthropic", catalog });
    scripted.setScript([{ name: "ls", input: {} }]);
    await generateText({
      model: scripted.model,
      tools,
      messages: [{ role: "user", content: "list the files" }],
      stopWhen: isStepCount(3),
    });
    expect(scripted.requests[0].body.tools).toContainEqual(
      expect.objectContaining({ name: "ls", defer_loading: true }),
    );
    expect(scripted.requests[0].decision).toMatchObject({ type: "miss", name: "ls" });

    // The same tools once the search has run: the next request carries the tool_reference, and ls is called.
    scripted.reset();
    scripted.setScript([
      { name: "search_tools", input: { query: "list files" } },
      { name: "ls", input: {} },
    ]);
    await generateText({
      model: scripted.model,
      tools,
      messages: [{ role: "user", content: "list the files" }],
      stopWhen: isStepCount(4),
    });
    expect(JSON.stringify(scripted.requests[1].body.messages)).toContain('{"type":"tool_reference","tool_name":"ls"}');
    expect(scripted.requests.map((request) => request.decision.type)).toEqual(["call", "call", "final"]);
  });
});

describe("callableTools", () => {
  it("serves a tool through call_tool only when its definition was delivered in the conversation", () => {
    const dispatcher = { name: "call_tool", description: "Call a tool.", input_schema: { type: "object" } };
    const definition = `Tools you may call through call_tool (cd is not one):\n${JSON.stringify(catalog[1])}`;
    const body = (text: string) => ({
      tools: [dispatcher],
      messages: [{ role: "user", content: [{ type: "text", text }] }],
    });
    const delivered = callableTools(body(definition), "anthropic");
    expect(delivered.dispatcher).toBe(true);
    expect(delivered.delivered(catalog[1])).toBe(true);
    expect(delivered.delivered(catalog[0])).toBe(false);
    expect(callableTools(body("list the files"), "anthropic").delivered(catalog[1])).toBe(false);
  });

  it("reads a description split as a shared `## opening` heading and the rest after it as delivered", () => {
    const opening = "This tool belongs to the Acme file system, a simple file store.";
    const tool = { name: "mkdir", description: `${opening} Tool description: Make a folder.` };
    const body = (text: string) => ({
      tools: [{ name: "call_tool", description: "Call a tool.", input_schema: { type: "object" } }],
      messages: [{ role: "user", content: [{ type: "text", text }] }],
    });
    const heading = `## ${opening} Tool description:`;
    expect(
      callableTools(body(`${heading}\nmkdir({ name: string }): Make a folder.`), "anthropic").delivered(tool),
    ).toBe(true);
    // The heading alone, the rest before the heading, or the rest of another description: not delivered.
    expect(callableTools(body(`${heading}\nls(): List files.`), "anthropic").delivered(tool)).toBe(false);
    expect(callableTools(body(`mkdir(): Make a folder.\n${heading}`), "anthropic").delivered(tool)).toBe(false);
    expect(callableTools(body(`## Other heading text.\nmkdir(): Make a folder.`), "anthropic").delivered(tool)).toBe(
      false,
    );
  });

  it("reads a heading that refers to one stated in full earlier in the same request, and nothing looser", () => {
    const opening = "This tool belongs to the Acme file system, a simple file store. Tool description:";
    const tool = { name: "mkdir", description: `${opening} Make a folder.` };
    const body = (...texts: string[]) => ({
      tools: [{ name: "call_tool", description: "Call a tool.", input_schema: { type: "object" } }],
      messages: texts.map((text) => ({ role: "user", content: [{ type: "text", text }] })),
    });
    const stated = `## ${opening}
ls(): List files.`;
    const later = "## This tool belongs to the Acme…\nmkdir({ name: string }): Make a folder.";
    const check = (...texts: string[]) => callableTools(body(...texts), "anthropic").delivered(tool);
    expect(check(stated, later)).toBe(true);
    expect(
      check(`${stated}
${later}`),
    ).toBe(true);
    // Never stated in full, stated only after the reference, or the words fit two stated openings: not delivered.
    expect(check(later)).toBe(false);
    expect(check(later, stated)).toBe(false);
    const other = "## This tool belongs to the Acme mail system, a simple mail store. Tool description:\nsend(): Send.";
    expect(check(stated, other, later)).toBe(false);
    // The rest must be under the heading, not under a later one.
    expect(check(stated, `## This tool belongs to the Acme…\n## Other heading text.\nmkdir(): Make a folder.`)).toBe(
      false,
    );
  });

  it("reads OpenAI deferred tools as loaded by a tool_search_output, and allowed_tools as a restriction", () => {
    const functionTool = (name: string, deferred: boolean) => ({
      type: "function",
      name,
      parameters: { type: "object" },
      ...(deferred ? { defer_loading: true } : {}),
    });
    const tools = [functionTool("cd", true), functionTool("ls", true), { type: "tool_search", execution: "client" }];
    const searched = {
      type: "tool_search_output",
      execution: "client",
      call_id: "call_1",
      status: "completed",
      tools: [functionTool("ls", false)],
    };
    expect([...callableTools({ tools, input: [] }, "openai").direct]).toEqual([]);
    expect([...callableTools({ tools, input: [searched] }, "openai").direct]).toEqual(["ls"]);
    const allowed = { type: "allowed_tools", mode: "auto", tools: [{ type: "function", name: "cd" }] };
    const both = [functionTool("cd", false), functionTool("ls", false)];
    expect([...callableTools({ tools: both, input: [], tool_choice: allowed }, "openai").direct]).toEqual(["cd"]);
  });
});
