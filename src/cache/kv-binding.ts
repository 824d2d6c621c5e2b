// The one check of a Workers KV binding handed to a cache or a store: by shape, so `env.MY_KV` from any realm passes.

import { hasMethods, invalidOption } from "../support/validate-options.js";

/** Throws INVALID_OPTION naming `where`'s `namespace` option unless `namespace` has every one of `methods`. */
export function checkKvBinding(where: string, namespace: unknown, methods: readonly string[]): void {
  if (hasMethods(namespace, ...methods)) return;
  const listed = `${methods.slice(0, -1).join(", ")} and ${methods.at(-1)}`;
  invalidOption(where, "namespace", `a KV namespace binding (an object with ${listed}, e.g. env.MY_KV)`, namespace);
}
