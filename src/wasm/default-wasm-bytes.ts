// The default core for runtimes that may compile wasm at run time (Node, browsers): bytes inlined as base64.
import { coreWasmBase64 } from "./generated/core-wasm-base64.js";

/** The scoring core's bytes; `loadWasm()` compiles them once per process. */
export function defaultWasm(): Uint8Array<ArrayBuffer> | WebAssembly.Module {
  // atob is a web-platform global (Node 16+, workerd, browsers), so no node:buffer import.
  const binary = atob(coreWasmBase64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
