// The AI SDK's retry rule for models called through their own doGenerate/doEmbed; the `ai` package only for ids.

import { ToolsiftError } from "./errors.js";
import { memoizeUntilFailure } from "./support/memoize-until-failure.js";

// A name in a variable, so that no bundler (esbuild, wrangler, Vite, webpack) follows the import and ships the SDK.
const AI_PACKAGE = "ai";

/**
 * The AI SDK, imported at run time where it is installed (Node), for what only it can do: resolving a model id
 * string through its gateway. Bundlers do not see this import (toolsift calls model objects through their own
 * doEmbed/doGenerate, so no bundle needs the SDK for them). A failed import (`MISSING_DEPENDENCY`) is not kept:
 * the next call tries again.
 */
export const loadAi: () => Promise<typeof import("ai")> = memoizeUntilFailure(() =>
  (import(/* webpackIgnore: true */ /* @vite-ignore */ AI_PACKAGE) as Promise<typeof import("ai")>).catch(
    (cause: unknown) => {
      throw new ToolsiftError(
        "MISSING_DEPENDENCY",
        `Embedding, reranking and enrichment need the "ai" package (AI SDK 5 or later): npm install ai.`,
        { dependency: "ai" },
        { cause },
      );
    },
  ),
);

/**
 * The AI SDK for a model id string ("openai/text-embedding-3-small", resolved by its gateway). Without it (not
 * installed, or a bundle: a Worker, a browser, Edge) MISSING_DEPENDENCY names `id` and the fix: pass a model
 * object, which toolsift calls without the SDK.
 */
export function loadAiForModelIds(id: string): Promise<typeof import("ai")> {
  return loadAi().catch((error: unknown) => {
    throw new ToolsiftError(
      "MISSING_DEPENDENCY",
      `The model id "${id}" is resolved by the "ai" package (AI SDK 5 or later), which could not be imported. ` +
        `In Node: npm install ai. In a bundle (a Worker, a browser, Edge), pass a model object instead: ` +
        `gateway("${id}") from "ai", or a provider's model such as openai.embedding("text-embedding-3-small").`,
      { dependency: "ai", model: id },
      { cause: (error as { cause?: unknown }).cause ?? error },
    );
  });
}

/** First wait before a retry without a usable retry-after header; doubled each time (as the AI SDK does). */
const INITIAL_RETRY_DELAY_MS = 2000;

/** The provider's own verdict: AI SDK `APICallError`s (and gateway errors) carry `isRetryable` (429, 5xx). */
export function isRetryable(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { isRetryable?: unknown }).isRetryable === true;
}

/**
 * How long to wait before retrying `error`: its `retry-after-ms` or `retry-after` header (seconds or an HTTP date)
 * when it asks for 0–60 s (or less than the backoff), else the exponential backoff — the AI SDK's rule.
 */
export function retryDelayMs(error: unknown, backoffMs: number): number {
  const source = error as { responseHeaders?: unknown; cause?: { responseHeaders?: unknown } } | null;
  const headers = (source?.responseHeaders ?? source?.cause?.responseHeaders) as Record<string, string> | undefined;
  if (typeof headers !== "object" || headers === null) return backoffMs;
  let ms: number | undefined;
  const afterMs = Number.parseFloat(headers["retry-after-ms"] ?? "");
  if (!Number.isNaN(afterMs)) ms = afterMs;
  const after = headers["retry-after"];
  if (ms === undefined && typeof after === "string" && after.length > 0) {
    const seconds = Number.parseFloat(after);
    ms = Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
  }
  return ms !== undefined && !Number.isNaN(ms) && ms >= 0 && (ms < 60_000 || ms < backoffMs) ? ms : backoffMs;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const aborted = () => (clearTimeout(timer), reject(signal!.reason));
    const timer = setTimeout(() => (signal?.removeEventListener("abort", aborted), resolve()), ms);
    signal?.addEventListener("abort", aborted, { once: true });
  });
}

/**
 * Runs `attempt` and retries an error the provider marks retryable up to `maxRetries` times, after its
 * retry-after or an exponential backoff from 2 s. The last error is thrown as the provider raised it.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  maxRetries: number,
  signal: AbortSignal | undefined,
): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= maxRetries || !isRetryable(error) || signal?.aborted) throw error;
      await sleep(retryDelayMs(error, INITIAL_RETRY_DELAY_MS * 2 ** tries), signal);
    }
  }
}
