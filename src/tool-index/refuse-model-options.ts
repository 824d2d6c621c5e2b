// toolsift/core's model options: it has no model stages (model-stages.ts), so each option that needs one is refused
// with the option's name and the entry to import instead, rather than ignored.

import { ToolsiftError } from "../errors.js";
import type { ToolIndexOptions } from "../options.js";
import { choiceOption } from "../support/validate-options.js";
import type { ResolvedModelOptions } from "./model-stages.js";

/**
 * The root's options that need a model, by name or `group.key`: a group named here is refused whole. The model rows of
 * the option table (model-option-table.ts, which toolsift/core does not bundle); test/structure/option-table-keys.ts
 * proves the two name the same options.
 */
const MODEL_GROUPS = ["embedding", "enrichment"] as const;
export const MODEL_OPTIONS = [
  "embeddingModel",
  "rerankerModel",
  "onError",
  "keyword.queryExpansion",
  "embeddingCache",
  "enrichDescriptions",
  ...MODEL_GROUPS,
] as const;

const KEYWORD_ONLY: ResolvedModelOptions = {
  semantic: undefined,
  strategy: "keyword",
  expansion: undefined,
  rerankerModel: undefined,
  enrichmentModel: undefined,
  enrichmentCache: undefined,
  abortSignal: undefined,
};

function refused(option: string, value?: string): never {
  const what = value === undefined ? `option "${option}"` : `option "${option}" set to "${value}"`;
  throw new ToolsiftError(
    "INVALID_OPTION",
    `createToolIndex from "toolsift/core": ${what} needs a model, and "toolsift/core" ranks by keywords only: ` +
      `import createToolIndex from "toolsift" for it.`,
    { option, ...(value === undefined ? {} : { value }) },
  );
}

/** Keyword search only: `strategy` "keyword" (or toolpick's "hybrid"); any model option throws `INVALID_OPTION`. */
export function refuseModelOptions(options: ToolIndexOptions | undefined): ResolvedModelOptions {
  const strategy = choiceOption(
    "createToolIndex",
    "strategy",
    options?.strategy,
    ["keyword", "semantic", "combined", "hybrid"],
    "keyword",
  );
  const given = (options ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const path of MODEL_OPTIONS) {
    const [name, key] = path.split(".");
    const value = key === undefined ? given[name] : given[name]?.[key];
    // A group is refused whole, named by the first key it holds (`embedding.cache`).
    const first = (MODEL_GROUPS as readonly string[]).includes(path) ? Object.keys(value ?? {})[0] : undefined;
    if (value !== undefined) refused(first === undefined ? path : `${path}.${first}`);
  }
  if (strategy === "semantic" || strategy === "combined") refused("strategy", strategy);
  return KEYWORD_ONLY;
}
