// The gateway's embedding model (`--embedding`, `toolsift.embedding`): the bundled local model, none, or an OpenAI
// (or OpenAI-compatible) model in the service's TOOLSIFT_EMBEDDING syntax, `openai:<model>[:<dimensions>]`.

import type { EmbeddingModelV4 } from "@ai-sdk/provider";
import { ToolsiftError } from "../../errors.js";
import { invalidOption } from "../../support/validate-options.js";
import type { EmbeddingSetting } from "../../worker/embedding/embedding-setting.js";
import { lazyEmbeddingModel, missingProvider } from "../../worker/embedding/provider-lazy-model.js";

/**
 * What the gateway ranks with, as `--embedding` (or the config's `toolsift.embedding`) names it: the service's setting
 * (TOOLSIFT_EMBEDDING) without Workers AI, and with no key of its own (@ai-sdk/openai reads OPENAI_API_KEY). An openai
 * `baseURL` is the flag's, the config's or OPENAI_BASE_URL (the command line reads all three); `undefined`: OpenAI's.
 */
export type EmbeddingChoice =
  Extract<EmbeddingSetting, { kind: "local" | "none" }> | Omit<Extract<EmbeddingSetting, { kind: "openai" }>, "apiKey">;

const WHERE = "toolsift mcp";
const FORMS = '"local", "none" or "openai:<model>[:<dimensions>]"';
/** The provider name `@ai-sdk/openai` gives its embedding models. */
const OPENAI_PROVIDER = "openai.embedding";
/** @ai-sdk/openai's own default base URL, given explicitly when none is set. */
const OPENAI_BASE_URL = "https://api.openai.com/v1";
/** Largest `dimensions` accepted (the service's bound on TOOLSIFT_EMBEDDING's). */
const MAX_DIMENSIONS = 65_536;

/** `text` with the user and password of every URL in it replaced by `***`, for log lines and error messages. */
export function withoutCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*@/gi, "$1***@");
}

/**
 * An http(s) URL without trailing slashes and without credentials (a user or password in it is refused: the URL is
 * logged, and a server's key belongs in OPENAI_API_KEY); `option` names the flag, config field or variable in errors.
 */
export function readBaseUrl(option: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = typeof value === "string" ? new URL(value) : undefined;
  } catch {
    url = undefined; // reported below, with the value
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    invalidOption(
      WHERE,
      option,
      'an http(s) URL such as "http://127.0.0.1:11434/v1"',
      typeof value === "string" ? withoutCredentials(value) : value,
    );
  }
  if (url.username !== "" || url.password !== "") {
    invalidOption(
      WHERE,
      option,
      "a URL without a user or password (give the key in OPENAI_API_KEY)",
      withoutCredentials(value as string),
    );
  }
  return (value as string).replace(/\/+$/, "");
}

/**
 * OPENAI_BASE_URL checked as `readBaseUrl` checks a flag (refused with a user or password, masked in the message);
 * `undefined` when it is unset or blank. The gateway passes it to the provider itself, so that the provider never
 * reads the variable unchecked.
 */
export function environmentBaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return readBaseUrl("OPENAI_BASE_URL", env.OPENAI_BASE_URL?.trim() || undefined);
}

/**
 * Reads `value` (`option` names the flag or config field in errors). `openai:<model>[:<dimensions>]` as the service's
 * TOOLSIFT_EMBEDDING reads it: the part after the last colon is the dimensions when it is all digits (then in
 * [1, 65,536]), else part of the model id (Ollama's tags: `nomic-embed-text:latest`, `mxbai-embed-large:335m`,
 * `qwen3-embedding:0.6b`). An openai model's `baseURL` is left for the caller to set.
 */
