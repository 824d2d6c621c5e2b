// The schema keywords a provider refuses: `type` names of a programming language (BFCL's "dict", "float") where JSON
// Schema has its own, and a `properties` that is not an object. Only the root passes this check to an index
// (model-stages.ts): toolsift/core's size budget has no room.

import { quotedToolName } from "./catalog-limits.js";
import type { ToolsiftEvent } from "../events.js";
import type { CatalogWarning } from "./catalog-schema.js";

/** The types JSON Schema has. */
const JSON_SCHEMA_TYPES: ReadonlySet<unknown> = new Set([
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
]);

/** The JSON Schema type a programming language's type name stands for. */
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

function isJsonSchemaType(type: unknown): boolean {
  if (!Array.isArray(type)) return JSON_SCHEMA_TYPES.has(type);
  return type.length > 0 && type.every((item) => JSON_SCHEMA_TYPES.has(item));
}

/**
 * The warning for an input schema's `type` keyword that is not JSON Schema's (`"dict"`), `undefined` for one that
 * is (or for no `type`): the tool is indexed as it is, but a provider refuses it when it is sent, and every surface
 * serves the schema as it was given. Names the tool, the subschema (`where()`, `""` for the top) and what to write.
 */
export function foreignTypeWarning(tool: string, type: unknown, where: () => string): CatalogWarning | undefined {
  if (type === undefined || isJsonSchemaType(type)) return undefined;
  const path = where();
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
    field: "inputSchema",
    path,
    message:
      `Tool ${quotedToolName(tool)}: its inputSchema has "type": ${shown} ${path === "" ? "at the top" : `at ${path}`}, ` +
      "which is not a JSON Schema type; a provider refuses the tool when it is sent as it is. " +
      `${fix} (JSON Schema types: ${[...JSON_SCHEMA_TYPES].join(", ")}; "Schemas providers refuse" in docs/search.md).`,
  };
}

/**
 * The warning for a `properties` keyword that is not an object of parameter schemas (`"properties": 5`), `undefined`
 * for one that is (or for none): its parameters are not indexed, and a provider refuses the tool when it is sent.
 */
export function malformedPropertiesWarning(
  tool: string,
  properties: unknown,
  where: () => string,
): CatalogWarning | undefined {
  if (properties === undefined || (typeof properties === "object" && properties !== null && !Array.isArray(properties)))
    return undefined;
  const path = where();
  const text = JSON.stringify(properties) ?? String(properties);
  return {
    tool,
    field: "inputSchema",
    path: path === "" ? "properties" : `${path}.properties`,
    message:
      `Tool ${quotedToolName(tool)}: its inputSchema has "properties": ${text.length > 100 ? `${text.slice(0, 100)}…` : text} ` +
      `${path === "" ? "at the top" : `at ${path}`}, which must be an object of parameter schemas by name; those ` +
      "parameters are not indexed, and a provider refuses the tool when it is sent as it is.",
  };
}

/**
 * For one tool, `collectSchemaText`'s `onSubschema`: a `catalog-warning` emitted for each `type` keyword
 * `foreignTypeWarning` refuses and each `properties` keyword `malformedPropertiesWarning` refuses.
 */
export function reportSchemaTypes(
  tool: string,
  emit: (event: ToolsiftEvent) => void,
): (subschema: Record<string, unknown>, where: () => string) => void {
  return (subschema, where) => {
    const type = foreignTypeWarning(tool, subschema.type, where);
    if (type !== undefined) emit({ type: "catalog-warning", ...type });
    const properties = malformedPropertiesWarning(tool, subschema.properties, where);
    if (properties !== undefined) emit({ type: "catalog-warning", ...properties });
  };
}

/** `reportSchemaTypes`'s type, as an index's stages carry it. */
export type SchemaTypeReporter = typeof reportSchemaTypes;
