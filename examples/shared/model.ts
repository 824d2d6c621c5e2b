// The model the examples run with: OpenAI's gpt-4o-mini when OPENAI_API_KEY is set (needs
// `npm install @ai-sdk/openai`), otherwise a scripted mock that never touches the network.
//
// The mock plays a script, one entry per model call. An entry is either a reply or a function of the
// tool names the model was offered on that call, so the script can behave like a model: call a tool
// only when it was given that tool. A reply that calls a tool that was not offered throws.
import type { LanguageModel } from "ai";
import { MockLanguageModelV4 } from "ai/test";

export type Reply =
  | { readonly text: string }
  | { readonly call: string; readonly input: Record<string, unknown>; readonly text?: string };
export type ScriptEntry = Reply | ((offered: readonly string[]) => Reply);

/** Calls `tool` when it was offered; otherwise says so (what a model does without the tool). */
export function callIfOffered(tool: string, input: Record<string, unknown>): ScriptEntry {
  return (offered) =>
    offered.includes(tool) ? { call: tool, input } : { text: `(I was not given ${tool}, so I stop here.)` };
}

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

function scriptedModel(script: readonly ScriptEntry[]) {
  let call = 0;
  return new MockLanguageModelV4({
    doGenerate: async (options) => {
      const offered = (options.tools ?? []).map((tool) => tool.name);
      const entry = script[call] ?? { text: "Done." };
      call++;
      const reply = typeof entry === "function" ? entry(offered) : entry;
      // A real model cannot call a tool it was not given: neither can the mock.
      if ("call" in reply && !offered.includes(reply.call)) {
        throw new Error(
          `scripted model, call ${call}: "${reply.call}" was not offered (offered: ${offered.join(", ") || "none"})`,
        );
      }
      const content: (
        { type: "text"; text: string } | { type: "tool-call"; toolCallId: string; toolName: string; input: string }
      )[] = [];
      if (reply.text !== undefined) content.push({ type: "text", text: reply.text });
      if ("call" in reply)
        content.push({
          type: "tool-call",
          toolCallId: `call_${call}`,
          toolName: reply.call,
          input: JSON.stringify(reply.input),
        });
      return {
        content,
        finishReason: { unified: "call" in reply ? "tool-calls" : "stop", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}

/** gpt-4o-mini with OPENAI_API_KEY, else the scripted mock; `label` says which. */
export async function exampleModel(
  script: readonly ScriptEntry[],
): Promise<{ model: Exclude<LanguageModel, string>; label: string }> {
  if (!process.env.OPENAI_API_KEY)
    return {
      model: scriptedModel(script),
      label: "scripted mock model (offline; set OPENAI_API_KEY to use gpt-4o-mini)",
    };
  const specifier = "@ai-sdk/openai";
  let provider: { openai: (id: string) => Exclude<LanguageModel, string> };
  try {
    provider = await import(specifier);
  } catch {
    console.error(
      "OPENAI_API_KEY is set but @ai-sdk/openai is not installed: run `npm install @ai-sdk/openai`, or unset OPENAI_API_KEY to use the offline mock.",
    );
    process.exit(1);
  }
  return { model: provider.openai("gpt-4o-mini"), label: "openai gpt-4o-mini" };
}

/** One line per tool call and text of a finished step. */
export function describeStep(step: {
  readonly toolCalls: ReadonlyArray<{ readonly toolName: string; readonly input: unknown }>;
  readonly text: string;
}): string[] {
  const lines = step.toolCalls.map((call) => `  model called ${call.toolName}(${JSON.stringify(call.input)})`);
  if (step.text.trim().length > 0) lines.push(`  model said: ${step.text.trim()}`);
  return lines;
}
