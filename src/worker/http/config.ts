// Reads the TOOLSIFT_* variables into the service's settings: limits and tuning, range-checked, with defaults.

import { CATALOG_LIMIT_NAMES, type CatalogLimitName, type CatalogLimits } from "../../core/catalog-limits.js";
import { MAX_QUERY_LENGTH } from "../../options.js";
import type { NumberVariable, ServiceEnv } from "./env.js";
import { readEmbeddingSetting, type EmbeddingSetting } from "../embedding/embedding-setting.js";
import { ServiceError } from "./errors.js";
import { CATALOG_ID } from "./catalog-id.js";

/** Limits on what a caller may send; each breach is answered 413 with its own code. */
export interface ServiceLimits {
  /** Bytes of a `PUT /v1/catalogs/:id` body. */
  readonly maxBodyBytes: number;
  /** Bytes of a `POST …/select` body. */
  readonly maxSelectBodyBytes: number;
  /** Bytes of a `POST …/learn` body. */
  readonly maxLearnBodyBytes: number;
  /** Tools in one catalog (TOOLSIFT_MAX_TOOLS; not a selection's `maxTools`). */
  readonly maxCatalogTools: number;
  /** Characters of one tool's description (and of its title). */
  readonly maxDescriptionLength: number;
  /** Characters of `query` in a select request. */
  readonly maxQueryLength: number;
  /** The bounds on each tool's name and schema text (TOOLSIFT_MAX_NAME_LENGTH …), as toolsift's `limits` option. */
  readonly catalog: CatalogLimits;
}

export interface ServiceConfig {
  readonly limits: ServiceLimits;
  /** How long a warm catalog is served before its pointer is read again (0: on every request). */
  readonly recheckMs: number;
  /** How long one KV call may take before it counts as failed. */
  readonly kvTimeoutMs: number;
  /** Built catalog indexes kept per isolate (least recently used dropped first). */
  readonly warmCatalogs: number;
  /** Estimated bytes of the built catalog indexes kept per isolate (least recently used dropped first). */
  readonly warmBytes: number;
  readonly embedding: EmbeddingSetting;
  /**
   * How tool vectors are stored (TOOLSIFT_VECTOR_PRECISION): `auto` is int8 for the openai and workers-ai providers
   * (384 to 3,072 dimensions; float32 for `openai:<model>:<dims>` below 256) and float32 for `local` (100
   * dimensions) and models passed in code. `int8` keeps toolsift's 4-bit residuals (`rescore`: float32's
   * rankings); `int8-compact` drops them (2/3 of the vector bytes; near-tied tools may swap).
   */
  readonly vectorPrecision: VectorPrecision;
  /** `"*"`, or the allowed origins; empty: CORS off. */
  readonly corsOrigins: "*" | readonly string[];
  readonly seedDemo: string | undefined;
}

/** TOOLSIFT_VECTOR_PRECISION: how the service stores tool vectors. */
export type VectorPrecision = "auto" | "int8" | "int8-compact" | "float32";

const PRECISIONS: readonly VectorPrecision[] = ["auto", "int8", "int8-compact", "float32"];

interface NumberSetting {
  readonly variable: keyof ServiceEnv;
  readonly fallback: number;
  readonly min: number;
  readonly max: number;
}

const MiB = 1024 * 1024;

/** Defaults and ranges, also the source of the table in src/worker/README.md. */
export const NUMBER_SETTINGS = {
  maxBodyBytes: { variable: "TOOLSIFT_MAX_BODY_BYTES", fallback: 5 * MiB, min: 1024, max: 24 * MiB },
  maxSelectBodyBytes: { variable: "TOOLSIFT_MAX_SELECT_BODY_BYTES", fallback: 256 * 1024, min: 1024, max: 24 * MiB },
  maxLearnBodyBytes: { variable: "TOOLSIFT_MAX_LEARN_BODY_BYTES", fallback: MiB, min: 1024, max: 24 * MiB },
  maxCatalogTools: { variable: "TOOLSIFT_MAX_TOOLS", fallback: 5_000, min: 1, max: 100_000 },
  maxDescriptionLength: { variable: "TOOLSIFT_MAX_DESCRIPTION_LENGTH", fallback: 4_096, min: 1, max: 1_000_000 },
  maxQueryLength: { variable: "TOOLSIFT_MAX_QUERY_LENGTH", fallback: 2_000, min: 1, max: MAX_QUERY_LENGTH },
  recheckSeconds: { variable: "TOOLSIFT_RECHECK_SECONDS", fallback: 5, min: 0, max: 3_600 },
  kvTimeoutMs: { variable: "TOOLSIFT_KV_TIMEOUT_MS", fallback: 5_000, min: 1, max: 60_000 },
  warmCatalogs: { variable: "TOOLSIFT_WARM_CATALOGS", fallback: 8, min: 1, max: 1_000 },
  // An isolate has 128 MiB; the rest is the script, the local model's word vectors and requests in flight.
  // 32 MiB: with a 5,000-tool × 1,536 PUT's build peak (about 81 MiB, src/worker/README.md "Memory") an isolate stays
  // under its 128 MB.
  warmBytes: { variable: "TOOLSIFT_WARM_BYTES", fallback: 32 * MiB, min: 64 * 1024, max: 1024 * MiB },
} as const satisfies Record<string, NumberSetting>;

