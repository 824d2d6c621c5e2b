// A scripted language model for Mastra's loop (ai/test's MockLanguageModelV4): it records the tools each call is
// offered and calls the tool its script names only when the call offers it (else it answers "not offered: <name>").
import { MockLanguageModelV4 } from "ai/test";

export type ScriptedTurn =
  { readonly call: string; readonly input?: Record<string, unknown> } | { readonly text: string };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

export function scriptedModel(turns: readonly ScriptedTurn[]) {
  const offered: string[][] = [];
  const refused: string[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const names = (options.tools ?? []).map((tool) => tool.name);
      const turn = turns[offered.push(names) - 1] ?? { text: "done" };
      if ("call" in turn && names.includes(turn.call)) {
        const input = JSON.stringify(turn.input ?? {});
        return {
          content: [{ type: "tool-call", toolCallId: `call_${offered.length}`, toolName: turn.call, input }],
          finishReason: { unified: "tool-calls", raw: "tool_calls" },
          usage,
          warnings: [],
        };
      }
      if ("call" in turn) refused.push(turn.call);
      const text = "call" in turn ? `not offered: ${turn.call}` : turn.text;
      return { content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
    },
  });
  return { model, offered, refused };
}
