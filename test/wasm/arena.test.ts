// WasmArena hands out aligned, non-overlapping memory, grows on demand and tells callers when views detach.
import { beforeEach, describe, expect, it } from "vitest";
import { ToolsiftError } from "../../src/errors.js";
import { WasmArena } from "../../src/wasm/arena.js";
import { instantiateCore, loadWasm } from "../../src/wasm/load-wasm.js";

describe("WasmArena", () => {
  let arena: WasmArena;
  beforeEach(async () => {
    arena = new WasmArena(instantiateCore(await loadWasm()));
  });

  it("starts at the core's heap base and aligns to 16 bytes by default", () => {
    const first = arena.alloc(3);
    const second = arena.alloc(5);
    expect(first).toBe(arena.core.heapBase());
    expect(second).toBe(first + 16);
    expect(arena.alloc(1, 4)).toBe(second + 8);
  });

  it("grows memory in pages, bumps generation, and detaches older views", () => {
    const before = arena.core.memory.buffer.byteLength;
    const pointer = arena.alloc(16);
    const oldView = arena.f32(pointer, 4);
    const generation = arena.generation;
    arena.alloc(before + 100_000);
    expect(arena.generation).toBeGreaterThan(generation);
    expect(arena.core.memory.buffer.byteLength % 65_536).toBe(0);
    expect(oldView.length).toBe(0);
    expect(arena.f32(pointer, 4).length).toBe(4);
  });

  it("does not grow while the allocation fits", () => {
    arena.alloc(100);
    const generation = arena.generation;
    arena.alloc(100);
    expect(arena.generation).toBe(generation);
  });

  it("views share the same bytes", () => {
    const pointer = arena.alloc(8);
    arena.u32(pointer, 2).set([0x3f800000, 0xffffffff]);
    expect(arena.f32(pointer, 1)[0]).toBe(1);
    expect(arena.i8(pointer + 4, 4)[0]).toBe(-1);
  });

  it("reuses memory after reset(mark)", () => {
    const kept = arena.alloc(64);
    const mark = arena.mark();
    const scratch = arena.alloc(32);
    arena.reset(mark);
    expect(arena.alloc(32)).toBe(scratch);
    arena.reset();
    expect(arena.alloc(64)).toBe(kept);
  });

  it("rejects invalid requests with INVALID_OPTION", () => {
    for (const call of [() => arena.alloc(-1), () => arena.alloc(1.5), () => arena.alloc(8, 3), () => arena.reset(0)]) {
      expect(call).toThrowError(ToolsiftError);
      try {
        call();
      } catch (error) {
        expect((error as ToolsiftError).code).toBe("INVALID_OPTION");
      }
    }
  });

  it("reports memory exhaustion as WASM_MEMORY_EXHAUSTED", () => {
    let caught: unknown;
    try {
      arena.alloc(2 ** 33);
    } catch (error) {
      caught = error;
    }
    expect(ToolsiftError.isInstance(caught) && caught.code).toBe("WASM_MEMORY_EXHAUSTED");
  });
});
