// Pinned tools (alwaysActive, provider tools) and the documents a selection must not rank.

import type { BuiltIndex } from "./built-index.js";
import type { PinReason } from "./types.js";

export interface Pin {
  readonly name: string;
  readonly reason: PinReason;
}

/** `alwaysActive` names first (each once), then provider tools not already named. */
export function pinnedTools(alwaysActive: readonly string[], providerPins: readonly Pin[]): readonly Pin[] {
  if (alwaysActive.length === 0) return providerPins;
  const pinned = new Map<string, PinReason>();
  for (const name of alwaysActive) if (!pinned.has(name)) pinned.set(name, "alwaysActive");
  for (const { name } of providerPins) if (!pinned.has(name)) pinned.set(name, "provider");
  return [...pinned].map(([name, reason]) => ({ name, reason }));
}

/**
 * Documents that must not rank: pinned tools (they are returned anyway) and tools outside `allowed`;
 * `keep` (explain's tool) is never excluded.
 */
export function excludedDocs(
  index: BuiltIndex,
  pinned: readonly Pin[],
  allowed: ReadonlySet<string> | undefined,
  keep?: number,
): number[] {
  const excluded: number[] = [];
  for (const { name } of pinned) {
    const doc = index.docOf.get(name);
    if (doc !== undefined && doc !== keep) excluded.push(doc);
  }
  if (allowed !== undefined) {
    index.docTools.forEach((tool, doc) => {
      if (!allowed.has(tool.name) && doc !== keep) excluded.push(doc);
    });
  }
  return excluded;
}
