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
 * `baseURL` of `undefined` is what the provider reads: OPENAI_BASE_URL, else OpenAI's.
 */
export type EmbeddingChoice =
  Extract<EmbeddingSetting, { kind: "local" | "none" }> | Omit<Extract<EmbeddingSetting, { kind: "openai" }>, "apiKey">;

const WHERE = "toolsift mcp";
const FORMS = '"local", "none" or "openai:<model>[:<dimensions>]"';
/** Largest `dimensions` accepted (the service's bound on TOOLSIFT_EMBEDDING's). */
const MAX_DIMENSIONS = 65_536;

/** An http(s) URL, without trailing slashes; `option` names the flag or config field in the error. */
export function readBaseUrl(option: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = typeof value === "string" ? new URL(value) : undefined;
  } catch {
    url = undefined; // reported below, with the value
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    invalidOption(WHERE, option, 'an http(s) URL such as "http://127.0.0.1:11434/v1"', value);
  }
  return (value as string).replace(/\/+$/, "");
}

/**
 * Reads `value` (`option` names the flag or config field in errors). `openai:<model>[:<dimensions>]` as the service's
 * TOOLSIFT_EMBEDDING reads it: the part after the last colon is the dimensions when it starts like a number (then an
 * integer in [1, 65,536]), else part of the model id (`nomic-embed-text:latest`).
 */
export function readEmbeddingChoice(option: string, value: unknown, baseURL: string | undefined): EmbeddingChoice {
  if (typeof value !== "string") invalidOption(WHERE, option, FORMS, value);
  const text = value.trim();
  if (text === "local" || text === "none") {
    if (baseURL !== undefined) invalidOption(WHERE, option, `"openai:<model>" with a base URL`, value);
    return { kind: text };
  }
  if (!text.startsWith("openai:")) invalidOption(WHERE, option, FORMS, value);
  let model = text.slice("openai:".length);
  let dimensions: number | undefined;
  const colon = model.lastIndexOf(":");
  const last = colon < 0 ? "" : model.slice(colon + 1).trim();
  if (colon >= 0 && /^[-+.\d]/.test(last)) {
    dimensions = Number(last);
    if (!/^\d+$/.test(last) || dimensions < 1 || dimensions > MAX_DIMENSIONS) {
      invalidOption(WHERE, option, `"openai:<model>:<dimensions>" with dimensions in [1, ${MAX_DIMENSIONS}]`, value);
    }
    model = model.slice(0, colon);
  }
  model = model.trim();
  if (model === "") invalidOption(WHERE, option, '"openai:<model>", e.g. "openai:text-embedding-3-small"', value);
  return { kind: "openai", model, dimensions, baseURL };
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

/**
 * `createOpenAI({ baseURL }).embedding(model)` from @ai-sdk/openai, imported on the first call (MISSING_DEPENDENCY with
 * the install command when it is not installed). The provider reads OPENAI_API_KEY (and OPENAI_BASE_URL when no base
 * URL is given) itself.
 */
export function openaiModel(choice: Extract<EmbeddingChoice, { kind: "openai" }>): EmbeddingModelV4 {
  const pkg = { name: "@ai-sdk/openai", neededBy: `toolsift mcp --embedding openai:${choice.model}` };
  return lazyEmbeddingModel({ provider: "openai.embedding", modelId: choice.model }, async () => {
    const { createOpenAI } = await import("@ai-sdk/openai").catch((cause: unknown) => {
      throw missingProvider(pkg, cause);
    });
    return createOpenAI(choice.baseURL === undefined ? {} : { baseURL: choice.baseURL }).embedding(choice.model);
  });
}