/**
 * toolsift's catalog limits (`limits`, by their own names) and the variable that sets each: below toolsift's
 * defaults, which the index keeps. Also in the README's table.
 */
export const CATALOG_LIMIT_SETTINGS = {
  nameLength: { variable: "TOOLSIFT_MAX_NAME_LENGTH", fallback: 128, min: 1, max: 1_000_000 },
  parameterNameLength: { variable: "TOOLSIFT_MAX_PARAMETER_NAME_LENGTH", fallback: 128, min: 1, max: 1_000_000 },
  parameterDescriptionLength: {
    variable: "TOOLSIFT_MAX_PARAMETER_DESCRIPTION_LENGTH",
    fallback: 4_096,
    min: 1,
    max: 1_000_000,
  },
  enumValueLength: { variable: "TOOLSIFT_MAX_ENUM_VALUE_LENGTH", fallback: 256, min: 1, max: 1_000_000 },
  enumValues: { variable: "TOOLSIFT_MAX_ENUM_VALUES", fallback: 1_000, min: 1, max: 1_000_000 },
  schemaDepth: { variable: "TOOLSIFT_MAX_SCHEMA_DEPTH", fallback: 32, min: 1, max: 1_000 },
  schemaNodes: { variable: "TOOLSIFT_MAX_SCHEMA_NODES", fallback: 2_000, min: 1, max: 1_000_000 },
  schemaTextLength: { variable: "TOOLSIFT_MAX_SCHEMA_TEXT_LENGTH", fallback: 100_000, min: 1, max: 24 * MiB },
} as const satisfies Record<CatalogLimitName, NumberSetting>;

function invalid(variable: string, expected: string, raw: unknown, note = ""): ServiceError {
  const message = `${variable} must be ${expected}, got ${JSON.stringify(raw)}${note}.`;
  return new ServiceError("INVALID_CONFIGURATION", message);
}

/** Unset, empty or blank: the default. A string must be decimal digits only (no `0x10`, `1e3`, `+5` or `5.0`). */
function integer(env: ServiceEnv, setting: NumberSetting): number {
  const raw = env[setting.variable] as NumberVariable;
  const text = typeof raw === "string" ? raw.trim() : raw;
  if (text === undefined || text === "") return setting.fallback;
  const value = typeof text === "number" ? text : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < setting.min || value > setting.max) {
    const range = `[${setting.min}, ${setting.max}]`;
    throw invalid(setting.variable, `an integer in ${range}`, raw, " (decimal digits only)");
  }
  return value;
}

/**
 * TOOLSIFT_CORS_ORIGINS: `*`, or comma-separated origins each exactly as a browser sends `Origin`
 * (`https://app.example.com`, `http://127.0.0.1:5173`: a scheme, a host, a port only when not the default; no path,
 * no trailing slash), else INVALID_CONFIGURATION naming the entry.
 */
function origins(value: string | undefined): "*" | readonly string[] {
  const list = (value ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0);
  if (list.includes("*")) return "*";
  for (const origin of list) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined; // not a URL: refused below, with the entry named
    }
    if (parsed === undefined || parsed.origin === "null" || parsed.origin !== origin) {
      const expected =
        parsed === undefined || parsed.origin === "null"
          ? 'an origin such as "https://app.example.com"'
          : `an origin as browsers send it: ${JSON.stringify(parsed.origin)}`;
      throw new ServiceError(
        "INVALID_CONFIGURATION",
        `TOOLSIFT_CORS_ORIGINS must be "*" or comma-separated origins, got ${JSON.stringify(value)}: the entry ` +
          `${JSON.stringify(origin)} is not ${expected} (a scheme and a host, a port only when not the default; no path).`,
      );
    }
  }
  return list;
}

