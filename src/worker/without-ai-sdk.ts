// Stands in for the `ai` package in this repo's Worker bundle (wrangler.toml [alias]): toolsift's lazy `import("ai")`
// fails, so it calls embedding models directly; workers-ai-provider's one import from "ai" (`generateId`) works.

const MESSAGE = 'The AI SDK ("ai") is left out of this Worker\'s bundle: remove its [alias] line in wrangler.toml.';

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * The AI SDK's `generateId()`: 16 random alphanumeric characters. workers-ai-provider imports it statically (for
 * the ids of streamed chat parts and tool calls, which this Worker never makes); its embedding model never calls it.
 */
export function generateId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let id = "";
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/**
 * Makes `import("ai")` reject while static imports of `generateId` still work: a dynamic import resolves to the
 * module's namespace object, and a namespace that exports `then` is a thenable, so the import's promise takes
 * this function's outcome. toolsift's loader (src/ai-sdk.ts) then reports MISSING_DEPENDENCY, and the embedder
 * calls the model's own `doEmbed` (src/semantic/embedder.ts); reranking and enrichment say to remove the alias.
 */
export function then(_resolve: (value: never) => void, reject: (reason: unknown) => void): void {
  reject(new Error(MESSAGE));
}
