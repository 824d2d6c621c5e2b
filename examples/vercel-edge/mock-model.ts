// An offline scripted model (AGENT_MODEL=mock): it calls the first tool toolsift offered, then says what it saw.
import type { LanguageModel } from "ai";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
};
type OfferedTool = { type: string; name: string; inputSchema?: JsonSchema };
type PromptMessage = { role: string; content: unknown };
type Part = { type: "text"; text: string } | { type: "tool-call"; toolCallId: string; toolName: string; input: string };

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** A value the schema accepts: its first enum value, 1, true, [], an object of its required fields, or "example". */
function placeholder(schema: JsonSchema): unknown {
  if (schema.enum !== undefined) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "number" || type === "integer") return 1;
  if (type === "boolean") return true;
  if (type === "array") return [];
  if (type !== "object") return "example";
  const required = schema.required ?? [];
  return Object.fromEntries(required.map((name) => [name, placeholder(schema.properties?.[name] ?? {})]));
}

/** The names of the tools called earlier in this conversation, as their results came back. */
function calledTools(prompt: readonly PromptMessage[]): string[] {
  return prompt
    .filter((message) => message.role === "tool" && Array.isArray(message.content))
    .flatMap((message) => message.content as { type: string; toolName?: string }[])
    .flatMap((part) => (part.type === "tool-result" && part.toolName !== undefined ? [part.toolName] : []));
}

// toolsift's in-conversation delivery offers these two and lists the tools themselves in a message.
const metaTools = new Set(["call_tool", "search_tools"]);

/** The tools listed in the conversation after "Tools to call with call_tool:" (`name: description` lines). */
function deliveredTools(prompt: readonly PromptMessage[]): string[] {
  const texts = prompt.flatMap((message) =>
    typeof message.content === "string"
      ? [message.content]
      : (message.content as { type: string; text?: string }[]).flatMap((part) => part.text ?? []),
  );
  const listed = texts.flatMap((text) => text.split("Tools to call with call_tool:").slice(1));
  return listed.flatMap((block) => [...block.matchAll(/^([\w.-]+): /gm)].map((match) => match[1]));
}

/**
 * One step: call the first tool offered once per turn, then answer with what was offered and called. Tools delivered
 * in the conversation (behind `call_tool`) are named in the answer, not called: the scripted model reads no schema.
 */
function step(options: { tools?: readonly OfferedTool[]; prompt: readonly PromptMessage[] }): Part[] {
  const offered = (options.tools ?? []).filter((tool) => tool.type === "function");
  const callable = offered.filter((tool) => !metaTools.has(tool.name));
  const lastIsUser = options.prompt.at(-1)?.role === "user";
  if (lastIsUser && callable.length > 0) {
    const [first] = callable;
    const input = JSON.stringify(placeholder(first.inputSchema ?? { type: "object" }));
    return [{ type: "tool-call", toolCallId: `mock-${Date.now()}`, toolName: first.name, input }];
  }
  const called = calledTools(options.prompt);
  const delivered = deliveredTools(options.prompt);
  const text = [
    "(mock model)",
    called.length > 0 ? `I called ${called.at(-1)}.` : "I called no tool.",
    `Offered at this step: ${offered.map((tool) => tool.name).join(", ") || "no tools"}.`,
    ...(delivered.length > 0 ? [`Delivered in the conversation: ${delivered.join(", ")}.`] : []),
  ];
  return [{ type: "text", text: text.join(" ") }];
}

const finish = (parts: Part[]) => {
  const unified = parts.some((part) => part.type === "tool-call") ? "tool-calls" : "stop";
  return { unified, raw: unified };
};

/** The scripted model, for `generateText` and `streamText` alike. */
export function mockModel(): LanguageModel {
  return {
    specificationVersion: "v4",
    provider: "mock",
    modelId: "scripted",
    supportedUrls: {},
    async doGenerate(options: Parameters<typeof step>[0]) {
      const content = step(options);
      return { content, finishReason: finish(content), usage, warnings: [] };
    },
    async doStream(options: Parameters<typeof step>[0]) {
      const parts = step(options);
      const chunks: unknown[] = [{ type: "stream-start", warnings: [] }];
      for (const part of parts) {
        if (part.type === "tool-call") chunks.push(part);
        else
          chunks.push(
            { type: "text-start", id: "t" },
            { type: "text-delta", id: "t", delta: part.text },
            { type: "text-end", id: "t" },
          );
      }
      chunks.push({ type: "finish", finishReason: finish(parts), usage });
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            controller.close();
          },
        }),
      };
    },
  } as unknown as LanguageModel;
}
