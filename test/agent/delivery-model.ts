// A scripted model for in-conversation delivery: it calls a tool through `call_tool` only when the request it is sent
// holds that tool's definition (a delivered definition line or a search_tools result), and otherwise answers with
// text (a miss), as a real model that was never shown the tool would. Checks run on what the model is sent, never on
// toolsift.
import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from "@ai-sdk/provider";
import { MockLanguageModelV4 } from "ai/test";

export type DeliveryStep =
  | { readonly call: string; readonly input: unknown; readonly anyway?: boolean }
  | { readonly search: string }
  | { readonly text: string };

/** The answer when a scripted call's tool was not defined in the request. */
export const MISS_TEXT = "I have no tool for that.";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/**
 * Whether one of `texts` (what the user side of a request holds) defines `name`: as a JSON object `{"name":…}`, or
 * as a compact definition line that opens with `name(` or `name: ` (not indented: a parameter line is).
 */
export function definedIn(texts: readonly string[], name: string): boolean {
  const json = `"name":${JSON.stringify(name)}`;
  const opens = (line: string) => line.startsWith(`${name}(`) || line.startsWith(`${name}: `);
  return texts.some((text) => text.includes(json) || text.split("\n").some(opens));
}

/** The user-side texts of a V4 prompt: user text parts and tool results (as JSON). */
export function userSideTexts(prompt: LanguageModelV4Prompt): string[] {
  const texts: string[] = [];
  for (const message of prompt) {
    if (message.role === "user") {
      for (const part of message.content) if (part.type === "text") texts.push(part.text);
    } else if (message.role === "tool") {
      for (const part of message.content) if (part.type === "tool-result") texts.push(JSON.stringify(part.output));
    }
  }
  return texts;
}

/**
 * Plays `script` one step per model call (then answers "Done."). `misses` lists the scripted calls answered with text
 * because the request did not define the tool; `prompts` every prompt the model was sent.
 */
export function deliveryModel(script: DeliveryStep[], dispatcher = "call_tool", searchTool = "search_tools") {
  const misses: string[] = [];
  const prompts: LanguageModelV4Prompt[] = [];
  let call = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions) => {
      prompts.push(options.prompt);
      const offered = (options.tools ?? []).map((tool) => tool.name);
      const step = script[call++] ?? { text: "Done." };
      const id = `call-${call}`;
      const toolCall = (toolName: string, input: unknown) => {
        if (!offered.includes(toolName)) throw new Error(`delivery model: ${toolName} was not offered`);
        return {
          content: [{ type: "tool-call" as const, toolCallId: id, toolName, input: JSON.stringify(input) }],
          finishReason: { unified: "tool-calls" as const, raw: undefined },
          usage,
          warnings: [],
        };
      };
      if ("search" in step) return toolCall(searchTool, { query: step.search });
      if ("call" in step) {
        if (step.anyway || definedIn(userSideTexts(options.prompt), step.call)) {
          return toolCall(dispatcher, { name: step.call, input: step.input });
        }
        misses.push(step.call);
      }
      const text = "text" in step ? step.text : MISS_TEXT;
      return {
        content: [{ type: "text" as const, text }],
        finishReason: { unified: "stop" as const, raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  return { model, misses, prompts };
}