export function readEmbeddingChoice(option: string, value: unknown): EmbeddingChoice {
  if (typeof value !== "string") invalidOption(WHERE, option, FORMS, value);
  const text = value.trim();
  if (text === "local" || text === "none") return { kind: text };
  if (!text.startsWith("openai:")) invalidOption(WHERE, option, FORMS, value);
  let model = text.slice("openai:".length);
  let dimensions: number | undefined;
  const colon = model.lastIndexOf(":");
  const last = colon < 0 ? "" : model.slice(colon + 1).trim();
  if (colon >= 0 && /^\d+$/.test(last)) {
    dimensions = Number(last);
    if (dimensions < 1 || dimensions > MAX_DIMENSIONS) {
      invalidOption(
        WHERE,
        option,
        `"openai:<model>:<dimensions>" with dimensions in [1, ${MAX_DIMENSIONS}] (a last part that is all digits ` +
          "is the dimensions; any other is part of the model id)",
        value,
      );
    }
    model = model.slice(0, colon);
  }
  model = model.trim();
  if (model === "") invalidOption(WHERE, option, '"openai:<model>", e.g. "openai:text-embedding-3-small"', value);
  return { kind: "openai", model, dimensions, baseURL: undefined };
}

/**
 * Throws unless OPENAI_API_KEY is set, where @ai-sdk/openai reads the key: without it every embedding call would fail
 * and the gateway would rank by keywords for good, which a flag asking for a model should not do quietly.
 */
export function checkApiKey(option: string, choice: EmbeddingChoice, env: NodeJS.ProcessEnv): void {
  if (choice.kind !== "openai" || (env.OPENAI_API_KEY ?? "").trim() !== "") return;
  throw new ToolsiftError(
    "INVALID_OPTION",
    `${WHERE}: ${option} openai:${choice.model} reads its key from OPENAI_API_KEY, which is not set: set it in the ` +
      '"env" your MCP client gives the gateway (any non-empty value for a server that needs no key).',
    { option, value: `openai:${choice.model}` },
  );
}

/** The MISSING_DEPENDENCY error's package; `neededBy` names the setting that asked for it. */
const providerPackage = (neededBy: string) => ({ name: "@ai-sdk/openai", neededBy });

/**
 * Throws MISSING_DEPENDENCY (with the install command) unless @ai-sdk/openai can be imported for an openai `choice`:
 * checked at startup, as the key is, rather than found at the first search and answered with keywords for good.
 */
export async function checkProvider(option: string, choice: EmbeddingChoice): Promise<void> {
  if (choice.kind !== "openai") return;
  await import("@ai-sdk/openai").catch((cause: unknown) => {
    throw missingProvider(providerPackage(`${option} openai:${choice.model}`), cause);
  });
}

/**
 * `createOpenAI({ baseURL }).embedding(model)` from @ai-sdk/openai, imported on the first call (MISSING_DEPENDENCY with
 * the install command when it is not installed). The provider reads OPENAI_API_KEY itself; the base URL is always
 * given (OpenAI's without one), so the provider does not read OPENAI_BASE_URL (`environmentBaseUrl` does, checked).
 * Its identity (the cache keys' namespace) names the base URL's origin beside the provider, so another server's model
 * of the same name does not reuse these vectors; without a base URL (OpenAI's) it is the provider's own,
 * `openai.embedding`.
 */
export function openaiModel(choice: Extract<EmbeddingChoice, { kind: "openai" }>): EmbeddingModelV4 {
  const provider =
    choice.baseURL === undefined ? OPENAI_PROVIDER : `${OPENAI_PROVIDER}@${new URL(choice.baseURL).origin}`;
  return lazyEmbeddingModel({ provider, modelId: choice.model }, async () => {
    const { createOpenAI } = await import("@ai-sdk/openai").catch((cause: unknown) => {
      throw missingProvider(providerPackage(`${WHERE} --embedding openai:${choice.model}`), cause);
    });
    return createOpenAI({ baseURL: choice.baseURL ?? OPENAI_BASE_URL }).embedding(choice.model);
  });
}
