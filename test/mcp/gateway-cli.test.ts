// The gateway's numeric flags: checked before any server starts, the message naming the flag, its range and value.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runGateway } from "../../src/mcp/gateway/gateway-cli.js";

const config = join(mkdtempSync(join(tmpdir(), "toolsift-cli-")), "servers.json");
writeFileSync(config, JSON.stringify({ mcpServers: {} }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

async function run(...flags: string[]): Promise<{ code: number; stderr: string }> {
  vi.stubEnv("OPENAI_API_KEY", "");
  let stderr = "";
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const code = await runGateway(["--config", config, ...flags], "test");
  return { code, stderr };
}

describe("toolsift mcp flags", () => {
  it.each([
    [["--max", "0"], 'option "--max" must be an integer in [1, 20], got 0.'],
    [["--max", "21"], 'option "--max" must be an integer in [1, 20], got 21.'],
    [["--http", "any"], 'option "--http" must be an integer in [0, 65535], got the string "any".'],
    [["--http", "70000"], 'option "--http" must be an integer in [0, 65535], got 70000.'],
    [["--timeout", "1.5"], 'option "--timeout" must be an integer in [1, 3600000], got 1.5.'],
    [["--timeout", "soon"], 'option "--timeout" must be an integer in [1, 3600000], got the string "soon".'],
    [["--retry=-1"], 'option "--retry" must be an integer in [0, 3600000], got -1.'],
    [
      ["--embedding", "openai-small"],
      'option "--embedding" must be "local", "none" or "openai:<model>[:<dimensions>]", got the string "openai-small".',
    ],
    [
      ["--embedding", "openai:"],
      'option "--embedding" must be "openai:<model>", e.g. "openai:text-embedding-3-small", got the string "openai:".',
    ],
    [
      ["--embedding", "openai:text-embedding-3-small:0"],
      'option "--embedding" must be "openai:<model>:<dimensions>" with dimensions in [1, 65536], ' +
        'got the string "openai:text-embedding-3-small:0".',
    ],
    [
      ["--embedding", "openai:text-embedding-3-small", "--embedding-base-url", "ftp://127.0.0.1/v1"],
      'option "--embedding-base-url" must be an http(s) URL such as "http://127.0.0.1:11434/v1", ' +
        'got the string "ftp://127.0.0.1/v1".',
    ],
    [
      ["--embedding", "local", "--embedding-base-url", "http://127.0.0.1:11434/v1"],
      'option "--embedding" must be "openai:<model>" with a base URL, got the string "local".',
    ],
    [
      ["--embedding", "local", "--no-local"],
      'option "--embedding" must be "none" or "openai:<model>" with --no-local, got the string "local".',
    ],
    [
      ["--embedding", "openai:text-embedding-3-small"],
      "--embedding openai:text-embedding-3-small reads its key from OPENAI_API_KEY, which is not set: set it in the " +
        '"env" your MCP client gives the gateway (any non-empty value for a server that needs no key).',
    ],
  ])("refuses %j with exit code 1 and one message", async (flags, message) => {
    const { code, stderr } = await run(...flags);
    expect(code).toBe(1);
    expect(stderr).toBe(`toolsift mcp: ${message}\n`);
  });
});

describe("the config's toolsift section", () => {
  it.each([
    [{ embedding: 3 }, '"toolsift.embedding" must be a string, got 3.'],
    [
      { embedding: "openai:text-embedding-3-small", embeddingBaseURL: "not a url" },
      'option "toolsift.embeddingBaseURL" must be an http(s) URL such as "http://127.0.0.1:11434/v1", ' +
        'got the string "not a url".',
    ],
    [{ embedding: "bert" }, 'option "toolsift.embedding" must be "local", "none" or "openai:<model>[:<dimensions>]"'],
    [{ embeding: "local" }, 'unknown option "toolsift.embeding"; did you mean "toolsift.embedding"?'],
  ])("refuses %j naming the field", async (own, message) => {
    writeFileSync(config, JSON.stringify({ mcpServers: {}, toolsift: own }));
    try {
      const { code, stderr } = await run();
      expect(code).toBe(1);
      expect(stderr).toContain(message);
    } finally {
      writeFileSync(config, JSON.stringify({ mcpServers: {} }));
    }
  });
});
