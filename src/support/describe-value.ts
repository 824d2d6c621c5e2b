// A short description of a value of the wrong type, for error messages ("got the string \"abc\"", "got an array").

/**
 * Describes `value` for an error message: `null`, `an array`, typed arrays by class, strings quoted
 * (cut at 40 characters), numbers and booleans as written, other values by `typeof`.
 */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (typeof value === "object") return "an object";
  return typeof value;
}
