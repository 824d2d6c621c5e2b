// explain(): why one tool ranked where it did — a view of the one selection (selection.ts), plus a ranking of every
// tool for its place, terms and the best tool.

import { QUESTION_WRITER } from "../core/keyword-engine.js";
import { tokenize } from "../core/tokenizer.js";
import type { QueryTerm } from "../core/query.js";
import { ToolsiftError } from "../errors.js";
import { closest } from "../support/validate-options.js";
import { type SelectOptions } from "../options.js";
import { asksOneQuestion } from "./clauses.js";
import type { IndexContext } from "./context.js";
import type { IndexState } from "./index-state.js";
import { excludedDocs } from "./pins.js";
import { rank, readRankQuery } from "./ranking.js";
import type { RankedHit } from "./ranking-types.js";
import { judgeHits, type JudgedHit } from "./relevance.js";
import { runSelection, scoredSelection } from "./selection.js";
import { selectForm } from "./exact-names.js";
import type { Explanation, Verdict } from "./types.js";

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
    const nearest = await nearestTools(context, state, toolName);
    const suggestion =
      nearest.length === 0 ? "" : `; did you mean ${nearest.map((name) => JSON.stringify(name)).join(" or ")}?`;
    throw new ToolsiftError(
      "UNKNOWN_TOOL",
      `explain: no tool named ${JSON.stringify(toolName)} in the catalog (${state.toolNames.length} tools)${suggestion}`,
      { tool: toolName, ...(nearest.length === 0 ? {} : { suggestions: nearest }) },
    );
  }
  // The verdict is the selection's own: explain runs the one selection select runs and reads this tool off it.
  const selection = await runSelection(context, state, query, selectOptions, "explain");
  // What the selection ranked: with `messages`, a follow-up after the request before it (`Selection.rankText`).
  const { options, text, rankText, pinned } = selection;
  const result = scoredSelection(context, selection);
  const returned = result.results.find((entry) => entry.name === toolName);
  const cut = result.cut.find((entry) => entry.name === toolName);
  const pin = pinned.find((entry) => entry.name === toolName)?.reason;
  const selected = returned !== undefined;
  const allowed = options.allowedTools === undefined || options.allowedTools.has(toolName);
  const verdict: Verdict = returned?.named
    ? "named"
    : (returned?.reason ?? (cut ? `cut-${cut.cut}` : allowed ? "not-ranked" : "not-allowed"));
  const index = selection.ranked?.index ?? (await state.current());
  const doc = index.docOf.get(toolName);
  let terms: QueryTerm[] = [];
  let rankOf: number | null = null;
  let hit: RankedHit | undefined;
  let judged: Pick<JudgedHit, "relevance" | "match"> | undefined = returned ?? cut;
  let best: Explanation["best"] = null;
  let strategy: Explanation["strategy"] = result.strategy;
  if (rankText.trim().length > 0 && doc !== undefined) {
    // Diagnostics beyond the selection: every tool ranked, this one included even when select excludes it (not
    // allowed), so that its place is known; pinned tools do not push it down, as select does not rank them either.
    const excluded = excludedDocs(index, pinned, options.allowedTools, doc);
    const ranking = await rank(context, index, await readRankQuery(context, index, rankText), {
      k: options.maxTools,
      excluded,
      everything: true,
    });
    terms = ranking.terms();
    if (selection.ranked === undefined) strategy = ranking.strategy;
    const position = ranking.hits.findIndex((entry) => entry.doc === doc);
    if (position >= 0) hit = ranking.hits[position];
    // A tool no candidate of the selection is judged alone, the way the selection judges its candidates.
    if (judged === undefined && hit !== undefined)
      judged = judgeHits(index, ranking, rankText, [hit], selection.ranked?.remark)[0];
    // The selection's order: the tools it returns as select returns them, then the candidates it cut, then every
    // other tool the ranking scores (`select:` ranks nothing else). Pinned tools have no place in it.
    const pins = new Set(pinned.map((entry) => entry.name));
    const order = [...result.results, ...result.cut].filter((entry) => !pins.has(entry.name));
    const first = result.results.find((entry) => !pins.has(entry.name));
    if (first !== undefined) best = { tool: first.name, score: first.score };
    else if (ranking.hits.length > 0)
      best = { tool: index.docTools[ranking.hits[0].doc].name, score: ranking.hits[0].score };
    const at = order.findIndex((entry) => entry.name === toolName);
    if (pin === undefined && at >= 0) rankOf = at + 1;
    else if (pin === undefined && position >= 0 && selectForm(text) === undefined) {
      const placed = new Set(order.map((entry) => entry.name));
      const rest = ranking.hits.filter((entry) => !placed.has(index.docTools[entry.doc].name));
      rankOf = order.length + rest.indexOf(hit!) + 1;
    }
  }
  const contributions = doc === undefined ? [] : index.engine.contributions(terms, doc, true);
  // The ranking halves a question's writers (keyword and combined strategies; ranking.ts, rank-combined.ts).
  const question = strategy !== "semantic" && asksOneQuestion(rankText);
  // Query words, not expansions: a word with no catalog term at all is unmatched too, and a phrase
  // expansion ("pull request" → pr) matches the words it came from.
  const matchedWords = new Set(contributions.flatMap((entry) => entry.from.split(" ")));
  const queryWords = [
    ...new Set(
      tokenize(rankText)
        .filter((token) => !token.stop)
        .map((token) => token.surface),
    ),
  ];
  return {
    tool: toolName,
    query: text,
    rank: rankOf,
    score: returned?.score ?? cut?.score ?? hit?.score ?? 0,
    relevance: judged?.relevance ?? 0,
    match: judged?.match ?? [],
    keywordScore: contributions.reduce((sum, entry) => sum + entry.contribution, 0),
    selected,
    verdict,
    ...(pin !== undefined ? { pinned: pin } : {}),
    ...(returned?.named ? { exactName: true as const } : {}),
    ...(question && doc !== undefined && index.hasKeywordIndex
      ? { question: { halved: index.engine.writes(doc), factor: QUESTION_WRITER } }
      : {}),
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
            weights: hit.weights,
          },
        }
      : {}),
    strategy,
  };
}

/**
 * The tools an unknown name most likely meant: the catalog name within a few edits (`email_sned` → `email_send`), else
 * the best three of the selection for the name's words read as a query (`github_merge_pr` → `merge_pull_request`: the
 * index reads `pr` as the catalog's own initialism).
 */
async function nearestTools(context: IndexContext, state: IndexState, toolName: string): Promise<readonly string[]> {
  const near = closest(toolName, state.toolNames);
  if (near !== undefined) return [near];
  const words = toolName.replace(/[_\-.:/]+/g, " ");
  const { ranked } = await runSelection(context, state, words, { maxTools: 3 }, "explain");
  return ranked?.hits.map((hit) => ranked.index.docTools[hit.doc].name) ?? [];
}
