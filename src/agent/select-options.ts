// The select options an adapter passes through to the index, split from its own options and validated at creation.

import { resolveSelectOptions, type SelectOptions } from "../options.js";

/** Every key of `SelectOptions` (a missing or extra key fails the type check). */
const SELECT_KEYS = {
  maxTools: true,
  threshold: true,
  adaptive: true,
  alwaysActive: true,
  allowedTools: true,
} as const satisfies Record<keyof SelectOptions, true>;

export const SELECT_OPTION_NAMES = Object.keys(SELECT_KEYS) as (keyof SelectOptions)[];

/**
 * The select options among `options` (the adapter has rejected unknown keys already), validated now so a
 * bad value throws when the adapter is made, not at the first step inside the model loop.
 */
export function pickSelectOptions(where: string, options: Readonly<Record<string, unknown>>): SelectOptions {
  const picked: Record<string, unknown> = {};
  for (const name of SELECT_OPTION_NAMES) if (options[name] !== undefined) picked[name] = options[name];
  resolveSelectOptions(picked as SelectOptions, where);
  return picked as SelectOptions;
}
