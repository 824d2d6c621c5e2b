// The gateway with an API embedding model (`--embedding openai:<model>`): the real @ai-sdk/openai provider against a
// loopback OpenAI-compatible endpoint, over real MCP servers; vectors kept in a file cache across restarts; a 401 falls
// back to keywords, said on the log, and search still works.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { EmbeddingChoice } from "../../src/mcp/gateway/embedding-choice.js";
import { describeEvent } from "../../src/mcp/gateway/gateway-models.js";
import type { Gateway } from "../../src/mcp/gateway/start-gateway.js";
import { startEmbeddingServer, type EmbeddingServer } from "./embedding-server.js";
import { assertBuilt, GATEWAY_BIN, gatewayInProcess, PATIENTLY, search, writeConfig } from "./gateway-helpers.js";
import { realServers, temporaryDirectory } from "./servers.js";

const directory = temporaryDirectory();
const all = realServers(directory);
const MODEL = "text-embedding-3-small";
let endpoint: EmbeddingServer;
let keyBefore: string | undefined;
const open: Gateway[] = [];

beforeAll(async () => {
  endpoint = await startEmbeddingServer();
  // Where @ai-sdk/openai reads the key (the gateway passes none).
  keyBefore = process.env.OPENAI_API_KEY;
  process.env.OPENAI_API_KEY = "sk-test-key";
});

afterAll(async () => {
  await Promise.all(open.map((gateway) => gateway.close()));
  await endpoint?.close();
  if (keyBefore === undefined) delete process.env.OPENAI_API_KEY;
  else process.env.OPENAI_API_KEY = keyBefore;
});

/**
 * A gateway over `servers` embedding with the loopback endpoint (or `baseURL`; `null`: none given, so OPENAI_BASE_URL
 * or OpenAI's), vectors cached in `cache`; its log lines.
 */
async function start(servers: (keyof typeof all)[], cache: string, baseURL: string | null = endpoint.baseURL) {
  const log: string[] = [];
  const embedding: EmbeddingChoice = {
    kind: "openai",
    model: MODEL,
    dimensions: undefined,
    baseURL: baseURL ?? undefined,
  };
  const started = await gatewayInProcess(Object.fromEntries(servers.map((name) => [name, all[name]])), {
    embedding,
    embeddingCache: cache,
    log: (line) => log.push(line),
  });
  open.push(started.gateway);
  return { ...started, log };
}

/** The texts the endpoint was asked to embed since request `from`. */
const embeddedSince = (from: number) => endpoint.requests.slice(from).flatMap((request) => request.body.input);

