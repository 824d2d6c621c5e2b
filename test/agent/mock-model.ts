// A scripted MockLanguageModelV4: each call answers with the next scripted step (tool calls or text), records what
// it was offered, and refuses to call a tool it was not offered (as a real model cannot), so a loop that finishes
// proves the selection offered every tool the script needed.
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { MockLanguageModelV4 } from "ai/test";

export type ScriptStep = { toolCalls: { toolName: string; input?: unknown }[] } | { text: string };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** Thrown by the scripted model when a step calls a tool that the call did not offer. */
export class ToolNotOfferedError extends Error {
  override readonly name = "ToolNotOfferedError";
}

function content(step: ScriptStep, call: number) {
  if ("text" in step) return [{ type: "text" as const, text: step.text }];
  return step.toolCalls.map((toolCall, index) => ({
    type: "tool-call" as const,
    toolCallId: `call-${call}-${index}`,
    toolName: toolCall.toolName,
    input: JSON.stringify(toolCall.input ?? {}),
  }));
}

/** What a model that reads its request answers to each call: a step decided from the call's options. */
export type RequestScript = (options: LanguageModelV4CallOptions) => ScriptStep;

/**
 * A model's answer as the stream `doStream` returns: its text parts as start / delta / end, its tool calls as they are,
 * then `finish`.
 */
export function streamOfParts(
  parts: readonly ({ type: "text"; text: string } | { type: "tool-call" })[],
  finishReason: { unified: string; raw: string | undefined },
): ReadableStream<never> {
  const chunks: unknown[] = [{ type: "stream-start", warnings: [] }];
  for (const part of parts) {
    if (part.type === "text") {
      chunks.push(
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: part.text },
        { type: "text-end", id: "t" },
      );
    } else chunks.push(part);
  }
  chunks.push({ type: "finish", finishReason, usage });
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk as never);
      controller.close();
    },
  });
}

/**
 * A model that plays `script` step by step (the last step repeats), or asks `script` for each call's step when it is
 * a function, recording the tool names offered on each call. A step that calls a tool not among `options.tools`
 * throws `ToolNotOfferedError`, which rejects the generateText / streamText / agent call.
 */
export function scriptedModel(script: ScriptStep[] | RequestScript) {
  const offered: string[][] = [];
  let call = 0;
  const respond = (options: LanguageModelV4CallOptions) => {
    const names = (options.tools ?? []).map((tool) => tool.name);
    offered.push(names);
    const step = typeof script === "function" ? script(options) : script[Math.min(call, script.length - 1)];
    if ("toolCalls" in step) {
      for (const { toolName } of step.toolCalls) {
        if (!names.includes(toolName)) {
          throw new ToolNotOfferedError(
            `scripted model, call ${call + 1}: the script calls "${toolName}", which was not offered (offered: ${names.join(", ") || "none"})`,
          );
        }
      }
    }
    const parts = content(step, call++);
    return { step, parts };
  };
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const { step, parts } = respond(options);
      const unified = "text" in step ? ("stop" as const) : ("tool-calls" as const);
      return { content: parts, finishReason: { unified, raw: undefined }, usage, warnings: [] };
    },
    doStream: async (options) => {
      const { step, parts } = respond(options);
      return { stream: streamOfParts(parts, { unified: "text" in step ? "stop" : "tool-calls", raw: undefined }) };
    },
  });
  return { model, offered };
}
