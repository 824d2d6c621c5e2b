// The tool vectors of a built index and the one object that changes them: embedded once at a time, carried over by
// text hash after a catalog change, retried in the background after a failure; failures reported (and thrown with
// `onError: "throw"`).

import type { ToolFields } from "../core/fields.js";
import { ToolsiftError } from "../errors.js";
import { embeddingText, textHash } from "../semantic/embedding-text.js";
import type { SemanticEngine, VectorSet } from "../semantic/semantic-engine.js";
import { errorMessage } from "../support/error-message.js";
import type { IndexContext } from "./context.js";

// After a failed catalog embedding the next call retries at once; after each further failure in a row, the retries
// wait 1 s, 2 s, 4 s… up to a minute (each attempt sends the whole catalog to the provider, which may bill it).
const FIRST_RETRY_WAIT_MS = 1_000;
const LONGEST_RETRY_WAIT_MS = 60_000;

/** When a retry may start after `failures` failed attempts in a row, counted from `now` (ms). */
export function catalogRetryAt(failures: number, now: number): number {
  if (failures <= 1) return now;
  return now + Math.min(LONGEST_RETRY_WAIT_MS, FIRST_RETRY_WAIT_MS * 2 ** (failures - 2));
}

/**
 * The embedding state of one built index: no vectors yet, an embedding in flight, vectors, or a failed attempt
 * (which the next call retries in the background). Only this object moves between those states.
 */
export class CatalogVectors {
  /** Tool vectors (row i = document i), once embedded. */
  #vectors: VectorSet | undefined;
  /** The embedding in flight, if any. */
  #pending: Promise<VectorSet> | undefined;
  /** Failed embeddings of this catalog in a row: later calls retry in the background, no sooner than `#retryAt`. */
  #failures = 0;
  #retryAt = 0;
  /** The last failed attempt reported: the other calls that waited on it do not report it again. */
  #reported: Promise<VectorSet> | undefined;
  /** The indexed text of each document, kept only until its vectors exist. */
  #fields: readonly ToolFields[] | undefined;

  constructor(
    private readonly context: IndexContext,
    private readonly semantic: SemanticEngine,
    fields: readonly ToolFields[],
  ) {
    this.#fields = fields;
  }

  /** The vectors, when embedded. */
  get ready(): VectorSet | undefined {
    return this.#vectors;
  }

  /** The embedding in flight, if any. */
  get pending(): Promise<VectorSet> | undefined {
    return this.#pending;
  }

  /** Embeds the catalog (carrying rows over from `previous`), one embedding at a time; rejects on failure. */
  embed(previous: VectorSet | undefined): Promise<VectorSet> {
    if (this.#pending !== undefined) return this.#pending;
    if (this.#vectors !== undefined) return Promise.resolve(this.#vectors);
    const texts = this.#fields!.map(embeddingText);
    this.#pending = this.semantic.build(texts, texts.map(textHash), previous).then(
      (vectors) => {
        this.#vectors = vectors;
        this.#fields = undefined;
        this.#failures = 0;
        this.#pending = undefined;
        return vectors;
      },
      (error: unknown) => {
        this.#failures++;
        this.#retryAt = catalogRetryAt(this.#failures, Date.now());
        this.#pending = undefined;
        throw error;
      },
    );
    return this.#pending;
  }

  /** Resolves once no embedding is in flight, whether it succeeded or failed (its caller reports a failure). */
  async settled(): Promise<void> {
    while (this.#pending !== undefined) await this.#pending.then(ignore, ignore);
  }

  /**
   * Takes over the failures in a row of the index this one replaces (a catalog change): a provider that kept failing
   * is not asked again at once because tools were added.
   */
  inheritFailures(previous: CatalogVectors): void {
    if (previous.#vectors !== undefined || previous.#failures === 0) return;
    this.#failures = previous.#failures;
    // A retry still running counts as the next failure: the new index waits as if it had failed.
    this.#retryAt =
      previous.#pending === undefined ? previous.#retryAt : catalogRetryAt(previous.#failures + 1, Date.now());
  }

  /** Embeds the catalog now, reporting a failure instead of rejecting (unless `onError: "throw"`). */
  async embedOrReport(previous: VectorSet | undefined): Promise<void> {
    const attempt = this.embed(previous);
    try {
      await attempt;
    } catch (error) {
      this.#report(attempt, error);
    }
  }

  /** Reports a failed attempt once however many calls waited on it; with `onError: "throw"` each of them throws. */
  #report(attempt: Promise<VectorSet>, error: unknown): void {
    const first = this.#reported !== attempt;
    this.#reported = attempt;
    reportEmbeddingFailure(this.context, "catalog", error, first);
  }

  /**
   * Tool vectors for a call: ready ones, or the first attempt awaited. After a failed attempt the next calls rank by
   * keywords at once (`undefined`) while a retry runs in the background (see `catalogRetryAt` for how often).
   */
  async forCall(): Promise<VectorSet | undefined> {
    if (this.#vectors !== undefined) return this.#vectors;
    if (this.#failures > 0 && this.context.options.semantic?.onError !== "throw") {
      if (this.#pending === undefined && Date.now() >= this.#retryAt) {
        const attempt = this.embed(undefined);
        attempt.catch((error: unknown) => this.#report(attempt, error));
      }
      return undefined;
    }
    await this.embedOrReport(undefined);
    return this.#vectors;
  }
}

/** Stands for an outcome already handled elsewhere (`settled`). */
function ignore(): void {}

/**
 * Reports an embedding failure (unless `emit` is false: already reported); with `onError: "throw"` rethrows it as
 * `EMBEDDING_FAILED`.
 */
export function reportEmbeddingFailure(
  context: IndexContext,
  stage: "catalog" | "query",
  error: unknown,
  emit = true,
): void {
  const onError = context.options.semantic?.onError ?? "fallback";
  const message =
    stage === "catalog"
      ? "embedding the tool catalog failed; ranking by keywords until it succeeds"
      : "embedding the query failed; this call ranks by keywords";
  if (emit) {
    context.options.emit({
      type: "embedding-failed",
      stage,
      error,
      fallback: onError === "throw" ? "none" : "keyword",
      message,
    });
  }
  if (onError === "throw") {
    if (ToolsiftError.isInstance(error) && error.code === "EMBEDDING_FAILED") throw error;
    const what = stage === "catalog" ? "tool catalog" : "query";
    throw new ToolsiftError(
      "EMBEDDING_FAILED",
      `Embedding the ${what} failed: ${errorMessage(error)}`,
      { stage },
      { cause: error },
    );
  }
}
