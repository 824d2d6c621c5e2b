// Renders a selection as a ranked list: each tool with a score bar split into its keyword and semantic parts.
import type { Expansion, ScoredTool, SelectionResult } from "../tool-index/types.js";
import { element } from "./create-element.js";
import { isSmallTalk } from "../core/relevance-words.js";

/** A score's keyword and semantic shares; they add up to the score. */
export interface ScoreParts {
  readonly keyword: number;
  readonly semantic: number;
}

export const formatScore = (value: number): string => value.toFixed(2);

/** Splits a score: fused parts when the ranking was combined, otherwise all of it to the strategy that ranked. */
export function scoreParts(
  score: number,
  fusion: ScoreParts | undefined,
  strategy: SelectionResult["strategy"],
): ScoreParts {
  if (fusion !== undefined) return fusion;
  return strategy === "semantic" ? { keyword: 0, semantic: score } : { keyword: score, semantic: 0 };
}

const clamp = (value: number): number => Math.max(0, Math.min(1, value));
const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

/** A horizontal bar, keyword part then semantic part, on a 0–1 scale; its label reads out both numbers. */
export function scoreBar(parts: ScoreParts): HTMLElement {
  const total = parts.keyword + parts.semantic;
  const keywordWidth = clamp(parts.keyword);
  const semanticWidth = clamp(Math.min(parts.semantic, 1 - keywordWidth));
  return element(
    "div",
    {
      class: "score-bar",
      role: "img",
      "aria-label": `score ${formatScore(total)}: keyword ${formatScore(parts.keyword)}, semantic ${formatScore(parts.semantic)}`,
      "data-keyword": parts.keyword.toFixed(4),
      "data-semantic": parts.semantic.toFixed(4),
    },
    element("span", { class: "score-bar-keyword", style: `width: ${percent(keywordWidth)}` }),
    element("span", { class: "score-bar-semantic", style: `width: ${percent(semanticWidth)}` }),
  );
}

/** "sned" → send (typo) */
export function expansionText(expansion: {
  readonly from: string;
  readonly term: string;
  readonly kind: Expansion["kind"] | "exact";
}): string {
  return `${expansion.from} → ${expansion.term} (${expansion.kind})`;
}

function chips(values: readonly string[]): HTMLElement[] {
  return values.map((value) => element("span", { class: "chip" }, value));
}

function resultItem(
  tool: ScoredTool,
  rank: number,
  description: string,
  strategy: SelectionResult["strategy"],
): HTMLLIElement {
  const parts = scoreParts(tool.score, tool.fusion, strategy);
  const details: HTMLElement[] = [];
  if (tool.pinned !== undefined) {
    details.push(
      element(
        "p",
        { class: "result-detail" },
        tool.pinned === "provider" ? "Pinned: a provider-defined tool, always offered." : "Pinned: always active.",
      ),
    );
  }
  if (tool.matchedTerms.length > 0)
    details.push(element("p", { class: "result-detail" }, "Matched ", ...chips(tool.matchedTerms)));
  if (tool.expansions.length > 0)
    details.push(element("p", { class: "result-detail" }, "Read ", ...chips(tool.expansions.map(expansionText))));
  if (tool.similarity !== undefined)
    details.push(element("p", { class: "result-detail" }, `Cosine similarity ${formatScore(tool.similarity)}`));
  return element(
    "li",
    { class: "result", "data-tool": tool.name },
    element(
      "div",
      { class: "result-head" },
      element("span", { class: "result-rank" }, tool.pinned === undefined ? `#${rank}` : "pin"),
      element("code", { class: "result-name" }, tool.name),
      element("span", { class: "result-score" }, formatScore(tool.score)),
      element(
        "button",
        { type: "button", class: "explain-button", "data-tool": tool.name, "aria-controls": "explain" },
        "Explain",
        element("span", { class: "visually-hidden" }, ` ${tool.name}`),
      ),
    ),
    scoreBar(parts),
    description === "" ? null : element("p", { class: "result-description" }, description),
    ...details,
  );
}

/** Fills `list` with the selection, best first; `descriptions` maps tool names to their catalog descriptions. */
export function renderResults(
  list: HTMLOListElement,
  selection: SelectionResult,
  descriptions: ReadonlyMap<string, string>,
): void {
  let rank = 0;
  list.replaceChildren(
    ...selection.results.map((tool) =>
      resultItem(
        tool,
        tool.pinned === undefined ? ++rank : rank,
        descriptions.get(tool.name) ?? "",
        selection.strategy,
      ),
    ),
  );
}

/**
 * Why a selection holds no tool, from its trace: a request of conversation only ("thanks!"), no candidate at all (no
 * tool holds a word of the request or lies near it), or candidates all under `minRelevance` (the best named, with its
 * relevance), or cut by another stage.
 */
export function emptySelectionReason(selection: SelectionResult, minRelevance: number, query = ""): string {
  if (query.length > 0 && isSmallTalk(query)) return "conversation only: the request asks for no tool";
  if (selection.cut.length === 0) return "no tool holds a word of the request or anything near it";
  const best = selection.cut.reduce((top, tool) => (tool.relevance > top.relevance ? tool : top));
  if (selection.cut.every((tool) => tool.cut === "relevance")) {
    const needed = `a tool needs ${formatScore(minRelevance)}, the minRelevance`;
    return best.relevance === 0
      ? `nothing relevant: no tool answers a word of the request (relevance 0; ${needed})`
      : `nothing relevant: the closest, ${best.name}, has relevance ${formatScore(best.relevance)}; ${needed}`;
  }
  return `every candidate was cut (${[...new Set(selection.cut.map((tool) => tool.cut))].join(", ")})`;
}
