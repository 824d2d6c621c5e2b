// What every part of one tool index shares: its resolved options, its semantic engine and its wasm module.

import { createEmbedder } from "../semantic/embedder.js";
import { SemanticEngine } from "../semantic/semantic-engine.js";
import { loadWasm } from "../wasm/load-wasm.js";
import type { ResolvedIndexOptions } from "./resolve-options.js";

export interface IndexContext {
  readonly options: ResolvedIndexOptions;
  /** The semantic side; `undefined` for keyword-only indexes. */
  readonly semantic: SemanticEngine | undefined;
  /** The compiled wasm core (cached by `loadWasm` for the runtime's default). */
  readonly module: () => Promise<WebAssembly.Module>;
}

/** Makes an index's context: the embedder and semantic engine exist only when a semantic strategy is on. */
export function createIndexContext(options: ResolvedIndexOptions): IndexContext {
  const module = () => loadWasm(options.wasm);
  const settings = options.semantic;
  const semantic =
    settings === undefined
      ? undefined
      : new SemanticEngine(
          createEmbedder(settings.model, {
            timeoutMs: settings.timeoutMs,
            maxParallelCalls: settings.maxParallelCalls,
            maxRetries: settings.maxRetries,
            abortSignal: options.abortSignal,
            dimensions: settings.dimensions,
          }),
          {
            quantization: settings.quantization,
            queryCacheSize: settings.queryCacheSize,
            dimensions: settings.dimensions,
            cache: settings.cache,
          },
          module,
          options.emit,
        );
  return { options, semantic, module };
}
