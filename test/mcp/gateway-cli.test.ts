// The gateway's numeric flags: checked before any server starts, the message naming the flag, its range and value.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GatewayConfig } from "../../src/mcp/gateway/config.js";
import { modelSettings, runGateway } from "../../src/mcp/gateway/gateway-cli.js";

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
      ["--session-timeout", "600000"],
      'option "--session-timeout" must be used with --http only, got the string "600000".',
    ],
    [
      ["--http", "0", "--session-timeout", "30m"],
      'option "--session-timeout" must be an integer in [0, 86400000], got the string "30m".',
    ],
    [
      ["--http", "0", "--session-timeout", "86400001"],
      'option "--session-timeout" must be an integer in [0, 86400000], got 86400001.',
    ],
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
      'option "--embedding" must be "openai:<model>:<dimensions>" with dimensions in [1, 65536] (a last part that ' +
        "is all digits is the dimensions; any other is part of the model id), got the string " +
        '"openai:text-embedding-3-small:0".',
    ],
    [
      ["--embedding", "openai:text-embedding-3-small", "--embedding-base-url", "ftp://127.0.0.1/v1"],
      'option "--embedding-base-url" must be an http(s) URL such as "http://127.0.0.1:11434/v1", ' +
        'got the string "ftp://127.0.0.1/v1".',
    ],
    [
      ["--embedding", "local", "--embedding-base-url", "http://127.0.0.1:11434/v1"],
      'option "--embedding-base-url" must be used with an "openai:<model>" --embedding only, ' +
        'got the string "http://127.0.0.1:11434/v1".',
    ],
    [
      ["--embedding-base-url", "http://127.0.0.1:11434/v1"],
      'option "--embedding-base-url" must be used with an "openai:<model>" --embedding only, ' +
        'got the string "http://127.0.0.1:11434/v1".',
    ],
    [
      ["--embedding", "openai:text-embedding-3-small", "--embedding-base-url", "http://me:s3cret@127.0.0.1:11434/v1"],
      'option "--embedding-base-url" must be a URL without a user or password (give the key in OPENAI_API_KEY), ' +
        'got the string "http://***@127.0.0.1:11434/v1".',
    ],
    [
      ["--embedding", "none", "--embedding-cache", "vectors.bin"],
      'option "--embedding-cache" must be used with an "openai:<model>" --embedding only, got the string "vectors.bin".',
    ],
    [
      ["--embedding", "openai:mxbai-embed-large:335m"],
      "--embedding openai:mxbai-embed-large:335m reads its key from OPENAI_API_KEY, which is not set: set it in the " +
        '"env" your MCP client gives the gateway (any non-empty value for a server that needs no key).',
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

describe("toolsift mcp --help", () => {
  it("documents the session timeout, its config field and the stop during startup", async () => {
    let stdout = "";
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
    expect(await runGateway(["--help"], "test")).toBe(0);
    expect(stdout).toContain("--session-timeout <ms>   with --http: a session with no request in flight");
    expect(stdout).toContain('"sessionTimeout"');
    expect(stdout).toContain("also while the servers are still starting, ends every upstream server started");
  });
});

describe("the config's toolsift section", () => {
  it.each([
    [{ embedding: 3 }, '"toolsift.embedding" must be a string, got 3.'],
    [
      { sessionTimeout: "30m" },
      'option "toolsift.sessionTimeout" must be an integer in [0, 86400000], got the string "30m".',
    ],
    [{ sessionTimeout: -1 }, 'option "toolsift.sessionTimeout" must be an integer in [0, 86400000], got -1.'],
    [
      { embedding: "none", embeddingBaseURL: "http://127.0.0.1:11434/v1" },
      'option "toolsift.embeddingBaseURL" must be used with an "openai:<model>" toolsift.embedding only',
    ],
    [
      { embedding: "openai:text-embedding-3-small", embeddingBaseURL: "not a url" },
      'option "toolsift.embeddingBaseURL" must be an http(s) URL such as "http://127.0.0.1:11434/v1", ' +
        'got the string "not a url".',
    ],
    [{ embedding: "bert" }, 'option "toolsift.embedding" must be "local", "none" or "openai:<model>[:<dimensions>]"'],
    [{ embeding: "local" }, 'unknown option "toolsift.embeding"; did you mean "toolsift.embedding"?'],
    [
      { embedding: "openai:text-embedding-3-small", embeddingBaseURL: "https://user:pw@example.test/v1" },
      'option "toolsift.embeddingBaseURL" must be a URL without a user or password (give the key in ' +
        'OPENAI_API_KEY), got the string "https://***@example.test/v1".',
    ],
    [
      { embeddingCacheFile: "x.bin" },
      'unknown option "toolsift.embeddingCacheFile". Known options: toolsift.pinned, toolsift.embedding, ' +
        "toolsift.embeddingBaseURL, toolsift.sessionTimeout, toolsift.inheritEnv.",
    ],
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

describe("which embedding setting wins", () => {
  const usage = join(tmpdir(), "usage.json");
  const configOf = (own: { embedding?: string; embeddingBaseURL?: string }): GatewayConfig => ({
    servers: new Map(),
    pinned: [],
    embedding: own.embedding,
    embeddingBaseURL: own.embeddingBaseURL,
    sessionTimeout: undefined,
    inheritEnv: false,
  });
  const OPENAI = { embedding: "openai:text-embedding-3-small", embeddingBaseURL: "http://127.0.0.1:1/v1" };
  let logged: string[] = [];
  const log = (line: string) => void logged.push(line);

  beforeEach(() => {
    logged = [];
    vi.stubEnv("OPENAI_API_KEY", "sk-test");
    vi.stubEnv("OPENAI_BASE_URL", "");
  });

  it.each(["local", "none"])("--embedding %s over the config's openai model and its base URL", async (flag) => {
    const settings = await modelSettings({ embedding: flag }, configOf(OPENAI), usage, log);
    expect(settings.embedding).toEqual({ kind: flag });
    expect(logged).toEqual([
      `toolsift.embeddingBaseURL http://127.0.0.1:1/v1 is unused: --embedding ${flag} is not openai:<model>`,
    ]);
  });

  it("logs the config's unused base URL with its password masked", async () => {
    const config = configOf({ ...OPENAI, embeddingBaseURL: "http://me:s3cret@127.0.0.1:1/v1" });
    await modelSettings({ embedding: "none" }, config, usage, log);
    expect(logged).toEqual([
      "toolsift.embeddingBaseURL http://***@127.0.0.1:1/v1 is unused: --embedding none is not openai:<model>",
    ]);
  });

  it.each([
    [{ embedding: "local" }, "toolsift.embedding"],
    [{ embedding: "none" }, "toolsift.embedding"],
    [{}, "--embedding"],
  ])("refuses the config's base URL beside its own %j, naming the field", async (own, option) => {
    const config = configOf({ ...own, embeddingBaseURL: OPENAI.embeddingBaseURL });
    await expect(modelSettings({}, config, usage, log)).rejects.toThrow(
      `toolsift mcp: option "toolsift.embeddingBaseURL" must be used with an "openai:<model>" ${option} only, ` +
        'got the string "http://127.0.0.1:1/v1".',
    );
  });

  it("logs nothing for OPENAI_BASE_URL beside a local model (the environment is not this gateway's setting)", async () => {
    vi.stubEnv("OPENAI_BASE_URL", "http://127.0.0.1:3/v1");
    expect((await modelSettings({}, configOf({ embedding: "local" }), usage, log)).embedding).toEqual({
      kind: "local",
    });
    expect(logged).toEqual([]);
  });

  it("--no-local over the config's local model: keywords only", async () => {
    const settings = await modelSettings({ "no-local": true }, configOf({ embedding: "local" }), usage, log);
    expect(settings).toMatchObject({ embedding: { kind: "none" }, local: false });
  });

  it("--embedding-base-url over the config's, the config's over OPENAI_BASE_URL, then OPENAI_BASE_URL", async () => {
    vi.stubEnv("OPENAI_BASE_URL", "http://127.0.0.1:3/v1");
    const flag = await modelSettings({ "embedding-base-url": "http://127.0.0.1:2/v1/" }, configOf(OPENAI), usage, log);
    expect(flag.embedding).toMatchObject({ kind: "openai", baseURL: "http://127.0.0.1:2/v1" });
    const config = await modelSettings({}, configOf(OPENAI), usage, log);
    expect(config.embedding).toMatchObject({ baseURL: "http://127.0.0.1:1/v1" });
    const variable = await modelSettings({}, configOf({ embedding: OPENAI.embedding }), usage, log);
    expect(variable.embedding).toMatchObject({ baseURL: "http://127.0.0.1:3/v1" });
  });

  it("refuses OPENAI_BASE_URL with a password, naming the variable and masking it", async () => {
    vi.stubEnv("OPENAI_BASE_URL", "http://me:s3cret@127.0.0.1:3/v1");
    await expect(modelSettings({ embedding: OPENAI.embedding }, configOf({}), usage, log)).rejects.toThrow(
      'option "OPENAI_BASE_URL" must be a URL without a user or password (give the key in OPENAI_API_KEY), ' +
        'got the string "http://***@127.0.0.1:3/v1".',
    );
  });

  it.each([
    ["openai:mxbai-embed-large:335m", "mxbai-embed-large:335m", undefined],
    ["openai:qwen3-embedding:0.6b", "qwen3-embedding:0.6b", undefined],
    ["openai:text-embedding-3-small:256", "text-embedding-3-small", 256],
  ])("reads %s as model %s with dimensions %s", async (embedding, model, dimensions) => {
    const settings = await modelSettings({ embedding }, configOf({}), usage, log);
    expect(settings.embedding).toEqual({ kind: "openai", model, dimensions, baseURL: undefined });
  });
});
