// Namespaced tool names: `<server><separator><tool>`, and the check on a separator.

import { invalidOption } from "../support/validate-options.js";

/**
 * The default separator between a server's name and its tool's: two underscores, which every model API accepts in a
 * tool name (OpenAI: `^[a-zA-Z0-9_-]{1,64}$`) and which MCP server and tool names rarely hold.
 */
export const DEFAULT_SEPARATOR = "__";

/** The name a tool gets in the combined catalog. */
export function namespacedName(server: string, tool: string, separator: string): string {
  return `${server}${separator}${tool}`;
}

/** Checks a `separator` option: 1 to 8 characters of `A-Z a-z 0-9 _ . -`. */
export function checkSeparator(where: string, value: unknown): string {
  if (value === undefined) return DEFAULT_SEPARATOR;
  if (typeof value !== "string" || !/^[A-Za-z0-9_.-]{1,8}$/.test(value)) {
    invalidOption(where, "separator", "1 to 8 characters of A-Z, a-z, 0-9, _, . and -", value);
  }
  return value;
}
