// Reads TOOLSIFT_EMBEDDING (`local`, `none`, `openai:<model>[:<dims>]`, `workers-ai:<model>`) and what each needs.

import type { ServiceEnv } from "../http/env.js";
import { ServiceError } from "../http/errors.js";

/** The embedding model TOOLSIFT_EMBEDDING names, as read and checked. */
export type EmbeddingSetting =
  | { readonly kind: "local" }
  | { readonly kind: "none" }
  | {
      readonly kind: "openai";
      readonly model: string;
      /** Vector length asked of the API (`dimensions`); undefined: the model's own. */
      readonly dimensions: number | undefined;
      readonly apiKey: string;
      /** An OpenAI-compatible server's base URL (TOOLSIFT_OPENAI_BASE_URL); undefined: OpenAI's. */
      readonly baseURL: string | undefined;
    }
  | { readonly kind: "workers-ai"; readonly model: string };

/** Largest `dimensions` accepted (toolsift's own bound on the option). */
const MAX_DIMENSIONS = 65_536;

const FORMS = '"local", "none", "openai:<model>[:<dimensions>]" or "workers-ai:<model>"';

function invalid(message: string): ServiceError {
  return new ServiceError("INVALID_CONFIGURATION", message);
}

/**
 * `openai:<model>[:<dimensions>]`: the part after the last colon is the dimensions when it starts like a number
 * (a digit, a sign or a dot) and must then be an integer in [1, 65,536]; otherwise it belongs to the model id
 * (an OpenAI-compatible server's `nomic-embed-text:latest`).
 */
function openaiParts(rest: string, raw: string): { model: string; dimensions: number | undefined } {
  const colon = rest.lastIndexOf(":");
  const last = colon < 0 ? "" : rest.slice(colon + 1).trim();
  if (colon < 0 || (last !== "" && !/^[-+.\d]/.test(last))) return { model: rest.trim(), dimensions: undefined };
  const dimensions = Number(last);
  if (!/^\d+$/.test(last) || !Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_DIMENSIONS) {
    throw invalid(
      `TOOLSIFT_EMBEDDING: the dimensions of ${JSON.stringify(raw)} must be an integer in [1, ${MAX_DIMENSIONS}], ` +
        `got ${JSON.stringify(last)}; e.g. "openai:text-embedding-3-small:512", or leave ":<dimensions>" out.`,
    );
  }
  return { model: rest.slice(0, colon).trim(), dimensions };
}

function baseUrlOf(env: ServiceEnv): string | undefined {
  const raw = env.TOOLSIFT_OPENAI_BASE_URL?.trim();
  if (raw === undefined || raw === "") return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined; // reported below, with the value
  }
  if (url === undefined || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw invalid(
      `TOOLSIFT_OPENAI_BASE_URL must be an http(s) URL such as "https://api.openai.com/v1", ` +
        `got ${JSON.stringify(env.TOOLSIFT_OPENAI_BASE_URL)}.`,
    );
  }
  return raw.replace(/\/+$/, "");
}

/**
 * TOOLSIFT_EMBEDDING read and checked against the env: an unknown scheme, a missing model, dimensions that are not
 * an integer, `openai:` without the OPENAI_API_KEY secret or `workers-ai:` without the `AI` binding each throw
 * INVALID_CONFIGURATION naming the variable, its value and what to set.
 */
export function readEmbeddingSetting(env: ServiceEnv): EmbeddingSetting {
  const raw = env.TOOLSIFT_EMBEDDING;
  const value = (raw ?? "local").trim() || "local";
  if (value === "local" || value === "none") return { kind: value };
  const colon = value.indexOf(":");
  const scheme = colon < 0 ? value : value.slice(0, colon);
  const rest = colon < 0 ? "" : value.slice(colon + 1);
  if (scheme !== "openai" && scheme !== "workers-ai") {
    throw invalid(`TOOLSIFT_EMBEDDING must be ${FORMS}, got ${JSON.stringify(raw)}.`);
  }
  if (scheme === "workers-ai") {
    const model = rest.trim();
    if (model === "") {
      throw invalid(
        `TOOLSIFT_EMBEDDING ${JSON.stringify(raw)} names no model: use "workers-ai:<model>", ` +
          'e.g. "workers-ai:@cf/baai/bge-base-en-v1.5".',
      );
    }
    const binding = env.AI as { run?: unknown } | undefined;
    if (typeof binding !== "object" || binding === null || typeof binding.run !== "function") {
      throw invalid(
        `TOOLSIFT_EMBEDDING is ${JSON.stringify(raw)} but the Worker has no Workers AI binding named "AI": ` +
          'add `[ai]` with `binding = "AI"` to wrangler.toml.',
      );
    }
    return { kind: "workers-ai", model };
  }
  const { model, dimensions } = openaiParts(rest, value);
  if (model === "") {
    throw invalid(
      `TOOLSIFT_EMBEDDING ${JSON.stringify(raw)} names no model: use "openai:<model>[:<dimensions>]", ` +
        'e.g. "openai:text-embedding-3-small" or "openai:text-embedding-3-small:512".',
    );
  }
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (apiKey === undefined || apiKey === "") {
    throw invalid(
      `TOOLSIFT_EMBEDDING is ${JSON.stringify(raw)} but the OPENAI_API_KEY secret is not set: ` +
        "`npx wrangler secret put OPENAI_API_KEY` (any non-empty value for a server that needs no key).",
    );
  }
  return { kind: "openai", model, dimensions, apiKey, baseURL: baseUrlOf(env) };
}
