// fileCache: the binary layout on disk, atomic replacement, other processes' additions kept, and files it must not
// overwrite.

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { EmbeddingCacheEvent } from "../../src/cache/embedding-cache.js";
import { fileCache } from "../../src/cache/file-cache.js";
import { ToolsiftError } from "../../src/errors.js";
import { key, NAMESPACE_A, NAMESPACE_B, vector } from "./cache-checks.js";

const directory = await mkdtemp(join(tmpdir(), "toolsift-file-cache-"));
afterAll(() => rm(directory, { recursive: true, force: true }));
let files = 0;
const nextDirectory = () => join(directory, `case-${files++}`);

async function rejection(action: () => Promise<unknown>): Promise<ToolsiftError> {
  const error = await action().then(
    () => expect.fail("expected a rejection"),
    (thrown: unknown) => thrown,
  );
  expect(ToolsiftError.isInstance(error)).toBe(true);
  return error as ToolsiftError;
}

describe("fileCache", () => {
  it("writes 'toolsift', a header length, a JSON header and the Float32 rows, creating the directory", async () => {
    const path = join(nextDirectory(), "nested", "embeddings.bin");
    await fileCache(path).setMany([
      [key(NAMESPACE_A, 1), vector(1, 8)],
      [key(NAMESPACE_B, 2), vector(2, 3)],
    ]);
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 8).toString("latin1")).toBe("toolsift");
    const headerLength = bytes.readUInt32LE(8);
    expect((12 + headerLength) % 4).toBe(0);
    const header = JSON.parse(bytes.subarray(12, 12 + headerLength).toString("utf8"));
    expect(header).toEqual({
      format: 1,
      namespaces: [
        { namespace: NAMESPACE_A, dims: 8, count: 1, hashes: [key(NAMESPACE_A, 1).split("/").at(-1)] },
        { namespace: NAMESPACE_B, dims: 3, count: 1, hashes: [key(NAMESPACE_B, 2).split("/").at(-1)] },
      ],
    });
    const rows = new Float32Array(
      bytes.buffer.slice(bytes.byteOffset + 12 + headerLength, bytes.byteOffset + bytes.length),
    );
    expect(rows).toEqual(new Float32Array([...vector(1, 8), ...vector(2, 3)]));
  });

  it("replaces the file by rename: no temporary file is left beside it", async () => {
    const folder = nextDirectory();
    const cache = fileCache(join(folder, "embeddings.bin"));
    for (let n = 0; n < 5; n++) await cache.setMany([[key(NAMESPACE_A, n), vector(n, 8)]]);
    expect(await readdir(folder)).toEqual(["embeddings.bin"]);
  });

  it("keeps what another instance (another process) wrote in between", async () => {
    const path = join(nextDirectory(), "embeddings.bin");
    const first = fileCache(path);
    const second = fileCache(path);
    await first.getMany([key(NAMESPACE_A, 1)]);
    await second.setMany([[key(NAMESPACE_A, 2), vector(2, 8)]]);
    await first.setMany([[key(NAMESPACE_A, 1), vector(1, 8)]]);
    expect(await fileCache(path).getMany([key(NAMESPACE_A, 1), key(NAMESPACE_A, 2)])).toEqual([
      vector(1, 8),
      vector(2, 8),
    ]);
  });

  it("never overwrites a file that is not a toolsift cache", async () => {
    const folder = nextDirectory();
    await mkdir(folder);
    const path = join(folder, "notes.json");
    await writeFile(path, JSON.stringify([[0.1, 0.2]]));
    const before = await readFile(path, "utf8");
    const read = await rejection(() => fileCache(path).getMany([key(NAMESPACE_A, 1)]));
    expect(read.code).toBe("CACHE_READ_FAILED");
    expect(read.message).toContain("not a toolsift embedding cache file");
    const write = await rejection(() => fileCache(path).setMany([[key(NAMESPACE_A, 1), vector(1, 8)]]));
    expect(write.code).toBe("CACHE_WRITE_FAILED");
    expect(await readFile(path, "utf8")).toBe(before);
  });

  it("a damaged cache file fails reads, and the next write replaces it and reports that", async () => {
    const path = join(nextDirectory(), "embeddings.bin");
    await fileCache(path).setMany([[key(NAMESPACE_A, 1), vector(1, 8)]]);
    const bytes = await readFile(path);
    await writeFile(path, bytes.subarray(0, bytes.length - 5));
    const events: EmbeddingCacheEvent[] = [];
    const cache = fileCache(path, { onEvent: (event) => events.push(event) });
    const read = await rejection(() => cache.getMany([key(NAMESPACE_A, 1)]));
    expect(read.code).toBe("CACHE_READ_FAILED");
    expect(read.message).toContain("damaged");
    await cache.setMany([[key(NAMESPACE_A, 2), vector(2, 8)]]);
    expect(events.map((event) => event.type)).toEqual(["embedding-cache-replaced"]);
    expect(await fileCache(path).getMany([key(NAMESPACE_A, 1), key(NAMESPACE_A, 2)])).toEqual([
      undefined,
      vector(2, 8),
    ]);
  });

  it("a path it cannot write rejects with CACHE_WRITE_FAILED naming the path", async () => {
    const folder = nextDirectory();
    await mkdir(folder);
    const blocker = join(folder, "a-file");
    await writeFile(blocker, "not a directory");
    const path = join(blocker, "embeddings.bin");
    const error = await rejection(() => fileCache(path).setMany([[key(NAMESPACE_A, 1), vector(1, 8)]]));
    expect(error.code).toBe("CACHE_WRITE_FAILED");
    expect(error.message).toContain(path);
  });

  it("rejects an empty path with INVALID_OPTION", () => {
    expect(() => fileCache("")).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
});