describe("toolsift mcp --embedding openai:<model>", () => {
  const cache = join(directory, "mcp-embeddings.bin");

  it("embeds every upstream tool and each query through @ai-sdk/openai, with the model and the key", async () => {
    const { gateway, client, log } = await start(["filesystem", "memory"], cache);
    const tools = gateway.catalog.tools();
    expect(endpoint.requests.length).toBeGreaterThan(0);
    for (const request of endpoint.requests) {
      expect(request.path).toBe("/v1/embeddings");
      expect(request.authorization).toBe("Bearer sk-test-key");
      expect(request.body.model).toBe(MODEL);
    }
    const texts = embeddedSince(0);
    expect(texts).toHaveLength(tools.length);
    // Each tool's own text: its name as words first, its description in it.
    for (const tool of tools) {
      const words = tool.name.slice(tool.server.length + 2).replace(/_/g, " ");
      const own = texts.filter((text) => text.startsWith(`${words}\n`) && text.includes(tool.description.trim()));
      expect(own).toHaveLength(1);
    }
    expect(log).toContainEqual(
      `embeddings-ready: ${tools.length} tools, ${tools.length} embedded now, 0 from the cache, 0 kept`,
    );

    const before = endpoint.requests.length;
    // The bundled local model ranks filesystem__edit_file first here ("make"): the API model's vectors must rank.
    const found = await search(client, "make a folder called invoices");
    expect(embeddedSince(before)).toEqual(["make a folder called invoices"]);
    expect(found[0].name).toBe("filesystem__create_directory");
  });

  it("keeps the tool vectors in the file cache: a restart embeds only the tools it has not seen", async () => {
    await open.pop()!.close();
    const before = endpoint.requests.length;
    const { gateway, log } = await start(["filesystem", "memory", "sequential-thinking"], cache);
    const thinking = gateway.catalog.tools().filter((tool) => tool.server === "sequential-thinking");
    expect(thinking).toHaveLength(1);
    const texts = embeddedSince(before);
    expect(texts).toHaveLength(1);
    // Its text, cut where toolsift cuts a long one (its description is long).
    expect(texts[0]).toContain(thinking[0].description.trim().slice(0, 200));
    const total = gateway.catalog.tools().length;
    expect(log).toContainEqual(`embeddings-ready: ${total} tools, 1 embedded now, ${total - 1} from the cache, 0 kept`);
  });

  it("does not reuse the vectors of another server's model of the same name (the base URL is part of the key)", async () => {
    await open.pop()!.close();
    const other = await startEmbeddingServer();
    try {
      const { gateway, log } = await start(["filesystem", "memory", "sequential-thinking"], cache, other.baseURL);
      const total = gateway.catalog.tools().length;
      expect(other.requests.flatMap((request) => request.body.input)).toHaveLength(total);
      expect(log).toContainEqual(`embeddings-ready: ${total} tools, ${total} embedded now, 0 from the cache, 0 kept`);
      await open.pop()!.close();
    } finally {
      await other.close();
    }
  });

  it("falls back to keywords when the API refuses the key, says so on the log, and search still works", async () => {
    endpoint.mode = "unauthorized";
    const warn = vi.spyOn(console, "warn");
    try {
      const { client, log } = await start(["filesystem", "memory"], join(directory, "other-cache.bin"));
      const failures = log.filter((line) => line.startsWith("embedding-failed:"));
      expect(failures.length).toBeGreaterThan(0);
      expect(failures[0]).toContain("Incorrect API key provided");
      const found = await search(client, "read a text file");
      expect(found.map((tool) => tool.name).slice(0, 3)).toContain("filesystem__read_text_file");
      // After a failure each search retries the catalog in the background, and it fails the same way: said once, then
      // counted at the 2nd and 4th time.
      await expect
        .poll(async () => {
          await search(client, "read a text file");
          return log.some((line) => line.endsWith("(again: 4 times in all)"));
        }, PATIENTLY)
        .toBe(true);
      const said = log.filter((line) => line.startsWith("embedding-failed:") && !line.endsWith(" times in all)"));
      expect(said).toEqual([failures[0]]);
      const attempts = endpoint.requests.filter((request) => request.body.input.length > 1).length;
      expect(attempts).toBeGreaterThanOrEqual(4);
      // Said once, on the gateway's log (which --quiet silences), not also on the console by the index.
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      endpoint.mode = "ok";
    }
  });
});

describe("a gateway started in process without a base URL", () => {
  const before = process.env.OPENAI_BASE_URL;
  afterEach(() => {
    if (before === undefined) delete process.env.OPENAI_BASE_URL;
    else process.env.OPENAI_BASE_URL = before;
  });

  it("refuses OPENAI_BASE_URL with a password as the command line does, masking it", async () => {
    process.env.OPENAI_BASE_URL = endpoint.baseURL.replace("http://", "http://me:s3cret@");
    const asked = endpoint.requests.length;
    const failure = start(["memory"], join(directory, "refused.bin"), null);
    await expect(failure).rejects.toThrow(
      'toolsift mcp: option "OPENAI_BASE_URL" must be a URL without a user or password (give the key in ' +
        `OPENAI_API_KEY), got the string "${endpoint.baseURL.replace("http://", "http://***@")}".`,
    );
    await expect(failure).rejects.not.toThrow(/s3cret/);
    expect(endpoint.requests.length).toBe(asked);
  });

  it("embeds with OPENAI_BASE_URL's server, its origin in the cache key as with the command line", async () => {
    const cache = join(directory, "from-the-environment.bin");
    const other = await startEmbeddingServer();
    try {
      process.env.OPENAI_BASE_URL = endpoint.baseURL;
      const asked = endpoint.requests.length;
      const first = await start(["memory"], cache, null);
      const total = first.gateway.catalog.tools().length;
      expect(embeddedSince(asked)).toHaveLength(total);
      await open.pop()!.close();
      // Another server's model of the same name: the first one's vectors are not reused.
      process.env.OPENAI_BASE_URL = other.baseURL;
      const second = await start(["memory"], cache, null);
      expect(other.requests.flatMap((request) => request.body.input)).toHaveLength(total);
      expect(second.log).toContainEqual(
        `embeddings-ready: ${total} tools, ${total} embedded now, 0 from the cache, 0 kept`,
      );
      await open.pop()!.close();
    } finally {
      await other.close();
    }
  });
});

