// index.learn(): one finished conversation into the index's usage graph (tools outside the catalog skipped, counted).

import { checkMessages, learnedTurns } from "../usage/learn-turns.js";
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
