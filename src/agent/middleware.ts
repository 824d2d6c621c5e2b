// index.middleware(): a wrapLanguageModel middleware that sends the model only the selected tools.

import { conversationQuery, endsInSmallTalk, type MessageLike } from "../conversation/model-messages.js";
import { optionsObject, rejectUnknownOptions } from "../support/validate-options.js";
import { companionCount, OFFER_OPTION_NAMES, offerPolicy, pinnedNames, rankedNames } from "./offer-policy.js";
import type { OfferOptions } from "./offer-policy.js";
import { pickSelectOptions, SELECT_OPTION_NAMES, type AdapterSelectOptions } from "./select-options.js";
import type { ToolSelector } from "./tool-selector.js";

/**
 * Options of `index.middleware()`: the select options but the conversation (read from each call's prompt), and what a
 * call is offered when nothing matches.
 */
export interface SelectionMiddlewareOptions extends AdapterSelectOptions, OfferOptions {}

const OWN_OPTIONS = OFFER_OPTION_NAMES satisfies readonly (keyof SelectionMiddlewareOptions)[];

interface ParamsLike {
  readonly prompt: readonly MessageLike[];
  readonly tools?: ReadonlyArray<{ readonly type: string; readonly name: string }>;
}

/**
 * A LanguageModelV4 middleware: `transformParams` reads the query from the prompt and keeps the
 * selected function tools in `params.tools`. Provider-defined tools, and tools the index does not
 * know (a search meta-tool, say), are never removed. When the ranking is empty (no user text, or no
 * relevant tool) `onNoMatch` and `maxOfferAll` decide, as in `prepareStep`: by default every tool stays when there is
 * no user text yet (up to `maxOfferAll` function tools), and only the pinned and unknown ones when nothing is relevant.
 * Options are validated here, not at the first model call.
 */
/** The middleware's `transformParams`, also callable directly with the fields of a call it reads. */
export interface DirectTransformParams {
  transformParams<PARAMS extends ParamsLike>(options: { params: PARAMS; type?: string }): Promise<PARAMS>;
}

export function createSelectionMiddleware(index: ToolSelector, options: SelectionMiddlewareOptions = {}) {
  const where = "middleware";
  const given = optionsObject(where, options) ?? {};
  rejectUnknownOptions(where, given, [...SELECT_OPTION_NAMES, ...OWN_OPTIONS]);
  const selectOptions = pickSelectOptions(where, given);
  const policy = offerPolicy(where, options);
  const allowed = selectOptions.allowedTools === undefined ? undefined : new Set(selectOptions.allowedTools);
  return {
    specificationVersion: "v4" as const,
    async transformParams<PARAMS extends ParamsLike>({ params }: { params: PARAMS; type?: string }): Promise<PARAMS> {
      if (params.tools === undefined || params.tools.length === 0) return params;
      const query = conversationQuery(params.prompt);
      let ranked: string[] = [];
      let companions = 0;
      let pinned: readonly string[] = selectOptions.alwaysActive ?? [];
      if (query.length > 0) {
        // The prompt's tool calls: the conversation's memory of tools, and what learnt usage predicts next.
        const { results } = await index.selectWithScores(query, { ...selectOptions, messages: params.prompt });
        ranked = rankedNames(results);
        companions = companionCount(results);
        pinned = [...(selectOptions.alwaysActive ?? []), ...pinnedNames(results)];
      }
      const known = new Set(index.toolNames);
      // allowedTools bounds every catalog tool the call is offered, "every tool" included.
      const offerable = params.tools.filter(
        (tool) => tool.type !== "function" || !known.has(tool.name) || allowed === undefined || allowed.has(tool.name),
      );
      const functionTools = offerable.filter((tool) => tool.type === "function").length;
      // A turn of conversation only ("thanks!"): the pinned tools, nothing from the task before (isSmallTalkTurn).
      if (endsInSmallTalk(params.prompt as readonly MessageLike[])) {
        policy.noMatch(query, functionTools);
        const pinnedNow = new Set(selectOptions.alwaysActive ?? []);
        return {
          ...params,
          tools: offerable.filter(
            (tool) => tool.type !== "function" || pinnedNow.has(tool.name) || !known.has(tool.name),
          ),
        };
      }
      // After a tool result the model is working on the request with the tools it called.
      const midTurn = (params.prompt as readonly MessageLike[]).at(-1)?.role === "tool";
      if (ranked.length === 0 && companions === 0 && policy.noMatch(query, functionTools, false, midTurn))
        return allowed === undefined ? params : { ...params, tools: offerable };
      const kept = new Set([...ranked, ...pinned]);
      const tools = offerable.filter(
        (tool) => tool.type !== "function" || kept.has(tool.name) || !known.has(tool.name),
      );
      return { ...params, tools };
    },
  };
}
