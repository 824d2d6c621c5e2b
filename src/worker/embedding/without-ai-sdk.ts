// Stands in for the `ai` package in this repo's Worker bundle (wrangler.toml [alias]): `import("ai")` fails with the
// fix in its message, and workers-ai-provider's one import from "ai" (`generateId`) works.

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
 * this function's outcome. toolsift itself no longer imports "ai" where a bundler sees it (src/ai-sdk.ts hides the
 * name); this keeps any other `import("ai")` in this Worker failing with the fix, as the stand-in always has.
 */
export function then(_resolve: (value: never) => void, reject: (reason: unknown) => void): void {
  reject(new Error(MESSAGE));
}