describe("the gateway's log", () => {
  it("names an event's cause once: after the message, unless the message already holds it", () => {
    const failed = {
      type: "mcp-server-failed",
      server: "files",
      stage: "list",
      error: new Error("spawn ENOENT"),
    } as const;
    expect(
      describeEvent({ ...failed, message: 'MCP server "files" could not list its tools (spawn ENOENT); left out' }),
    ).toBe('mcp-server-failed: MCP server "files" could not list its tools (spawn ENOENT); left out');
    expect(describeEvent({ ...failed, message: 'MCP server "files" is down' })).toBe(
      'mcp-server-failed: MCP server "files" is down (spawn ENOENT)',
    );
  });

  it("leaves out a search the model embeds as zero (no fault), not tool vectors that could not be used", () => {
    const warning = { type: "embedding-warning", message: "zero", rows: [] } as const;
    expect(describeEvent({ ...warning, stage: "query" })).toBeUndefined();
    expect(describeEvent({ ...warning, stage: "catalog", rows: [3] })).toBe("embedding-warning: zero");
  });

  it("masks a URL's user and password in an event's cause", () => {
    const line = describeEvent({
      type: "embedding-failed",
      stage: "query",
      error: new Error("Cannot connect to API: http://me:s3cret@127.0.0.1:9/v1/embeddings"),
      fallback: "keyword",
      message: "embedding the query failed; this call ranks by keywords",
    });
    expect(line).toContain("(Cannot connect to API: http://***@127.0.0.1:9/v1/embeddings)");
    expect(line).not.toContain("s3cret");
  });
});

describe("the built gateway with --embedding", () => {
  it("takes the model, its dimensions and base URL from the flags and the key from the environment", async () => {
    assertBuilt();
    // Only the binary may call the endpoint now (a gateway in this process may retry its catalog in the background).
    await Promise.all(open.splice(0).map((gateway) => gateway.close()));
    const config = writeConfig(temporaryDirectory(), { filesystem: all.filesystem, memory: all.memory });
    const cache = join(directory, "binary-cache.bin");
    const before = endpoint.requests.length;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        GATEWAY_BIN,
        "mcp",
        "-c",
        config,
        "--no-learn",
        "--quiet",
        "--embedding",
        `openai:${MODEL}:64`,
        "--embedding-base-url",
        endpoint.baseURL,
        "--embedding-cache",
        cache,
      ],
      env: { ...(process.env as Record<string, string>), OPENAI_API_KEY: "sk-from-the-client-config" },
      stderr: "ignore",
    });
    const client = new Client({ name: "binary-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const found = await search(client, "make a folder called invoices");
      expect(found[0].name).toBe("filesystem__create_directory");
      const requests = endpoint.requests.slice(before);
      expect(requests.length).toBeGreaterThan(1);
      for (const request of requests) {
        expect(request.authorization).toBe("Bearer sk-from-the-client-config");
        expect(request.body).toMatchObject({ model: MODEL, dimensions: 64 });
      }
      expect(requests.at(-1)!.body.input).toEqual(["make a folder called invoices"]);
      expect(existsSync(cache)).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe("the built gateway without @ai-sdk/openai", () => {
  it("exits 1 at startup with the install command when --embedding openai:<model> cannot load it", async () => {
    assertBuilt();
    // A copy of the package whose node_modules has every dependency but @ai-sdk/openai.
    const root = fileURLToPath(new URL("../../", import.meta.url));
    const copy = temporaryDirectory();
    cpSync(join(root, "dist"), join(copy, "dist"), { recursive: true });
    cpSync(join(root, "package.json"), join(copy, "package.json"));
    mkdirSync(join(copy, "node_modules", "@ai-sdk"), { recursive: true });
    for (const entry of readdirSync(join(root, "node_modules"))) {
      if (entry !== "@ai-sdk") symlinkSync(join(root, "node_modules", entry), join(copy, "node_modules", entry));
    }
    for (const entry of readdirSync(join(root, "node_modules", "@ai-sdk"))) {
      if (entry === "openai") continue;
      symlinkSync(join(root, "node_modules", "@ai-sdk", entry), join(copy, "node_modules", "@ai-sdk", entry));
    }
    const config = writeConfig(temporaryDirectory(), {});
    const child = spawn(
      process.execPath,
      [join(copy, "dist", "cli", "main.js"), "mcp", "-c", config, "--no-learn", "--embedding", `openai:${MODEL}`],
      { env: { ...process.env, OPENAI_API_KEY: "sk-test" }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).toContain(
      `toolsift mcp: --embedding openai:${MODEL} needs the "@ai-sdk/openai" package, which could not ` +
        "be loaded: npm install @ai-sdk/openai.",
    );
    expect(code).toBe(1);
  });
});
