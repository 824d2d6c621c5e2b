// Tool definitions as compact text for the conversation: a TypeScript-like signature, the description, and one note
// line per documented parameter. JSON Schema spends most of a definition's tokens on its own syntax; this keeps every
// keyword the model needs (the shape as types, the rest as notes) in about three quarters of the tokens.

/** One tool definition as delivered: what a provider's tools array would hold for it. */
export interface DeliveredDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: unknown;
}

type Schema = Record<string, unknown>;

/** Keywords the type expression says; every other keyword of a schema becomes a note. */
const SHAPE = new Set(["type", "enum", "const", "items", "properties", "required", "anyOf", "oneOf"]);
/** Keywords dropped: the draft, and a closed object (the call is checked against the real schema anyway). */
const DROPPED = new Set(["$schema", "additionalProperties"]);

const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The schema's type as TypeScript would write it (`string`, `"a" | "b"`, `{ id: integer, tags?: string[] }`). */
function typeOf(schema: unknown): string {
  if (!isSchema(schema)) return "any";
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  const members = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (members !== undefined) return members.map((member) => grouped(typeOf(member))).join(" | ");
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.map((type) => grouped(oneType(schema, type))).join(" | ");
}

function oneType(schema: Schema, type: unknown): string {
  if (type === "array") return `${grouped(typeOf(schema.items))}[]`;
  if (type === "object" || (type === undefined && isSchema(schema.properties))) {
    return isSchema(schema.properties) ? objectType(schema) : "object";
  }
  return typeof type === "string" ? type : "any";
}

function objectType(schema: Schema): string {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields = Object.entries(schema.properties as Schema).map(
    ([name, property]) => `${name}${required.has(name) ? "" : "?"}: ${typeOf(property)}`,
  );
  return fields.length === 0 ? "{}" : `{ ${fields.join(", ")} }`;
}

const grouped = (type: string) => (type.includes(" | ") ? `(${type})` : type);

/** One note per schema position with a description or a constraint: `  path: description {"minimum":1}`. */
function notes(schema: unknown, path: string, out: string[]): void {
  if (!isSchema(schema)) return;
  if (path !== "") {
    const rest = Object.entries(schema).filter(
      ([key]) => !SHAPE.has(key) && !DROPPED.has(key) && key !== "description",
    );
    const description = typeof schema.description === "string" ? schema.description.trim() : "";
    const constraint = rest.length > 0 ? JSON.stringify(Object.fromEntries(rest)) : "";
    const text = [description, constraint].filter((part) => part !== "").join(" ");
    if (text !== "") out.push(`  ${path}: ${text}`);
  }
  if (isSchema(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      notes(property, path === "" ? name : `${path}.${name}`, out);
    }
  }
  if (isSchema(schema.items)) notes(schema.items, `${path}[]`, out);
  for (const key of ["anyOf", "oneOf"] as const) {
    const members = schema[key];
    if (Array.isArray(members)) members.forEach((member) => notes(member, path, out));
  }
}

/**
 * A definition as compact text: `name({ a: string, b?: integer }): description`, then `  a: what a is` per parameter
 * with a description or constraint (`{"default":10}`). A root schema that is not an object with properties is kept as
 * JSON (`name(input: {…}): description`): nothing a schema says is lost but `$schema` and `additionalProperties`.
 */
export function compactDefinition(definition: DeliveredDefinition, description = definition.description): string {
  const schema = definition.inputSchema;
  const head = description.trim();
  if (!isSchema(schema) || !isSchema(schema.properties) || (schema.type ?? "object") !== "object") {
    return `${definition.name}(input: ${JSON.stringify(schema)}): ${head}`;
  }
  const rootNotes = Object.entries(schema).filter(
    ([key]) => !SHAPE.has(key) && !DROPPED.has(key) && key !== "description",
  );
  const parameters = Object.keys(schema.properties).length === 0 ? "" : objectType(schema);
  const lines = [`${definition.name}(${parameters}): ${head}`];
  if (rootNotes.length > 0) lines.push(`  input: ${JSON.stringify(Object.fromEntries(rootNotes))}`);
  notes(schema, "", lines);
  return lines.join("\n");
}

/** Shortest shared opening worth stating once: ends a sentence (or a `Label:`), 40+ characters. */
export const MIN_SHARED = 40;

/**
 * The longest opening the descriptions share that ends at a sentence or label boundary (`. ` or `: `), when at least
 * two descriptions have it and it is long enough to be worth a heading; `""` otherwise.
 */
export function sharedOpening(descriptions: readonly string[]): string {
  if (descriptions.length < 2) return "";
  let common = descriptions[0];
  for (const description of descriptions.slice(1)) {
    let length = 0;
    while (length < common.length && common[length] === description[length]) length++;
    common = common.slice(0, length);
  }
  const end = Math.max(common.lastIndexOf(". "), common.lastIndexOf(": "));
  return end + 1 >= MIN_SHARED ? common.slice(0, end + 1) : "";
}

/**
 * The definitions of one delivery as compact text. Tools whose descriptions open with the same sentences are put
 * together under that opening, stated once as a `## opening` heading line; their lines carry the rest.
 */
export function compactDefinitions(definitions: readonly DeliveredDefinition[]): string[] {
  const lines: string[] = [];
  const placed = new Set<DeliveredDefinition>();
  for (const first of definitions) {
    if (placed.has(first)) continue;
    const group = definitions.filter(
      (other) =>
        other === first || (!placed.has(other) && sharedOpening([first.description, other.description]) !== ""),
    );
    const opening = sharedOpening(group.map((definition) => definition.description));
    const members = opening === "" ? [first] : group;
    if (opening !== "") lines.push(`## ${opening}`);
    for (const definition of members) {
      placed.add(definition);
      lines.push(compactDefinition(definition, definition.description.slice(opening.length)));
    }
  }
  return lines;
}
