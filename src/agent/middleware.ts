// index.middleware(): a wrapLanguageModel middleware that sends the model only the selected tools.

import type { SelectOptions } from "../options.js";
import { conversationQuery, type MessageLike } from "./conversation-query.js";

/** The selection the middleware makes (a ToolIndex has it). */
export interface MiddlewareSelector {
  readonly toolNames: readonly string[];
  select(query: string, options?: SelectOptions): Promise<string[]>;
}

interface ParamsLike {
  readonly prompt: readonly MessageLike[];
  readonly tools?: ReadonlyArray<{ readonly type: string; readonly name: string }>;
}

/**
 * A LanguageModelV4 middleware: `transformParams` reads the query from the prompt and keeps the
 * selected function tools in `params.tools`. Provider-defined tools, and tools the index does not
 * know (a search meta-tool, say), are never removed; with no query the tools stay as they are.
 */
export function createSelectionMiddleware(index: MiddlewareSelector, options: SelectOptions = {}) {
  return {
    specificationVersion: "v4" as const,
    async transformParams<PARAMS extends ParamsLike>({ params }: { params: PARAMS; type?: string }): Promise<PARAMS> {
      if (params.tools === undefined || params.tools.length === 0) return params;
      const query = conversationQuery(params.prompt);
      if (query.length === 0) return params;
      const selected = new Set(await index.select(query, options));
      const known = new Set(index.toolNames);
      const tools = params.tools.filter((tool) => tool.type !== "function" || selected.has(tool.name) || !known.has(tool.name));
      return { ...params, tools };
    },
  };
}