const SECRETS = ["TOOLSIFT_ADMIN_TOKEN", "TOOLSIFT_READ_TOKEN", "TOOLSIFT_LEARN_TOKEN"] as const;

/**
 * The three service tokens: empty is unset; blank, or with whitespace around it (a newline from `echo … | wrangler
 * secret put`), no bearer token could ever match it, so it is refused. The value is never shown.
 */
function checkSecrets(env: ServiceEnv): void {
  for (const variable of SECRETS) {
    const secret = env[variable];
    if (secret === undefined || secret === "" || secret === secret.trim()) continue;
    const what = secret.trim() === "" ? "only whitespace" : "whitespace before or after it";
    throw new ServiceError(
      "INVALID_CONFIGURATION",
      `${variable} holds ${what} (${secret.length} characters; the value is not shown): no bearer token can match it. ` +
        "Set it again without the whitespace (e.g. printf '%s' \"$TOKEN\" | wrangler secret put …), or delete it.",
    );
  }
}

/** TOOLSIFT_SEED_DEMO: unset or blank, or a catalog id (the seed writes KV keys under it). */
function seedId(value: string | undefined): string | undefined {
  const seed = value?.trim();
  if (seed === undefined || seed === "") return undefined;
  if (!CATALOG_ID.test(seed)) {
    throw invalid(
      "TOOLSIFT_SEED_DEMO",
      'a catalog id (1–64 of A–Z a–z 0–9 "_" "-", starting with a letter or digit)',
      value,
    );
  }
  return seed;
}

/** Each of toolsift's catalog limits as its TOOLSIFT_MAX_* variable sets it. */
function catalogLimits(env: ServiceEnv): CatalogLimits {
  const entries = CATALOG_LIMIT_NAMES.map((name) => [name, integer(env, CATALOG_LIMIT_SETTINGS[name])]);
  return Object.fromEntries(entries) as Record<CatalogLimitName, number>;
}

const cached = new WeakMap<object, ServiceConfig>();

/** The settings for `env` (read once per env object; throws INVALID_CONFIGURATION naming the variable). */
export function readConfig(env: ServiceEnv): ServiceConfig {
  const known = cached.get(env);
  if (known !== undefined) return known;
  const embedding = readEmbeddingSetting(env);
  const precision = (env.TOOLSIFT_VECTOR_PRECISION ?? "auto").trim() || "auto";
  if (!PRECISIONS.includes(precision as VectorPrecision)) {
    throw new ServiceError(
      "INVALID_CONFIGURATION",
      `TOOLSIFT_VECTOR_PRECISION must be "auto", "int8", "int8-compact" or "float32", got ${JSON.stringify(env.TOOLSIFT_VECTOR_PRECISION)}.`,
    );
  }
  checkSecrets(env);
  const config: ServiceConfig = {
    limits: {
      maxBodyBytes: integer(env, NUMBER_SETTINGS.maxBodyBytes),
      maxSelectBodyBytes: integer(env, NUMBER_SETTINGS.maxSelectBodyBytes),
      maxLearnBodyBytes: integer(env, NUMBER_SETTINGS.maxLearnBodyBytes),
      maxCatalogTools: integer(env, NUMBER_SETTINGS.maxCatalogTools),
      maxDescriptionLength: integer(env, NUMBER_SETTINGS.maxDescriptionLength),
      maxQueryLength: integer(env, NUMBER_SETTINGS.maxQueryLength),
      catalog: catalogLimits(env),
    },
    recheckMs: integer(env, NUMBER_SETTINGS.recheckSeconds) * 1000,
    kvTimeoutMs: integer(env, NUMBER_SETTINGS.kvTimeoutMs),
    warmCatalogs: integer(env, NUMBER_SETTINGS.warmCatalogs),
    warmBytes: integer(env, NUMBER_SETTINGS.warmBytes),
    embedding,
    vectorPrecision: precision as VectorPrecision,
    corsOrigins: origins(env.TOOLSIFT_CORS_ORIGINS),
    seedDemo: seedId(env.TOOLSIFT_SEED_DEMO),
  };
  cached.set(env, config);
  return config;
}
