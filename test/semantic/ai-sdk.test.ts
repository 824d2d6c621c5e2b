// The AI SDK is imported on first use: a missing package is MISSING_DEPENDENCY, and the failure is not kept.
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.doUnmock("ai");
  vi.resetModules();
});

describe("loadAi", () => {
  it("reports a missing ai package as MISSING_DEPENDENCY, then imports it once it can be loaded", async () => {
    vi.resetModules();
    vi.doMock("ai", () => {
      throw new Error("Cannot find package 'ai'");
    });
    const { loadAi } = await import("../../src/ai-sdk.js");
    await expect(loadAi()).rejects.toMatchObject({
      code: "MISSING_DEPENDENCY",
      message: expect.stringContaining('need the "ai" package'),
      details: { dependency: "ai" },
    });
    vi.doUnmock("ai");
    const ai = await loadAi();
    expect(typeof ai.embedMany).toBe("function");
    expect(await loadAi()).toBe(ai);
  });
});
