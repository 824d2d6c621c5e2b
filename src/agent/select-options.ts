// The select options an adapter passes through to the index, split from its own options and validated at creation.

import { type SelectOptions } from "../options.js";
import { resolveSelectOptions } from "../resolve-select-options.js";

/** The select options an adapter takes: all but the conversation, which it reads from each call itself. */
export type AdapterSelectOptions = Omit<SelectOptions, "messages" | "previousTools">;

/** Every key of `AdapterSelectOptions` (a missing or extra key fails the type check). */
const SELECT_KEYS = {
  maxTools: true,
  minRelevance: true,
  adaptive: true,
  alwaysActive: true,
  allowedTools: true,
  relatedTools: true,
  maxCompanions: true,
} as const satisfies Record<keyof AdapterSelectOptions, true>;

export const SELECT_OPTION_NAMES = Object.keys(SELECT_KEYS) as (keyof AdapterSelectOptions)[];

/**
 * The select options among `options` (the adapter has rejected unknown keys already), validated now so a
 * bad value throws when the adapter is made, not at the first step inside the model loop.
 */
export function pickSelectOptions(where: string, options: Readonly<Record<string, unknown>>): AdapterSelectOptions {
  const picked: Record<string, unknown> = {};
  for (const name of SELECT_OPTION_NAMES) if (options[name] !== undefined) picked[name] = options[name];
  resolveSelectOptions(picked as SelectOptions, where);
  return picked as SelectOptions;
}
