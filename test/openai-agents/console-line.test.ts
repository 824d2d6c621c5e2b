// toolsiftAgent's index, like LangChain's middleware's: its one console line about a fallback tells to pass onEvent
// only when none was passed (it claimed "onEvent receives each one" to a user who passed none).
import { Agent } from "@openai/agents";
import { describe, expect, it, vi } from "vitest";
import { toolsiftAgent } from "../../src/openai-agents/index.js";
import { failingEmbeddingModel } from "../../src/testing/index.js";
import { functionTools } from "./fixtures.js";

describe("toolsiftAgent's console line on a fallback", () => {
  it("tells to pass onEvent only when none was passed", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      for (const onEvent of [() => {}, undefined]) {
        const agent = new Agent({ name: "assistant", tools: functionTools([]) });
        const { warmUp } = toolsiftAgent(agent, { embeddingModel: failingEmbeddingModel(), onEvent });
        await warmUp();
      }
      expect(warn).toHaveBeenCalledTimes(2);
      expect(String(warn.mock.calls[0][0])).toMatch(/embedding-failed: .*\(onEvent receives each one\)/);
      expect(String(warn.mock.calls[1][0])).toContain("pass onEvent to see each one");
      expect(String(warn.mock.calls[1][0])).not.toContain("onEvent receives each one");
    } finally {
      warn.mockRestore();
    }
  });
});
