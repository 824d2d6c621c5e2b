// Walks a JSON Schema and collects the text toolsift indexes: parameter names, descriptions and enum values.

import { ToolsiftError } from "../errors.js";

/** The searchable text of one input schema, split by field. */
export interface SchemaText {
  /** Property names at any depth (`userId`, `filters.status`), one entry per property. */
  readonly parameterNames: string[];
  /** `description` and `title` of the schema and of every property at any depth. */
  readonly parameterDescriptions: string[];
  /** `enum` and `const` values (strings, numbers, booleans) at any depth. */
  readonly enumValues: string[];
}

// Bounds keep hostile or generated schemas from costing more than they are worth to search.
const MAX_DEPTH = 24;
const MAX_NODES = 2_000;

type JsonObject = Record<string, unknown>;

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

function pushScalar(out: string[], value: unknown): void {
  if (typeof value === "string") {
    if (value.length > 0) out.push(value);
  } else if (typeof value === "number" || typeof value === "boolean") {
    out.push(String(value));
  }
}

/**
 * Collects parameter names, descriptions and enum values from a JSON Schema. Follows local `$ref`s
 * once each (cycles cannot hang), nested objects, arrays, `anyOf`/`oneOf`/`allOf` and tuple items.
 */
export function collectSchemaText(schema: unknown, tool?: string): SchemaText {
  const text: SchemaText = { parameterNames: [], parameterDescriptions: [], enumValues: [] };
  if (!isObject(schema)) return text;
  const root = schema;
  const visited = new Set<unknown>();
  let nodes = 0;

  const visit = (node: unknown, depth: number): void => {
    if (!isObject(node) || depth > MAX_DEPTH || nodes >= MAX_NODES || visited.has(node)) return;
    visited.add(node);
    nodes++;
    if (typeof node.$ref === "string") visit(resolveRef(root, node.$ref, tool), depth + 1);
    pushScalar(text.parameterDescriptions, node.description);
    if (depth > 0) pushScalar(text.parameterDescriptions, node.title);
    if (Array.isArray(node.enum)) for (const value of node.enum) pushScalar(text.enumValues, value);
    if ("const" in node) pushScalar(text.enumValues, node.const);
    if (isObject(node.properties)) {
      for (const [name, child] of Object.entries(node.properties)) {
        text.parameterNames.push(name);
        visit(child, depth + 1);
      }
    }
    if (isObject(node.patternProperties))
      for (const child of Object.values(node.patternProperties)) visit(child, depth + 1);
    if (isObject(node.additionalProperties)) visit(node.additionalProperties, depth + 1);
    if (Array.isArray(node.items)) for (const child of node.items) visit(child, depth + 1);
    else visit(node.items, depth + 1);
    if (Array.isArray(node.prefixItems)) for (const child of node.prefixItems) visit(child, depth + 1);
    for (const key of ["anyOf", "oneOf", "allOf"] as const) {
      const branches = node[key];
      if (Array.isArray(branches)) for (const child of branches) visit(child, depth + 1);
    }
    visit(node.not, depth + 1);
  };

  visit(root, 0);
  return text;
}
