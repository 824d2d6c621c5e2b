// What every part of one tool index shares: its resolved options, its model stages, its semantic engine and its wasm
// module.

import type { SemanticEngine } from "../semantic/semantic-engine.js";
import { isSmallTalk } from "../core/relevance-words.js";
import { loadWasm } from "../wasm/load-wasm.js";
import type { ModelStages } from "./model-stages.js";
import type { ResolvedIndexOptions } from "./resolve-options.js";

export interface IndexContext {
  readonly options: ResolvedIndexOptions;
  /**
   * The model stages of the entry (`undefined` in `toolsift/core`). Whenever an option names a model (a reranker,
   * enrichment, expansion, a semantic strategy) they are set: without them `resolveIndexOptions` refuses such options.
   */
  readonly models: ModelStages | undefined;
  /** The semantic side; `undefined` for keyword-only indexes. */
  readonly semantic: SemanticEngine | undefined;
  /** The compiled wasm core (cached by `loadWasm` for the runtime's default). */
  readonly module: () => Promise<WebAssembly.Module>;
  /**
   * What reads a query as chat only ("thanks a ton", "brb coffee"), which selects nothing: the word list's (English:
   * the chat lexicon, as the adapters read a turn), else the ranking's own small-talk words.
   */
  readonly chat: (text: string) => boolean;
  /** What reads a query as a remark framed as chat ("greta is a legend lol"): the word list's, if it has one. */
  readonly remark: ((text: string) => boolean) | undefined;
}

/** Makes an index's context: the semantic engine exists only when a semantic strategy is on. */
export function createIndexContext(options: ResolvedIndexOptions, models: ModelStages | undefined): IndexContext {
  const module = () => loadWasm(options.wasm);
  const settings = options.semantic;
  const semantic =
    settings === undefined || models === undefined
      ? undefined
      : models.semanticEngine(settings, options.abortSignal, module, options.emit);
  return { options, models, semantic, module, chat: options.chatOnly ?? isSmallTalk, remark: options.remarkOnly };
}
