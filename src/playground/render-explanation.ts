// Renders `index.explain()` for one tool: its rank and score parts, the terms that matched and in which fields, and how
// the query was read.
import type { FieldName } from "../core/fields.js";
import type { Explanation } from "../tool-index.js";
import { element } from "./create-element.js";
import { expansionText, formatScore, scoreBar, scoreParts } from "./render-results.js";

const FIELD_LABELS: Readonly<Record<FieldName, string>> = {
  name: "name",
  description: "description",
  parameterNames: "parameter names",
  parameterDescriptions: "parameter descriptions",
  enumValues: "enum values",
  server: "server",
};

function fieldsText(fields: Partial<Record<FieldName, number>>): string {
  const hits = Object.entries(fields).filter(([, count]) => (count ?? 0) > 0);
  return hits.length === 0
    ? "—"
    : hits.map(([field, count]) => `${FIELD_LABELS[field as FieldName] ?? field} ×${count}`).join(", ");
}

function verdict(explanation: Explanation): string {
  const rank =
    explanation.pinned !== undefined ? "pinned" : explanation.rank === null ? "not ranked" : `rank ${explanation.rank}`;
  const selected = explanation.selected ? "selected" : "not selected";
  const best =
    explanation.best === null || explanation.best.tool === explanation.tool
      ? ""
      : ` · best: ${explanation.best.tool} (${formatScore(explanation.best.score)})`;
  return `${rank} · ${selected} · score ${formatScore(explanation.score)} · ${explanation.strategy} ranking${best}`;
}

/** "0.00 (weight 0.00 for this request)": a fused part beside the weight fusion gave it, when known. */
function part(value: number, weight: number | undefined): string {
  return weight === undefined
    ? formatScore(value)
    : `${formatScore(value)} (weight ${formatScore(weight)} for this request)`;
}

function summary(explanation: Explanation): HTMLElement {
  // The BM25F score is the keyword index's own, before fusion: a word read only through a word-vector neighbour
  // scores here, while adaptive fusion gives the keyword part no weight for it (the weights say so).
  const rows: [string, string][] = [["Keyword (BM25F) score, before fusion", explanation.keywordScore.toFixed(2)]];
  const semantic = explanation.semantic;
  if (semantic !== undefined) {
    rows.push(["Cosine similarity", formatScore(semantic.similarity)]);
    rows.push(["Keyword part", part(semantic.keyword, semantic.weights?.keyword)]);
    rows.push(["Semantic part", part(semantic.semantic, semantic.weights?.semantic)]);
  }
  return element(
    "dl",
    { class: "explain-summary" },
    ...rows.flatMap(([term, value]) => [element("dt", {}, term), element("dd", {}, value)]),
  );
}

function termsTable(explanation: Explanation): HTMLElement {
  if (explanation.terms.length === 0)
    return element("p", { class: "empty" }, "No query term matched this tool's text.");
  const header = ["Query word", "Catalog term", "Match", "Fields", "IDF", "Contribution"];
  return element(
    "div",
    { class: "table-scroll" },
    element(
      "table",
      { class: "explain-terms" },
      element("caption", {}, "Matched terms"),
      element("thead", {}, element("tr", {}, ...header.map((label) => element("th", { scope: "col" }, label)))),
      element(
        "tbody",
        {},
        ...explanation.terms.map((term) =>
          element(
            "tr",
            {},
            element("td", {}, term.from),
            element("td", {}, element("code", {}, term.term)),
            element("td", {}, term.kind === "exact" ? "exact" : `${term.kind} (weight ${formatScore(term.weight)})`),
            element("td", {}, fieldsText(term.fields)),
            element("td", { class: "number" }, term.idf.toFixed(2)),
            element("td", { class: "number" }, term.contribution.toFixed(2)),
          ),
        ),
      ),
    ),
  );
}

function queryReading(explanation: Explanation): HTMLElement {
  if (explanation.queryTerms.length === 0)
    return element("p", { class: "empty" }, "The query has no word the catalog knows.");
  return element(
    "ul",
    { class: "query-terms" },
    ...explanation.queryTerms.map((term) =>
      element(
        "li",
        {},
        term.kind === "exact"
          ? `${term.from} → ${term.term}`
          : `${expansionText(term)}, weight ${formatScore(term.weight)}`,
      ),
    ),
  );
}

/** Fills `container` with the explanation of one tool's rank. */
export function renderExplanation(container: HTMLElement, explanation: Explanation): void {
  const parts = scoreParts(explanation.score, explanation.semantic, explanation.strategy);
  container.replaceChildren(
    element(
      "p",
      { class: "explain-verdict", "data-tool": explanation.tool },
      element("code", {}, explanation.tool),
      ` for “${explanation.query}”: ${verdict(explanation)}`,
    ),
    scoreBar(parts),
    summary(explanation),
    termsTable(explanation),
    element("h3", {}, "Query words with no match in this tool"),
    explanation.unmatched.length === 0
      ? element("p", { class: "empty" }, "None.")
      : element("p", {}, ...explanation.unmatched.map((word) => element("span", { class: "chip" }, word))),
    element("h3", {}, "How the query was read"),
    queryReading(explanation),
  );
}
