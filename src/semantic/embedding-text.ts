// What toolsift embeds for a tool, and the content hash that keys its cached vector.

import type { ToolFields } from "../core/fields.js";

// Long schemas say little more after this; embedding APIs bill by token.
const MAX_EMBEDDING_TEXT = 2_000;

/** The text embedded for one tool: its name as words, its description, then its parameter names and descriptions. */
export function embeddingText(fields: ToolFields): string {
  const name = fields.name.replace(/[_.\-/]+/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2");
  const parts = [name.trim()];
  if (fields.description.trim().length > 0) parts.push(fields.description.trim());
  if (fields.parameterNames.length > 0) parts.push(`Parameters: ${fields.parameterNames.replace(/[_-]+/g, " ")}`);
  if (fields.parameterDescriptions.length > 0) parts.push(fields.parameterDescriptions.replace(/\s+/g, " ").trim());
  const text = parts.join("\n");
  return text.length <= MAX_EMBEDDING_TEXT ? text : text.slice(0, MAX_EMBEDDING_TEXT);
}

/** 64-bit FNV-1a of a string (UTF-16 code units) as 16 hex digits: cache keys, not security. */
export function textHash(text: string): string {
  // Two 32-bit halves of a 64-bit FNV-1a, computed with 16-bit limbs to stay exact in JS numbers.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let i = 0; i < text.length; i++) {
    h0 ^= text.charCodeAt(i) & 0xffff;
    // Multiply by the FNV prime 0x100000001b3 = 2^40 + 0x1b3.
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3;
    const t2 = h2 * 0x1b3 + (h0 << 8);
    const t3 = h3 * 0x1b3 + (h1 << 8);
    const c1 = t1 + (t0 >>> 16);
    const c2 = t2 + (c1 >>> 16);
    h0 = t0 & 0xffff;
    h1 = c1 & 0xffff;
    h2 = c2 & 0xffff;
    h3 = (t3 + (c2 >>> 16)) & 0xffff;
  }
  const hex = (value: number) => value.toString(16).padStart(4, "0");
  return hex(h3) + hex(h2) + hex(h1) + hex(h0);
}
