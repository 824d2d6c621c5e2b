// Tool definitions as compact text for the conversation: the name and the description, then one line per parameter
// (its type as TypeScript writes it, the rest as a note). JSON Schema spends most of a definition's tokens on its own
// syntax; this keeps every keyword the model needs in about half the tokens, saying an opening shared by one API once.

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

/** What a schema position says besides its shape: its description, then its other keywords as JSON. */
function noteText(schema: Schema): string {
  const rest = Object.entries(schema).filter(([key]) => !SHAPE.has(key) && !DROPPED.has(key) && key !== "description");
  const description = typeof schema.description === "string" ? schema.description.trim() : "";
  const constraint = rest.length > 0 ? JSON.stringify(Object.fromEntries(rest)) : "";
  return [description, constraint].filter((part) => part !== "").join(" ");
}

/** One note per schema position with a description or a constraint: `  path: description {"minimum":1}`. */
function notes(schema: unknown, path: string, out: string[]): void {
  if (!isSchema(schema)) return;
  const text = noteText(schema);
  if (text !== "") out.push(`  ${path}: ${text}`);
  inner(schema, path, out);
}

/** The notes of the positions inside `schema` (its properties, items and alternatives). */
function inner(schema: Schema, path: string, out: string[]): void {
  if (isSchema(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) notes(property, `${path}.${name}`, out);
  }
  if (isSchema(schema.items)) notes(schema.items, `${path}[]`, out);
  for (const key of ["anyOf", "oneOf"] as const) {
    const members = schema[key];
    if (Array.isArray(members)) members.forEach((member) => notes(member, path, out));
  }
}

/**
 * A definition as compact text: `name: description`, then one line per parameter, `  a: string — what a is`
 * (`b?:` when optional; constraints as JSON, `{"default":10}`), and notes on what lies inside a parameter
 * (`  a.b: …`, `  a[]: …`). A tool without parameters is `name(): description`; a root schema that is not an object
 * with properties is kept as JSON (`name(input: {…}): description`): nothing a schema says is lost but `$schema` and
 * `additionalProperties`.
 */
export function compactDefinition(definition: DeliveredDefinition, description = definition.description): string {
  const schema = definition.inputSchema;
  const head = description.trim();
  if (!isSchema(schema) || !isSchema(schema.properties) || (schema.type ?? "object") !== "object") {
    return `${definition.name}(input: ${JSON.stringify(schema)}): ${head}`;
  }
  const parameters = Object.entries(schema.properties);
  const lines = [parameters.length === 0 ? `${definition.name}(): ${head}` : `${definition.name}: ${head}`];
  const rootNotes = noteText({ ...schema, description: undefined });
  if (rootNotes !== "") lines.push(`  input: ${rootNotes}`);
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [name, property] of parameters) {
    const note = isSchema(property) ? noteText(property) : "";
    const line = `  ${name}${required.has(name) ? "" : "?"}: ${typeOf(property)}`;
    lines.push(note === "" ? line : `${line} — ${note}`);
    if (isSchema(property)) inner(property, name, lines);
  }
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
 * The opening (`sharedOpening`) each description shares with the others that start with the same sentence of
 * `MIN_SHARED`+ characters, by tool name: one API's tools in a catalog. A tool whose first such sentence no other
 * description has is absent.
 */
export function familyOpenings(
  definitions: readonly Pick<DeliveredDefinition, "name" | "description">[],
): Map<string, string> {
  const bySentence = new Map<string, (typeof definitions)[number][]>();
  for (const definition of definitions) {
    const sentence = descriptionOpening(definition.description);
    if (sentence === undefined) continue;
    const members = bySentence.get(sentence);
    if (members === undefined) bySentence.set(sentence, [definition]);
    else members.push(definition);
  }
  const openings = new Map<string, string>();
  for (const members of bySentence.values()) {
    const opening = sharedOpening(members.map((member) => member.description));
    if (opening !== "") for (const member of members) openings.set(member.name, opening);
  }
  return openings;
}

/**
 * The opening a description shares with the rest of its family: the text up to the first sentence or label boundary
 * (`. ` or `: `) at or after `MIN_SHARED` characters; `undefined` when there is none.
 */
export function descriptionOpening(description: string): string | undefined {
  const sentence = description.indexOf(". ", MIN_SHARED);
  const label = description.indexOf(": ", MIN_SHARED);
  const end = sentence < 0 ? label : label < 0 ? sentence : Math.min(sentence, label);
  return end < 0 ? undefined : description.slice(0, end + 1);
}

/** What marks a heading as a reference to one stated in full earlier in the conversation. */
export const REFERENCE_MARK = "…";

/** Fewest words a reference keeps: enough to know the heading again, even where one word would tell it apart. */
const REFERENCE_WORDS = 5;

/**
 * How a heading stated in full earlier is referred to: its shortest opening words (at least `REFERENCE_WORDS`) no
 * other of `openings` starts with, then `…` (`This tool belongs to the Acme…`); the whole opening when no shorter
 * prefix will do.
 */
export function headingReference(opening: string, openings: Iterable<string>): string {
  const others = [...new Set(openings)].filter((other) => other !== opening);
  let words = 0;
  for (let end = opening.indexOf(" "); end > 0; end = opening.indexOf(" ", end + 1)) {
    const prefix = opening.slice(0, end);
    if (++words >= REFERENCE_WORDS && !others.some((other) => other.startsWith(prefix))) return prefix + REFERENCE_MARK;
  }
  return opening;
}

/** Where a delivery's headings come from, and which the conversation has stated in full already. */
export interface HeadingContext {
  /** Each tool's opening (`familyOpenings` of the whole catalog); tools absent have none. */
  readonly openings: ReadonlyMap<string, string>;
  /** Openings stated in full as `## opening` by earlier deliveries of the conversation (`statedHeadings`). */
  readonly stated: ReadonlySet<string>;
}

/** The openings stated in full as `## opening` lines in `texts` (earlier delivery messages), references left out. */
export function statedHeadings(texts: readonly string[]): Set<string> {
  const stated = new Set<string>();
  for (const text of texts)
    for (const line of text.split("\n"))
      if (line.startsWith("## ") && !line.endsWith(REFERENCE_MARK)) stated.add(line.slice(3));
  return stated;
}

/**
 * The definitions of one delivery as compact text. Tools whose descriptions open with the same sentences (their
 * family's opening, `context.openings`; by default the openings these definitions share) are put together under that
 * opening, stated once as a `## opening` heading line; their lines carry the rest. An opening an earlier delivery of
 * the conversation stated (`context.stated`) is not stated again: its heading is a reference (`headingReference`),
 * since the earlier message is in every later request.
 */
export function compactDefinitions(
  definitions: readonly DeliveredDefinition[],
  context: HeadingContext = { openings: familyOpenings(definitions), stated: new Set() },
): string[] {
  const lines: string[] = [];
  const placed = new Set<DeliveredDefinition>();
  const allOpenings = [...new Set(context.openings.values())];
  for (const first of definitions) {
    if (placed.has(first)) continue;
    const opening = context.openings.get(first.name) ?? "";
    const members =
      opening === "" ? [first] : definitions.filter((other) => context.openings.get(other.name) === opening);
    if (opening !== "")
      lines.push(`## ${context.stated.has(opening) ? headingReference(opening, allOpenings) : opening}`);
    for (const definition of members) {
      placed.add(definition);
      lines.push(compactDefinition(definition, definition.description.slice(opening.length)));
    }
  }
  return lines;
}
