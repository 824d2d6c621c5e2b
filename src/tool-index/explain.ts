// explain(): why one tool ranked where it did — one ranking of every tool, never the reranker LLM.

import { tokenize } from "../core/tokenizer.js";
import type { QueryTerm } from "../core/query.js";
import { ToolsiftError } from "../errors.js";
import { type SelectOptions } from "../options.js";
import { resolveSelectOptions } from "../resolve-select-options.js";
import type { IndexContext } from "./context.js";
import type { IndexState } from "./index-state.js";
import { excludedDocs, pinnedTools } from "./pins.js";
import { aboveThreshold, limitHits } from "./post-process.js";
import { rank, readRankQuery } from "./ranking.js";
import type { RankedHit } from "./ranking-types.js";
import { judgeHits, relevantHits, type JudgedHit } from "./relevance.js";
import { keywordScore, readQueryText } from "./selection.js";
import { namedPlace, selectForm } from "./exact-names.js";
import type { Explanation } from "./types.js";

export async function explainTool(
  context: IndexContext,
  state: IndexState,
  query: unknown,
  toolName: unknown,
  selectOptions: SelectOptions | undefined,
): Promise<Explanation> {
  if (typeof toolName !== "string") {
    throw new ToolsiftError("INVALID_TOOL", `explain: the tool name must be a string, got ${typeof toolName}.`, {
      field: "toolName",
    });
  }
  if (!state.toolNames.includes(toolName)) {
    throw new ToolsiftError(
      "UNKNOWN_TOOL",
      `explain: no tool named ${JSON.stringify(toolName)} in the catalog (${state.toolNames.length} tools).`,
      { tool: toolName },
    );
  }
  const options = resolveSelectOptions(selectOptions, "explain");
  const text = readQueryText(context, query);
  const pinned = pinnedTools(options.alwaysActive, state.providerPins);
  const pin = pinned.find((entry) => entry.name === toolName)?.reason;
  const index = await state.current();
  const doc = index.docOf.get(toolName);
  let terms: QueryTerm[] = [];
  let rankOf: number | null = null;
  let hit: RankedHit | undefined;
  let judged: JudgedHit | undefined;
  let best: Explanation["best"] = null;
  let strategy: Explanation["strategy"] = context.options.strategy;
  let selected = pin !== undefined;
  let exactName = false;
  if (text.trim().length > 0) {
    // Every tool ranked, this one included even when select would exclude it (pinned, not allowed), so that
    // its rank is known; pinned tools must not push it down, as select does not rank them either.
    const excluded = excludedDocs(index, pinned, options.allowedTools, doc);
    const ranking = await rank(context, index, await readRankQuery(context, index, text), {
      k: options.maxTools,
      excluded,
      everything: true,
    });
    terms = ranking.terms();
    strategy = ranking.strategy;
    if (ranking.hits.length > 0)
      best = { tool: index.docTools[ranking.hits[0].doc].name, score: ranking.hits[0].score };
    const position = ranking.hits.findIndex((entry) => entry.doc === doc);
    if (position >= 0) {
      hit = ranking.hits[position];
      if (pin === undefined) rankOf = position + 1;
    }
    // What select ranks: the same list without this tool when select would have excluded it, judged the same way.
    const allowed = options.allowedTools === undefined || options.allowedTools.has(toolName);
    // Select judges its maxTools candidates (explain leaves the reranker's wider pool out); this tool may lie beyond.
    const pool = judgeHits(index, ranking, text, ranking.hits.slice(0, options.maxTools));
    judged =
      position < 0 ? undefined : (pool[position] ?? judgeHits(index, ranking, text, [ranking.hits[position]])[0]);
    if (!selected && allowed && position >= 0 && position < pool.length) {
      const candidates = relevantHits(pool, options.minRelevance);
      selected = limitHits(aboveThreshold(candidates, options.threshold), options).includes(pool[position]);
    }
    // A tool the query names (or `select:` lists) ranks first whatever its score; `select:` ranks nothing else.
    const place =
      doc === undefined
        ? undefined
        : namedPlace(
            context,
            index,
            text,
            doc,
            ranking.hits.map((entry) => entry.doc),
            excluded,
          );
    if (place !== undefined && pin === undefined) {
      rankOf = place.rank;
      exactName = place.named;
      if (place.named) {
        selected = allowed;
        // A named tool is relevant by definition (select places it whatever its score).
        judged = { ...(judged ?? { doc: doc!, score: 1, keyword: 0 }), relevance: 1, match: judged?.match ?? [] };
      } else if (selectForm(text) !== undefined) selected = false;
      // The named tools take the first places of maxTools.
      else selected &&= place.rank !== null && place.rank <= options.maxTools;
    }
  }
  const contributions = doc === undefined ? [] : index.engine.contributions(terms, doc, true);
  // Query words, not expansions: a word with no catalog term at all is unmatched too, and a phrase
  // expansion ("pull request" → pr) matches the words it came from.
  const matchedWords = new Set(contributions.flatMap((entry) => entry.from.split(" ")));
  const queryWords = [
    ...new Set(
      tokenize(text)
        .filter((token) => !token.stop)
        .map((token) => token.surface),
    ),
  ];
  return {
    tool: toolName,
    query: text,
    rank: rankOf,
    score: pin !== undefined ? 1 : (hit?.score ?? 0),
    relevance: judged?.relevance ?? 0,
    match: judged?.match ?? [],
    ...keywordScore(contributions.reduce((sum, entry) => sum + entry.contribution, 0)),
    selected,
    ...(pin !== undefined ? { pinned: pin } : {}),
    ...(exactName ? { exactName: true as const } : {}),
    terms: contributions,
    unmatched: queryWords.filter((word) => !matchedWords.has(word)),
    best,
    queryTerms: terms.map((term) => ({ term: term.term, kind: term.kind, from: term.from, weight: term.weight })),
    ...(hit?.similarity !== undefined
      ? {
          semantic: {
            similarity: hit.similarity,
            keyword: hit.fusion?.keyword ?? 0,
            semantic: hit.fusion?.semantic ?? hit.score,
          },
        }
      : {}),
    strategy,
  };
}
