// The one check of a tool's input against its input schema, for every schema kind (call_tool, the MCP gateway and the
// service's MCP endpoint). JSON Schema is interpreted by @cfworker/json-schema, which generates no code, so the check
// runs where Cloudflare Workers and Vercel Edge forbid `new Function` (Ajv, the MCP SDK's default, needs it).

import { Validator, type OutputUnit, type Schema, type SchemaDraft } from "@cfworker/json-schema";
import { AI_SCHEMA } from "./core/ai-schema.js";
import { errorMessage } from "./support/error-message.js";

/** The checked input (transformed by the schema where it transforms, as zod's defaults do), or what is wrong. */
export type InputCheck =
  { readonly success: true; readonly value: unknown } | { readonly success: false; readonly message: string };

/** Most problems one message lists (a long array of bad items would otherwise fill the model's context). */
const MAX_PROBLEMS = 5;

/**
 * Checks `value`, the input of tool `tool`, against its `schema`:
 * - a Standard Schema (zod 4, valibot, arktype): its `~standard.validate`;
 * - an AI SDK schema (`jsonSchema()`, `zodSchema()`): its `validate` when it has one, else its JSON Schema;
 * - a plain JSON Schema object (an MCP tool's `inputSchema`, a converted catalog's): drafts 4, 7, 2019-09 and 2020-12,
 *   by its `$schema` (2020-12 without one, as MCP specifies);
 * - a lazy schema (a function, as `lazySchema()` gives) is called first; no schema accepts anything.
 *
 * A failure's message is `the input for "<tool>" does not match its inputSchema: <problems>`, each problem naming
 * the field as a JSON Pointer (`/content must be string`). A schema that throws while checking (a `$ref` that
 * resolves nowhere, a validate function that fails) is a failure too, saying so: the input was not shown to fit.
 */
export async function checkToolInput(tool: string, schema: unknown, value: unknown): Promise<InputCheck> {
  let problems: string[];
  try {
    const checked = await check(schema, value);
    if (!Array.isArray(checked)) return checked;
    problems = checked;
  } catch (error) {
    return {
      success: false,
      message: `the input for "${tool}" could not be checked against its inputSchema: ${errorMessage(error)}`,
    };
  }
  const shown = problems.slice(0, MAX_PROBLEMS).join("; ");
  const more = problems.length > MAX_PROBLEMS ? ` (and ${problems.length - MAX_PROBLEMS} more)` : "";
  return { success: false, message: `the input for "${tool}" does not match its inputSchema: ${shown}${more}` };
}

/** The value the schema accepts, or the problems it found. */
async function check(schema: unknown, value: unknown): Promise<{ success: true; value: unknown } | string[]> {
  if (typeof schema === "function") return check((schema as () => unknown)(), value);
  if (schema === undefined || schema === null) return { success: true, value };
  if (typeof schema === "boolean") return jsonSchemaProblems(schema, value);
  if (typeof schema !== "object") throw new TypeError(`the schema is a ${typeof schema}, not a schema object`);
  const record = schema as Record<string | symbol, unknown>;
  if (record[AI_SCHEMA] === true) {
    const validate = record.validate as ((value: unknown) => unknown) | undefined;
    if (typeof validate !== "function") return jsonSchemaProblems(await record.jsonSchema, value);
    const result = (await validate.call(schema, value)) as { success: boolean; value?: unknown; error?: unknown };
    return result.success ? { success: true, value: result.value } : errorProblems(result.error);
  }
  const standard = record["~standard"] as { validate?: (value: unknown) => unknown } | undefined;
  if (typeof standard?.validate === "function") {
    const result = (await standard.validate(value)) as { value?: unknown; issues?: readonly StandardIssue[] };
    return result.issues === undefined ? { success: true, value: result.value } : result.issues.map(issueText);
  }
  return jsonSchemaProblems(schema, value);
}

interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
}

/** An issue as `/a/0/b: message` (no path: the message alone). */
function issueText(issue: StandardIssue): string {
  const path = (issue.path ?? []).map((segment) => (typeof segment === "object" ? segment.key : segment));
  return path.length > 0 ? `${pointer(path)}: ${issue.message}` : issue.message;
}

/** What an AI SDK `validate` gave as its error: its issues when it has them (a ZodError), else its message. */
function errorProblems(error: unknown): string[] {
  const issues = (error as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) && issues.length > 0
    ? (issues as StandardIssue[]).map(issueText)
    : [errorMessage(error)];
}

