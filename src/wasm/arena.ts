// Bump allocator over one core instance's linear memory, plus typed-array views onto it.
import { ToolsiftError } from "../errors.js";
import type { CoreExports } from "./load-wasm.js";

const pageBytes = 65_536;

/**
 * Hands out aligned byte ranges of one core instance's memory, growing it in 64 KiB pages.
 * There is no free(): keep long-lived slabs at the bottom, take `mark()` before per-query
 * scratch and `reset(mark)` afterwards.
 *
 * Growing memory detaches every view taken before it. Allocate everything a call needs
 * first and take views afterwards; `generation` changes on every grow, so a cached view is
 * valid only while its generation matches.
 */
export class WasmArena {
  readonly core: CoreExports;
  /** Incremented each time `memory` grows (and so every earlier view detaches). */
  generation = 0;
  private readonly base: number;
  private top: number;

  constructor(core: CoreExports) {
    this.core = core;
    this.base = core.heapBase() >>> 0;
    this.top = this.base;
  }

  /** Returns the byte offset of `byteLength` fresh bytes aligned to `align` (a power of two, default 16). */
  alloc(byteLength: number, align = 16): number {
    if (!Number.isInteger(byteLength) || byteLength < 0) {
      throw new ToolsiftError(
        "INVALID_OPTION",
        `WasmArena.alloc: byteLength must be a non-negative integer; received ${byteLength}.`,
        { byteLength },
      );
    }
    if (!Number.isInteger(align) || align < 1 || (align & (align - 1)) !== 0) {
      throw new ToolsiftError("INVALID_OPTION", `WasmArena.alloc: align must be a power of two; received ${align}.`, {
        align,
      });
    }
    const pointer = Math.ceil(this.top / align) * align;
    const end = pointer + byteLength;
    const memory = this.core.memory;
    const available = memory.buffer.byteLength;
    if (end > available) {
      const pages = Math.ceil((end - available) / pageBytes);
      try {
        memory.grow(pages);
      } catch (error) {
        throw new ToolsiftError(
          "WASM_MEMORY_EXHAUSTED",
          `WasmArena.alloc: could not grow wasm memory by ${pages} pages to hold ${end} bytes; wasm32 memory tops out at 4 GiB and the engine may cap it lower.`,
          { requestedBytes: end, currentBytes: available },
          { cause: error },
        );
      }
      this.generation++;
    }
    this.top = end;
    return pointer;
  }

  /** The current top, to pass to `reset` later. */
  mark(): number {
    return this.top;
  }

  /**
   * Frees everything allocated after `mark` (by default, everything). Memory never shrinks, and
   * existing views stay attached.
   */
  reset(mark = this.base): void {
    if (mark < this.base || mark > this.top) {
      throw new ToolsiftError(
        "INVALID_OPTION",
        `WasmArena.reset: mark must lie in [${this.base}, ${this.top}]; received ${mark}.`,
        { mark },
      );
    }
    this.top = mark;
  }

  f32(pointer: number, length: number): Float32Array {
    return new Float32Array(this.core.memory.buffer, pointer, length);
  }

  u32(pointer: number, length: number): Uint32Array {
    return new Uint32Array(this.core.memory.buffer, pointer, length);
  }

  u8(pointer: number, length: number): Uint8Array {
    return new Uint8Array(this.core.memory.buffer, pointer, length);
  }

  i8(pointer: number, length: number): Int8Array {
    return new Int8Array(this.core.memory.buffer, pointer, length);
  }

  i16(pointer: number, length: number): Int16Array {
    return new Int16Array(this.core.memory.buffer, pointer, length);
  }
}
