// The select options an adapter passes through to the index, split from its own options and validated at creation.

import { optionNames } from "../option-table.js";
import { type SelectOptions } from "../options.js";
import { resolveSelectOptions } from "../resolve-select-options.js";

/**
 * The select options an adapter takes: all but the conversation, which it reads from each call itself. `relatedTools`
 * replaces the index's map for every call of the adapter, as toolpick's prepareStep and middleware do.
 */
export type AdapterSelectOptions = Omit<SelectOptions, "messages" | "previousTools">;

/** Every key of `AdapterSelectOptions`: the option table's `a` (test/structure/option-table-keys.ts checks the two). */
export const SELECT_OPTION_NAMES = optionNames("a") as (keyof AdapterSelectOptions)[];

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
