// index.middleware(): a wrapLanguageModel middleware that sends the model only the selected tools.

import { fromModelMessages, type MessageLike } from "../conversation/model-messages.js";
import { optionsObject, rejectUnknownOptions } from "../support/validate-options.js";
import { stepsOf } from "./delivery/conversation-steps.js";
import { OFFER_OPTION_NAMES, offerPolicy } from "./offer-policy.js";
import type { OfferOptions } from "./offer-policy.js";
import { RECENT_TOOL_WINDOW } from "./recent-tools.js";
import { createStepSelection, runSteps, type SelectionFailedEvent, type StepInput } from "./step-selection.js";
import { pickSelectOptions, SELECT_OPTION_NAMES, type AdapterSelectOptions } from "./select-options.js";
import type { ToolSelector } from "./tool-selector.js";

/**
 * Options of `index.middleware()`: the select options but the conversation (read from each call's prompt), and what a
 * call is offered when nothing matches.
 */
export interface SelectionMiddlewareOptions extends AdapterSelectOptions, OfferOptions {}

/** The search meta-tool's name, as prepareStep's default `steps.searchToolName`. */
const SEARCH_TOOL_NAME = "search_tools";

const OWN_OPTIONS = OFFER_OPTION_NAMES satisfies readonly (keyof SelectionMiddlewareOptions)[];

interface ParamsLike {
  readonly prompt: readonly MessageLike[];
  readonly tools?: ReadonlyArray<{ readonly type: string; readonly name: string }>;
}

/** The middleware's `transformParams`, also callable directly with the fields of a call it reads. */
export interface DirectTransformParams {
  transformParams<PARAMS extends ParamsLike>(options: { params: PARAMS; type?: string }): Promise<PARAMS>;
}

/**
 * A LanguageModelV4 middleware: `transformParams` reads the query from the prompt and keeps the
 * selected function tools in `params.tools`. Provider-defined tools, and tools the index does not
 * know (a search meta-tool, say), are never removed. When the ranking is empty (no user text, or no
 * relevant tool) `onNoMatch` and `maxOfferAll` decide, as in `prepareStep`: the one step selection (step-selection.ts)
 * over the prompt and the catalog tools the call has, with prepareStep's default `steps` (the tools of the run's last
 * two steps stay; escalation after steps without a call; the search meta-tool `search_tools`).
 * Options are validated here, not at the first model call.
 */
export function createSelectionMiddleware(
  index: ToolSelector,
  options: SelectionMiddlewareOptions = {},
  /** Characters of a catalog tool's definition (for `smallCatalog`); a plain selector has none. */
  definitionLength?: (name: string) => number,
) {
  const where = "middleware";
  const given = optionsObject(where, options) ?? {};
  rejectUnknownOptions(where, given, [...SELECT_OPTION_NAMES, ...OWN_OPTIONS]);
  const selectOptions = pickSelectOptions(where, given);
  const allowedTools = selectOptions.allowedTools === undefined ? undefined : new Set(selectOptions.allowedTools);
  const selection = createStepSelection(index, {
    selectOptions,
    policy: offerPolicy(where, options),
    keepRecent: true,
    window: RECENT_TOOL_WINDOW,
    escalate: true,
    searchToolName: SEARCH_TOOL_NAME,
    onError: "fallback",
    emit: options.onEvent as ((event: SelectionFailedEvent) => void) | undefined,
    ...(definitionLength === undefined ? {} : { definitionLength }),
  });
  return {
    specificationVersion: "v4" as const,
    async transformParams<PARAMS extends ParamsLike>({ params }: { params: PARAMS; type?: string }): Promise<PARAMS> {
      if (params.tools === undefined || params.tools.length === 0) return params;
      const known = new Set(index.toolNames);
      // The call's catalog tools bound it, as allowedTools does; tools the index does not know are never removed.
      const present = params.tools.filter((tool) => tool.type === "function" && known.has(tool.name));
      const allowed = new Set(
        present.map((tool) => tool.name).filter((name) => allowedTools === undefined || allowedTools.has(name)),
      );
      const prompt = params.prompt as readonly MessageLike[];
      const input: StepInput = {
        conversation: fromModelMessages(prompt),
        steps: runSteps(stepsOf(prompt), SEARCH_TOOL_NAME),
        allowed,
      };
      let kept: ReadonlySet<string> | undefined;
      try {
        const selected = await selection.select(input);
        const names = selected.offered ?? selected.names;
        kept = names === undefined ? allowed : new Set(names);
      } catch (error) {
        const names = selection.failed(error, input);
        kept = names === undefined ? allowed : new Set(names);
      }
      const tools = params.tools.filter(
        (tool) => tool.type !== "function" || !known.has(tool.name) || kept.has(tool.name),
      );
      return { ...params, tools };
    },
  };
}
