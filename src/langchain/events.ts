// Events the LangChain middleware reports through `onEvent`, on top of the index's own `ToolsiftEvent`s.

import type { ToolsSelectedEvent } from "../agent/call-selection.js";
import type { NoMatchEvent } from "../agent/offer-policy.js";
import type { SelectionFailedEvent } from "../agent/step-selection.js";
import type { ToolsiftEvent } from "../events.js";

/** Everything `toolsiftMiddleware({ onEvent })` receives. */
export type ToolsiftMiddlewareEvent =
  | ToolsiftEvent
  /** A model call was offered these tools; `available`: the tools the agent offered it, provider tools included. */
  | ToolsSelectedEvent
  | {
      /** Tools new or redefined in `request.tools` since the last call were indexed (only they were embedded). */
      readonly type: "tools-indexed";
      readonly tools: readonly string[];
    }
  /**
   * Nothing ranked: `reason` `"no-user-text"` (the conversation had no human text; by default the call kept every
   * tool, up to `maxOfferAll`) or `"nothing-relevant"` (by default only `alwaysActive` and provider tools).
   */
  | NoMatchEvent
  /**
   * Selection failed: every tool the call may have (at most `maxOfferAll`), else only the tools kept anyway, or with
   * `onError: "throw"` the model call rejected (the one failure policy of every adapter).
   */
  | SelectionFailedEvent;
