// A scripted language model for Mastra's loop (ai/test's MockLanguageModelV4): it records the tools each call is
// offered and calls the tool its script names only when the call offers it (else it answers "not offered: <name>").
// Answers the same whether Mastra generates (doGenerate) or streams (doStream).
import { MockLanguageModelV4 } from "ai/test";
import { streamOfParts } from "../agent/mock-model.js";

export type ScriptedTurn =
  { readonly call: string; readonly input?: Record<string, unknown> } | { readonly text: string };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

export function scriptedModel(turns: readonly ScriptedTurn[]) {
  const offered: string[][] = [];
  const refused: string[] = [];
  /** The next turn's answer for a call offered `tools`: a tool call, or text. */
  function answer(tools: readonly { name: string }[] | undefined) {
    const names = (tools ?? []).map((tool) => tool.name);
    const turn = turns[offered.push(names) - 1] ?? { text: "done" };
    if ("call" in turn && names.includes(turn.call)) {
      const input = JSON.stringify(turn.input ?? {});
      return {
        content: [{ type: "tool-call" as const, toolCallId: `call_${offered.length}`, toolName: turn.call, input }],
        finishReason: { unified: "tool-calls" as const, raw: "tool_calls" },
      };
    }
    if ("call" in turn) refused.push(turn.call);
    const text = "call" in turn ? `not offered: ${turn.call}` : turn.text;
    return { content: [{ type: "text" as const, text }], finishReason: { unified: "stop" as const, raw: "stop" } };
  }
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => ({ ...answer(options.tools), usage, warnings: [] }),
    doStream: async (options) => {
      const { content, finishReason } = answer(options.tools);
      return { stream: streamOfParts(content, finishReason) };
    },
  });
  return { model, offered, refused };
}
