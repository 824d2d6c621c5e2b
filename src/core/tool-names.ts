// Tool names checked as they are read: a non-empty string, within the length limit, with no invisible characters.

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";
import { limitExceeded, quotedToolName, type CatalogLimits } from "./catalog-limits.js";

/**
 * Characters a tool name may not hold: controls (Cc: NUL, newlines), format characters (Cf: bidi overrides,
 * zero-width spaces and joiners, the BOM, soft hyphens), line and paragraph separators (Zl, Zp), lone surrogates
 * (Cs: not encodable as UTF-8) and the other default-ignorable code points (variation selectors, Hangul fillers,
 * the combining grapheme joiner). Each is invisible or reorders text, so `send\u200bemail` would pass for
 * `send_email`'s twin and a model could not tell them apart.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** `U+200B` (the code point of the first character of `text`). */
function codePoint(text: string): string {
  return `U+${text.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Refuses a name over `limits.nameLength` (LIMIT_EXCEEDED) or holding an invisible character (INVALID_TOOL). */
export function checkNameText(name: string, position: number, limits: CatalogLimits): void {
  if (name.length > limits.nameLength) {
    limitExceeded(`at index ${position} (${quotedToolName(name)})`, "nameLength", limits.nameLength, name.length);
  }
  const found = INVISIBLE.exec(name);
  if (found !== null) {
    const shown = JSON.stringify(name.slice(0, 100)).replace(
      new RegExp(INVISIBLE.source, "gu"),
      (character) => `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`,
    );
    throw new ToolsiftError(
      "INVALID_TOOL",
      `Tool at index ${position} (${shown}): its name holds ${codePoint(found[0])} at character ${found.index}; ` +
        "control, format and invisible characters are not allowed in tool names (they make look-alike names).",
      { index: position, field: "name", codePoint: codePoint(found[0]), offset: found.index },
    );
  }
}

export function checkName(name: unknown, where: string, position: number, limits: CatalogLimits): string {
  if (typeof name !== "string") {
    throw new ToolsiftError("INVALID_TOOL", `${where}: field "name" must be a string, got ${describeValue(name)}.`, {
      field: "name",
      where,
    });
  }
  if (name.trim().length === 0) {
    throw new ToolsiftError("INVALID_TOOL", `${where}: field "name" must not be empty.`, { field: "name", where });
  }
  checkNameText(name, position, limits);
  return name;
}
