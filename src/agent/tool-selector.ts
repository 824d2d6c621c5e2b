// The part of a ToolIndex the agent adapters call: its public selection API, nothing else.

import type { WordMatch } from "../core/relevance.js";
import type { WithConversation } from "../conversation/query-rule.js";
import type { SelectOptions } from "../options.js";

/** One ranked or pinned tool of a selection, as the adapters read it. */
export interface SelectedTool {
  readonly name: string;
  /** Relevance 0–1 (1 for pinned tools). */
  readonly score: number;
  /** How much of the query the tool answers, 0–1 (`ScoredTool.relevance`). */
  readonly relevance: number;
  /** Set for tools pinned by `alwaysActive` or as provider tools; ranked tools have none. */
  readonly pinned?: string;
  /** `"ranked"` for ranked tools; pinned and companion tools (related, learnt, the conversation's) say why. */
  readonly reason: string;
  /** The query words that matched it (`ScoredTool.match`); a selector without them offers no best guesses. */
  readonly match?: readonly WordMatch[];
}

/** What the adapters need of an index (a ToolIndex has it). */
export interface ToolSelector {
  /** Tool names in catalog order. */
  readonly toolNames: readonly string[];
  /** The step selection hands the conversation over in the neutral shape (`CONVERSATION`), never as `messages`. */
  selectWithScores(
    query: string,
    options?: SelectOptions & WithConversation,
  ): Promise<{ readonly results: readonly SelectedTool[] }>;
  /** Online learning (`prepareStep({ learn: true })`); optional so that plain selectors still fit. */
  learnStep?(query: string, earlier: readonly string[], calls: readonly string[]): unknown;
}