/** A JSON Pointer of property names and indexes (`~` and `/` escaped). */
function pointer(path: readonly PropertyKey[]): string {
  return path.map((key) => `/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

// Each JSON Schema's validator, made once per schema object (from a copy: the validator marks the schema's nodes);
// it stops at the first failing keyword of each subschema, so what it reports grows with the schema, not the input.
const validators = new WeakMap<object, Validator>();

function validatorFor(schema: object | boolean): Validator {
  if (typeof schema === "boolean") return new Validator(schema);
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = new Validator(structuredClone(schema) as Schema, draftOf(schema), true);
    validators.set(schema, validator);
  }
  return validator;
}

/** The draft a schema names in `$schema`; 2020-12 when it names none (MCP's default dialect). */
function draftOf(schema: object): SchemaDraft {
  const uri = (schema as { $schema?: unknown }).$schema;
  if (typeof uri !== "string") return "2020-12";
  if (uri.includes("draft-04")) return "4";
  if (uri.includes("draft-06") || uri.includes("draft-07")) return "7";
  if (uri.includes("2019-09")) return "2019-09";
  return "2020-12";
}

function jsonSchemaProblems(schema: unknown, value: unknown): { success: true; value: unknown } | string[] {
  if (typeof schema !== "boolean" && (typeof schema !== "object" || schema === null || Array.isArray(schema))) {
    throw new TypeError(`its JSON Schema is ${schema === null ? "null" : typeof schema}, not an object`);
  }
  const { valid, errors } = validatorFor(schema).validate(value);
  return valid ? { success: true, value } : leaves(errors).map(problemText);
}

/** Keywords whose failure only says that something under them failed; their sub-results say what. */
const CONTAINERS = new Set([
  "properties",
  "patternProperties",
  "additionalProperties",
  "unevaluatedProperties",
  "propertyNames",
  "dependentSchemas",
  "dependencies",
  "items",
  "prefixItems",
  "additionalItems",
  "unevaluatedItems",
  "$ref",
  "$recursiveRef",
  "allOf",
  "if",
]);

/**
 * The failures that say what is wrong: a container's own failure is dropped when a failure under it (by keyword or
 * by field, or an `if`'s `then` / `else`) says more; the branches of a failed anyOf / oneOf are dropped, as none of
 * them had to hold.
 */
function leaves(units: readonly OutputUnit[]): OutputUnit[] {
  const alternatives = units.filter((unit) => unit.keyword === "anyOf" || unit.keyword === "oneOf");
  const kept = units.filter(
    (unit) => !alternatives.some((choice) => unit.keywordLocation.startsWith(`${choice.keywordLocation}/`)),
  );
  const leaves = kept.filter(
    (unit) =>
      !kept.some(
        (other) =>
          other !== unit &&
          (other.keywordLocation.startsWith(`${unit.keywordLocation}/`) ||
            (CONTAINERS.has(unit.keyword) && other.instanceLocation.startsWith(`${unit.instanceLocation}/`)) ||
            (unit.keyword === "if" && thenOrElseOf(unit, other))),
      ),
  );
  return leaves.length > 0 ? leaves : [...units];
}

/** Whether `other` failed in the `then` or `else` of the `if` that `unit` reports. */
function thenOrElseOf(unit: OutputUnit, other: OutputUnit): boolean {
  const parent = unit.keywordLocation.slice(0, -"/if".length);
  return other.keywordLocation.startsWith(`${parent}/then/`) || other.keywordLocation.startsWith(`${parent}/else/`);
}

/** One failure as `<field> <problem>`: the field a JSON Pointer (`/content`), or "the input" for the whole. */
function problemText(unit: OutputUnit): string {
  const location = decodeURI(unit.instanceLocation.slice(1));
  const at = location.length > 0 ? location : "the input";
  const text = unit.error.replace(/\.$/, "");
  switch (unit.keyword) {
    case "type": {
      const types = /^Instance type "(\w+)" is invalid\. Expected "(.+)"$/.exec(text);
      if (types !== null) return `${at} must be ${types[2].split('", "').join(" or ")}, not ${types[1]}`;
      break;
    }
    case "required": {
      const name = /^Instance does not have required property "(.*)"$/.exec(text);
      if (name !== null) return `${location}${pointer([name[1]])} is required`;
      break;
    }
    case "false":
      return `${at} is not allowed`;
    case "enum":
    case "const":
      return `${at} ${text.replace(/^Instance does not match (any of )?/, (_, any) => (any ? "must be one of " : "must be "))}`;
  }
  return `${at}: ${text.replace(/^Instance /, "")}`;
}
