// Input schemas of every kind read into JSON Schema: plain, the AI SDK's wrappers, Standard JSON Schema, lazy ones.

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";
import { AI_SCHEMA } from "./ai-schema.js";

/** A problem found while reading the catalog that did not stop indexing (reported through `onEvent`). */
export interface CatalogWarning {
  readonly tool: string;
  readonly field: string;
  /** Where in the field (a schema's `properties.location`; `""`: its root), when the warning is about one place. */
  readonly path?: string;
  readonly message: string;
  readonly cause?: unknown;
}

function isObject(value: unknown): value is Record<string | symbol, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return isObject(value) && typeof (value as { then?: unknown }).then === "function";
}

export interface ResolvedSchema {
  schema: unknown;
  pending: PromiseLike<unknown> | undefined;
}

const NO_SCHEMA: ResolvedSchema = { schema: undefined, pending: undefined };

/**
 * Reads an input schema of any kind into JSON Schema: plain JSON Schema, the AI SDK's `jsonSchema()` /
 * `zodSchema()` wrappers, Standard JSON Schema (zod 4, valibot, arktype), or a lazy schema function.
 * A schema that cannot be read is reported as a warning and the tool indexed without parameters.
 */
export function resolveSchema(tool: string, field: string, value: unknown, warnings: CatalogWarning[]): ResolvedSchema {
  const skip = (what: string, cause?: unknown): ResolvedSchema => {
    warnings.push({
      tool,
      field,
      message: `${what}; indexed without parameters`,
      ...(cause === undefined ? {} : { cause }),
    });
    return NO_SCHEMA;
  };
  if (value === undefined || value === null) return NO_SCHEMA;
  if (typeof value === "function") {
    let produced: unknown;
    try {
      produced = (value as () => unknown)();
    } catch (cause) {
      return skip(`calling the lazy schema of tool "${tool}" threw`, cause);
    }
    return resolveSchema(tool, field, produced, warnings);
  }
  if (!isObject(value)) {
    throw new ToolsiftError(
      "INVALID_SCHEMA",
      `Tool "${tool}": field "${field}" must be a JSON Schema object or a schema, got ${describeValue(value)}.`,
      { tool, field },
    );
  }
  if (value[AI_SCHEMA] === true && "jsonSchema" in value) {
    let json: unknown;
    try {
      json = value.jsonSchema;
    } catch (cause) {
      return skip(`reading the JSON Schema of tool "${tool}" threw`, cause);
    }
    return isThenable(json) ? { schema: undefined, pending: json } : { schema: json, pending: undefined };
  }
  const standard = value["~standard"];
  if (isObject(standard)) {
    const converter = standard.jsonSchema;
    const vendor = String(standard.vendor);
    if (!isObject(converter) || typeof converter.input !== "function") {
      return skip(`the ${vendor} schema of tool "${tool}" offers no JSON Schema conversion`);
    }
    try {
      const input = converter.input as (options: { target: string }) => unknown;
      return { schema: input({ target: "draft-07" }), pending: undefined };
    } catch (cause) {
      return skip(`converting the ${vendor} schema of tool "${tool}" to JSON Schema threw`, cause);
    }
  }
  return { schema: value, pending: undefined };
}
