// index.learn(): one finished conversation into the index's usage graph (tools outside the catalog skipped, counted).

import { ToolsiftError } from "../errors.js";
import { checkMessages, learnedTurns, termIds } from "../usage/learn-turns.js";
import type { IndexState } from "./index-state.js";
import type { LearnReport } from "./types.js";

export function learnConversation(state: IndexState, messages: unknown): LearnReport {
  checkMessages("learn", messages);
  const skipped: string[] = [];
  let calls = 0;
  const turns = learnedTurns(messages).map((turn) => {
    const known = turn.calls.filter((name) => {
      if (state.nameSet.has(name)) return true;
      skipped.push(name);
      return false;
    });
    calls += known.length;
    return { terms: turn.terms, calls: known };
  });
  state.usage.learnConversation(turns);
  return { turns: turns.filter((turn) => turn.calls.length > 0).length, calls, skipped };
}

/** index.learnStep(): one step of a live task (what prepareStep({ learn: true }) records); unknown tools skipped. */
export function learnOneStep(state: IndexState, query: unknown, earlier: unknown, calls: unknown): LearnReport {
  if (typeof query !== "string") {
    throw new ToolsiftError("INVALID_QUERY", `learnStep: the query must be a string, got ${typeof query}.`, {});
  }
  const names = (value: unknown, field: string): string[] => {
    if (!Array.isArray(value) || value.some((name) => typeof name !== "string")) {
      throw new ToolsiftError("INVALID_MESSAGES", `learnStep: ${field} must be an array of tool names.`, { field });
    }
    return value as string[];
  };
  const skipped: string[] = [];
  const keep = (list: string[]) =>
    list.filter((name) => {
      if (state.nameSet.has(name)) return true;
      skipped.push(name);
      return false;
    });
  const known = keep(names(calls, "calls"));
  state.usage.learnStep(termIds(query), keep(names(earlier, "earlier")), known);
  return { turns: known.length > 0 && (earlier as unknown[]).length === 0 ? 1 : 0, calls: known.length, skipped };
}
