// toolsift/langchain imported where LangChain is not installed: the import fails with the install command.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToolsiftError } from "../../src/errors.js";

function notInstalled(name: string): never {
  const error = new Error(`Cannot find package '${name}' imported from toolsift`) as Error & { code: string };
  error.code = "ERR_MODULE_NOT_FOUND";
  throw error;
}

async function importFailure(): Promise<ToolsiftError> {
  vi.resetModules();
  try {
    await import("../../src/langchain/index.js");
  } catch (error) {
    expect(ToolsiftError.isInstance(error)).toBe(true);
    return error as ToolsiftError;
  }
  return expect.fail("importing toolsift/langchain succeeded without LangChain");
}

describe("toolsift/langchain without LangChain installed", () => {
  afterEach(() => {
    vi.doUnmock("langchain");
    vi.doUnmock("@langchain/core/utils/json_schema");
    vi.resetModules();
  });

  it("names the packages to install when langchain is missing", async () => {
    vi.doMock("langchain", () => notInstalled("langchain"));
    const error = await importFailure();
    expect(error.code).toBe("MISSING_DEPENDENCY");
    expect(error.message).toContain("npm install langchain @langchain/core");
    expect(error.message).toContain("loading it failed");
  });

  it("names the packages to install when @langchain/core is missing", async () => {
    vi.doMock("@langchain/core/utils/json_schema", () => notInstalled("@langchain/core"));
    const error = await importFailure();
    expect(error.code).toBe("MISSING_DEPENDENCY");
    expect(error.message).toContain("npm install langchain @langchain/core");
  });

  it("loads when LangChain is installed", async () => {
    vi.resetModules();
    const langchain = await import("../../src/langchain/index.js");
    expect(typeof langchain.toolsiftMiddleware).toBe("function");
  });
});
