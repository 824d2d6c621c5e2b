// Walks a JSON Schema and collects the text toolsift indexes: parameter names, descriptions and enum values.

import { ToolsiftError } from "../errors.js";
import { DEFAULT_CATALOG_LIMITS, limitExceeded, quotedToolName, type CatalogLimits } from "./catalog-limits.js";

/** The searchable text of one input schema, split by field. */
export interface SchemaText {
  /** Property names at any depth (`userId`, `filters.status`), one entry per property. */
  readonly parameterNames: string[];
  /** `description` and `title` of the schema and of every property at any depth. */
  readonly parameterDescriptions: string[];
  /** `enum` and `const` values (strings, numbers, booleans) at any depth. */
  readonly enumValues: string[];
}

type JsonObject = Record<string, unknown>;

/**
 * Paging parameters (`limit`, `cursor`, `page_size`, …): their prose ("Maximum number of results", "Cursor for the next
 * page") is the same in every list tool and says nothing of what the tool does, so a request's "numbers" or "next"
 * would meet it. Their names are indexed; their descriptions and titles are not.
 */
const PAGING =
  /^properties\.(?:limit|offset|(?:next_?|start_?)?cursor|(?:per_?|next_?)?page(?:_?(?:size|token))?|max_?results)$/i;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Resolves a local `$ref` ("#/$defs/Address", "#/definitions/x", "#/properties/a") against the root. A pointer
 * with broken percent-encoding ("#/%") is `INVALID_SCHEMA` naming the tool and the pointer.
 */
function resolveRef(root: JsonObject, ref: string, tool: string | undefined): unknown {
  if (!ref.startsWith("#")) return undefined;
  const path = ref
    .slice(1)
    .split("/")
    .filter((part) => part.length > 0);
  let node: unknown = root;
  for (const raw of path) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      // URIError is the only thing decodeURIComponent throws: the pointer is malformed, which the caller must hear.
      throw new ToolsiftError(
        "INVALID_SCHEMA",
        `${tool === undefined ? "A tool" : `Tool ${JSON.stringify(tool)}`}: the $ref ${JSON.stringify(ref.slice(0, 200))} ` +
          `is not a valid JSON pointer (bad percent-encoding in ${JSON.stringify(raw.slice(0, 100))}).`,
        { tool, field: "inputSchema", pointer: ref.slice(0, 200) },
      );
    }
    const key = decoded.replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as JsonObject)[key];
  }
  return node;
}

/**
 * Collects parameter names, descriptions and enum values from a JSON Schema. Follows local `$ref`s
 * once each (cycles cannot hang), nested objects, arrays, `anyOf`/`oneOf`/`allOf` and tuple items.
 * A schema over one of `limits` (depth, subschemas, one text's length, enum values, all its text) is
 * refused with `LIMIT_EXCEEDED` naming the tool, where in the schema, and the limit. Each subschema goes to
 * `onSubschema` with where it is (a function: the path is joined only when asked), in the same walk.
 */
export function collectSchemaText(
  schema: unknown,
  tool?: string,
  limits: CatalogLimits = DEFAULT_CATALOG_LIMITS,
  onSubschema?: (subschema: JsonObject, where: () => string) => void,
): SchemaText {
  const text: SchemaText = { parameterNames: [], parameterDescriptions: [], enumValues: [] };
  if (!isObject(schema)) return text;
  const root = schema;
  // Named only when a limit is exceeded: quoting a name per tool is work a valid catalog never needs.
  let quoted: string | undefined;
  const label = () => (quoted ??= tool === undefined ? "(unnamed)" : quotedToolName(tool));
  const visited = new Set<unknown>();
  // The keys from the root to the node being read, joined only for a message.
  const path: string[] = [];
  let nodes = 0;
  let enumCount = 0;
  let textLength = 0;

  const push = (
    out: string[],
    value: unknown,
    limit: "parameterNameLength" | "parameterDescriptionLength" | "enumValueLength",
    key: string,
  ): void => {
    let item: string;
    if (typeof value === "string") item = value;
    else if (typeof value === "number" || typeof value === "boolean") item = String(value);
    else return;
    if (item.length > limits[limit]) limitExceeded(label(), limit, limits[limit], item.length, where(key));
    textLength += item.length;
    if (textLength > limits.schemaTextLength) {
      limitExceeded(label(), "schemaTextLength", limits.schemaTextLength, textLength, where(key));
    }
    if (item.length > 0 || limit === "parameterNameLength") out.push(item);
  };
  const where = (key?: string): string => (key === undefined ? path : [...path, key]).join(".");
  const pushEnum = (value: unknown, key: string): void => {
    if (++enumCount > limits.enumValues) limitExceeded(label(), "enumValues", limits.enumValues, enumCount, where(key));
    push(text.enumValues, value, "enumValueLength", key);
  };

  const visit = (node: unknown, depth: number): void => {
    if (node === undefined || visited.has(node)) return;
    if (++nodes > limits.schemaNodes) limitExceeded(label(), "schemaNodes", limits.schemaNodes, nodes, where());
    if (depth > limits.schemaDepth) limitExceeded(label(), "schemaDepth", limits.schemaDepth, depth, where());
    if (!isObject(node)) return;
    visited.add(node);
    // One path segment per step ("properties.q"): no rest arguments or spreads per subschema.
    const child = (value: unknown, segment: string): void => {
      if (value === undefined) return;
      path.push(segment);
      visit(value, depth + 1);
      path.pop();
    };
    if (typeof node.$ref === "string") child(resolveRef(root, node.$ref, tool), "$ref");
    onSubschema?.(node, where);
    // A paging parameter's prose is left out (its name is pushed with its parent's properties).
    if (depth === 0 || !PAGING.test(path[path.length - 1])) {
      push(text.parameterDescriptions, node.description, "parameterDescriptionLength", "description");
      if (depth > 0) push(text.parameterDescriptions, node.title, "parameterDescriptionLength", "title");
    }
    if (Array.isArray(node.enum)) {
      const values: unknown[] = node.enum;
      for (let position = 0; position < values.length; position++) pushEnum(values[position], `enum.${position}`);
    }
    if ("const" in node) pushEnum(node.const, "const");
    if (isObject(node.properties)) {
      for (const [name, value] of Object.entries(node.properties)) {
        const shown = name.length > 100 ? `${name.slice(0, 100)}…` : name;
        path.push("properties");
        push(text.parameterNames, name, "parameterNameLength", shown);
        path.pop();
        child(value, `properties.${shown}`);
      }
    }
    if (isObject(node.patternProperties)) {
      for (const [pattern, value] of Object.entries(node.patternProperties))
        child(value, `patternProperties.${pattern}`);
    }
    if (isObject(node.additionalProperties)) child(node.additionalProperties, "additionalProperties");
    if (Array.isArray(node.items)) node.items.forEach((value: unknown, position) => child(value, `items.${position}`));
    else child(node.items, "items");
    if (Array.isArray(node.prefixItems)) {
      node.prefixItems.forEach((value: unknown, position) => child(value, `prefixItems.${position}`));
    }
    for (const key of ["anyOf", "oneOf", "allOf"] as const) {
      const branches = node[key];
      if (Array.isArray(branches)) branches.forEach((value: unknown, position) => child(value, `${key}.${position}`));
    }
    child(node.not, "not");
  };

  visit(root, 0);
  return text;
}
