// A scripted MockLanguageModelV4: each call answers with the next scripted step (tool calls or text) and records what it was offered.
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { MockLanguageModelV4 } from "ai/test";

export type ScriptStep = { toolCalls: { toolName: string; input?: unknown }[] } | { text: string };

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };

function content(step: ScriptStep, call: number) {
  if ("text" in step) return [{ type: "text" as const, text: step.text }];
  return step.toolCalls.map((toolCall, index) => ({ type: "tool-call" as const, toolCallId: `call-${call}-${index}`, toolName: toolCall.toolName, input: JSON.stringify(toolCall.input ?? {}) }));
}

/** A model that plays `script` step by step (the last step repeats), recording the tool names offered on each call. */
export function scriptedModel(script: ScriptStep[]) {
  const offered: string[][] = [];
  let call = 0;
  const respond = (options: LanguageModelV4CallOptions) => {
    offered.push((options.tools ?? []).map((tool) => tool.name));
    const step = script[Math.min(call, script.length - 1)];
    const parts = content(step, call++);
    return { step, parts };
  };
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const { step, parts } = respond(options);
      return { content: parts, finishReason: { unified: "text" in step ? ("stop" as const) : ("tool-calls" as const), raw: undefined }, usage, warnings: [] };
    },
    doStream: async (options) => {
      const { step, parts } = respond(options);
      const chunks: unknown[] = [{ type: "stream-start", warnings: [] }];
      for (const part of parts) {
        if (part.type === "text") chunks.push({ type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: part.text }, { type: "text-end", id: "t" });
        else chunks.push(part);
      }
      chunks.push({ type: "finish", finishReason: { unified: "text" in step ? "stop" : "tool-calls", raw: undefined }, usage });
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk as never);
            controller.close();
          },
        }),
      };
    },
  });
  return { model, offered };
}
