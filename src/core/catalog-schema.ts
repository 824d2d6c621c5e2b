// Input schemas of every kind read into JSON Schema: plain, the AI SDK's wrappers, Standard JSON Schema, lazy ones.

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";
import { AI_SCHEMA } from "./ai-schema.js";
import { quotedToolName } from "./catalog-limits.js";

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

const JSON_SCHEMA_TYPE_LIST = "JSON Schema types: string, number, integer, boolean, object, array, null";

/** The JSON Schema type a programming language's type name stands for (BFCL's dialect writes Python's names). */
const JSON_TYPE_OF: Readonly<Record<string, string>> = {
  dict: "object",
  map: "object",
  float: "number",
  double: "number",
  int: "integer",
  long: "integer",
  list: "array",
  tuple: "array",
  str: "string",
  bool: "boolean",
};

/**
 * The warning for a `type` keyword that is not JSON Schema's (`"dict"`): the tool is indexed as it is, but a provider
 * refuses it when the AI SDK sends it, and every surface serves the schema as it was given. Names the tool, where,
 * and what to write instead.
 */
export function foreignTypeWarning(tool: string, field: string, path: string, type: unknown): CatalogWarning {
  const text = JSON.stringify(type) ?? String(type);
  const shown = text.length > 100 ? `${text.slice(0, 100)}…` : text;
  const name = typeof type === "string" ? type.toLowerCase() : "";
  const fix =
    name === "any"
      ? 'Leave "type" out there to allow any value'
      : Object.hasOwn(JSON_TYPE_OF, name)
        ? `Write "${JSON_TYPE_OF[name]}" there`
        : "Write one of JSON Schema's types there";
  return {
    tool,
    field,
    path,
    message:
      `Tool ${quotedToolName(tool)}: its ${field} has "type": ${shown} ${path === "" ? "at the top" : `at ${path}`}, ` +
      "which is not a JSON Schema type; " +
      "a provider refuses the tool when it is sent as it is. " +
      `${fix} (${JSON_SCHEMA_TYPE_LIST}; "Schemas providers refuse" in docs/search.md).`,
  };
}
