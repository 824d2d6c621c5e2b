// loadWasm accepts every documented source form, compiles the default once, and fails with coded errors.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToolsiftError } from "../../src/errors.js";
import { defaultWasm } from "../../src/wasm/default-wasm-bytes.js";
import { instantiateCore, loadWasm, type WasmSource } from "../../src/wasm/load-wasm.js";

function coreBytes(): Uint8Array<ArrayBuffer> {
  return defaultWasm() as Uint8Array<ArrayBuffer>;
}

/** A module loads correctly if its core really ranks: topK over [1, 3, 2] picks id 1. */
function expectWorkingCore(module: WebAssembly.Module): void {
  const core = instantiateCore(module);
  const base = core.heapBase();
  core.memory.grow(1);
  new Float32Array(core.memory.buffer, base, 3).set([1, 3, 2]);
  expect(core.topK(base, 3, 1, 0, base + 16, base + 32)).toBe(1);
  expect(new Uint32Array(core.memory.buffer, base + 16, 1)[0]).toBe(1);
}

async function expectToolsiftError(promise: Promise<unknown>, code: string): Promise<ToolsiftError> {
  const error = await promise.then(
    () => expect.fail(`expected a ToolsiftError with code ${code}`),
    (rejection: unknown) => rejection,
  );
  expect(ToolsiftError.isInstance(error)).toBe(true);
  expect((error as ToolsiftError).code).toBe(code);
  return error as ToolsiftError;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loadWasm", () => {
  it("loads the runtime's default core without arguments", async () => {
    expectWorkingCore(await loadWasm());
  });

  it("compiles the default core once per process", async () => {
    // A fresh copy of the module, so the cache starts empty whatever ran before.
    vi.resetModules();
    const fresh = await import("../../src/wasm/load-wasm.js");
    const compile = vi.spyOn(WebAssembly, "compile");
    const [first, second] = await Promise.all([fresh.loadWasm(), fresh.loadWasm()]);
    expect(second).toBe(first);
    expect(await fresh.loadWasm()).toBe(first);
    expect(compile).toHaveBeenCalledOnce();
  });

  it("does not keep a failed compile of the default core: the next call compiles again", async () => {
    vi.resetModules();
    const fresh = await import("../../src/wasm/load-wasm.js");
    const compile = WebAssembly.compile.bind(WebAssembly);
    const spy = vi.spyOn(WebAssembly, "compile").mockRejectedValueOnce(new Error("out of memory"));
    spy.mockImplementation((bytes) => compile(bytes));
    const failure = await expectToolsiftError(fresh.loadWasm(), "WASM_LOAD_FAILED");
    expect(failure.message).toContain("out of memory");
    expectWorkingCore(await fresh.loadWasm());
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it("returns a WebAssembly.Module as given", async () => {
    const module = new WebAssembly.Module(coreBytes());
    expect(await loadWasm(module)).toBe(module);
  });

  it("unwraps { default: Module }, the shape of a dynamic import", async () => {
    const module = new WebAssembly.Module(coreBytes());
    expect(await loadWasm({ default: module })).toBe(module);
  });

  it("streams a Response served as application/wasm", async () => {
    const streaming = vi.spyOn(WebAssembly, "compileStreaming");
    const response = new Response(coreBytes(), { headers: { "content-type": "application/wasm" } });
    expectWorkingCore(await loadWasm(response));
    expect(streaming).toHaveBeenCalledOnce();
  });

  it("reads the body of a Response without a wasm content type", async () => {
    const streaming = vi.spyOn(WebAssembly, "compileStreaming");
    const response = new Response(coreBytes());
    expectWorkingCore(await loadWasm(response));
    expect(streaming).not.toHaveBeenCalled();
  });

  it("awaits a promise of a Response, such as fetch()", async () => {
    const pending = Promise.resolve(new Response(coreBytes(), { headers: { "content-type": "application/wasm" } }));
    expectWorkingCore(await loadWasm(pending));
  });

  it("compiles an ArrayBuffer", async () => {
    const bytes = coreBytes();
    expectWorkingCore(await loadWasm(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
  });

  it("compiles a Uint8Array", async () => {
    expectWorkingCore(await loadWasm(coreBytes()));
  });

  it("compiles a view that starts partway into its buffer", async () => {
    const bytes = coreBytes();
    const padded = new Uint8Array(bytes.byteLength + 8);
    padded.set(bytes, 8);
    expectWorkingCore(await loadWasm(new DataView(padded.buffer, 8, bytes.byteLength)));
  });

  it("accepts a Module created in another realm", async () => {
    const { runInNewContext } = await import("node:vm");
    const foreign = runInNewContext("new WebAssembly.Module(bytes)", { bytes: coreBytes() }) as WebAssembly.Module;
    expect(foreign instanceof WebAssembly.Module).toBe(false);
    expect(await loadWasm(foreign)).toBe(foreign);
    expectWorkingCore(foreign);
  });

  it.each<[string, unknown]>([
    ["a string", "core.wasm"],
    ["a number", 42],
    ["null", null],
    ["a plain object", { bytes: 1 }],
    ["{ default } that is not a Module", { default: new Uint8Array(4) }],
  ])("rejects %s with INVALID_WASM_SOURCE", async (_label, source) => {
    const error = await expectToolsiftError(loadWasm(source as WasmSource), "INVALID_WASM_SOURCE");
    expect(error.message).toMatch(/loadWasm\(\) expected/);
  });

  it("rejects a promise that resolves to something other than a Response", async () => {
    await expectToolsiftError(
      loadWasm(Promise.resolve(new Uint8Array(4)) as unknown as WasmSource),
      "INVALID_WASM_SOURCE",
    );
  });

  it("reports bytes that are not wasm as WASM_LOAD_FAILED", async () => {
    const error = await expectToolsiftError(loadWasm(Uint8Array.of(1, 2, 3, 4)), "WASM_LOAD_FAILED");
    expect(error.cause).toBeInstanceOf(WebAssembly.CompileError);
  });

  it("reports a failed HTTP response as WASM_LOAD_FAILED with its status", async () => {
    const error = await expectToolsiftError(loadWasm(new Response("missing", { status: 404 })), "WASM_LOAD_FAILED");
    expect(error.details).toMatchObject({ status: 404 });
  });
});

describe("instantiateCore", () => {
  it("gives each instance its own memory", async () => {
    const module = await loadWasm();
    const first = instantiateCore(module);
    const second = instantiateCore(module);
    expect(first.memory).not.toBe(second.memory);
    first.memory.grow(1);
    second.memory.grow(1);
    new Float32Array(first.memory.buffer)[0] = 42;
    expect(new Float32Array(second.memory.buffer)[0]).toBe(0);
  });

  it("reports the 16-byte aligned heap base", async () => {
    const core = instantiateCore(await loadWasm());
    expect(core.heapBase() % 16).toBe(0);
  });

  it("rejects a module that is not the scoring core", async () => {
    // The smallest valid module: magic number and version, nothing exported.
    const empty = new WebAssembly.Module(Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0));
    expect(() => instantiateCore(empty)).toThrowError(
      /lacks the export\(s\) heapBase, bm25Accumulate, dotBatch, dotBatchI8I16, rescoreI8I4, poolRowsI8, topK, memory/,
    );
  });
});
