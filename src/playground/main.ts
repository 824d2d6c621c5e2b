// The playground page: index a catalog in this page's own wasm, rank its tools for a request (keywords + the local
// model), explain one tool.
import { readCatalog } from "../core/catalog.js";
import { ToolsiftError } from "../errors.js";
import type { ToolsiftEvent } from "../events.js";
import { localEmbeddingModel } from "../local/index.js";
import { createToolIndex, type ToolIndex } from "../tool-index.js";
import { byId, element } from "./create-element.js";
import { EXAMPLE_CATALOGS } from "./example-catalogs.js";
import { renderExplanation } from "./render-explanation.js";
import { emptySelectionReason, renderResults } from "./render-results.js";
import { DEFAULT_MIN_RELEVANCE } from "../options.js";
import { errorMessage } from "../support/error-message.js";

const CUSTOM = "custom";
// Wait this long after the last keystroke before ranking (each ranking is well under a millisecond; this only spares
// the DOM).
const TYPING_DELAY_MS = 120;

// The asset sits next to the bundle (scripts/build-playground.mjs copies it), so the page works under any base path.
// One model for every catalog: its 1.2 MiB asset is fetched and parsed once.
const localModel = localEmbeddingModel({ asset: fetch(new URL("./local-model.bin", import.meta.url)) });

const exampleSelect = byId("example", HTMLSelectElement);
const catalogText = byId("catalog-json", HTMLTextAreaElement);
const catalogForm = byId("catalog-form", HTMLFormElement);
const catalogStatus = byId("catalog-status", HTMLElement);
const samples = byId("samples", HTMLElement);
const queryForm = byId("query-form", HTMLFormElement);
const queryInput = byId("query", HTMLInputElement);
const maxToolsInput = byId("max-tools", HTMLInputElement);
const adaptiveInput = byId("adaptive", HTMLInputElement);
const resultsStatus = byId("results-status", HTMLElement);
const resultsList = byId("results", HTMLOListElement);
const explainSelect = byId("explain-tool", HTMLSelectElement);
const explainBody = byId("explain-body", HTMLElement);

interface Indexed {
  readonly index: ToolIndex;
  readonly descriptions: ReadonlyMap<string, string>;
  /** Why semantic ranking is off for this catalog, if embedding it failed. */
  readonly semanticProblem: string | undefined;
  /** What toolsift could not read in the catalog but indexed around (a schema, a description). */
  readonly warnings: readonly string[];
}

let indexed: Indexed | undefined;
// Each bumped by a new request of its kind, so a slow answer never overwrites a newer one.
let catalogRun = 0;
let rankRun = 0;
let explainRun = 0;
let typingTimer: ReturnType<typeof setTimeout> | undefined;

function describe(error: unknown): string {
  if (error instanceof SyntaxError) return `The catalog is not valid JSON: ${error.message}`;
  if (error instanceof ToolsiftError) return `${error.message} (${error.code})`;
  return errorMessage(error);
}

function setStatus(target: HTMLElement, text: string, kind: "info" | "error" | "busy" = "info"): void {
  target.textContent = text;
  target.dataset.kind = kind;
}

/** Empties the ranking (and its request mark), saying why. */
function clearResults(text: string): void {
  resultsList.replaceChildren();
  delete resultsList.dataset.query;
  setStatus(resultsStatus, text);
}

function selectOptions() {
  const maxTools = Math.max(1, Math.min(50, Math.round(Number(maxToolsInput.value)) || 5));
  return { maxTools, adaptive: adaptiveInput.checked };
}

/** Indexes the catalog in the text area: validates it, loads the wasm core, embeds every tool with the local model. */
async function indexCatalog(): Promise<void> {
  const run = ++catalogRun;
  setStatus(catalogStatus, "Indexing…", "busy");
  const started = performance.now();
  let next: Indexed;
  try {
    const catalog: unknown = JSON.parse(catalogText.value);
    let semanticProblem: string | undefined;
    const warnings: string[] = [];
    const onEvent = (event: ToolsiftEvent) => {
      if (event.type === "embedding-failed") semanticProblem = describe(event.error);
      if (event.type === "catalog-warning") warnings.push(event.message);
    };
    // createToolIndex reads every accepted shape (ToolSet-like objects, MCP, OpenAI, Anthropic) and throws
    // ToolsiftError on a bad one.
    const index = createToolIndex(catalog as never, {
      embeddingModel: localModel,
      keyword: { queryExpansion: localModel },
      strategy: "combined",
      onEvent,
    });
    await index.warmUp();
    const { tools } = readCatalog(catalog);
    next = {
      index,
      descriptions: new Map(tools.map((tool) => [tool.name, tool.description])),
      semanticProblem,
      warnings,
    };
  } catch (error) {
    if (run !== catalogRun) return;
    setStatus(catalogStatus, describe(error), "error");
    catalogText.setAttribute("aria-invalid", "true");
    // The previous catalog's ranking and tools would read as this one's: nothing is ranked until the catalog reads.
    indexed = undefined;
    delete catalogForm.dataset.tools;
    clearResults("No catalog is indexed: fix the catalog above, then press “Index catalog”.");
    explainSelect.replaceChildren(element("option", { value: "" }, "Choose a tool…"));
    await explain();
    return;
  }
  if (run !== catalogRun) return;
  indexed = next;
  catalogText.removeAttribute("aria-invalid");
  const count = next.index.toolNames.length;
  const milliseconds = Math.round(performance.now() - started);
  const mode =
    next.semanticProblem === undefined
      ? "keyword + semantic (local model)"
      : `keyword only — semantic search unavailable: ${next.semanticProblem}`;
  const warnings =
    next.warnings.length === 0 ? "" : ` · ${next.warnings.length} warning(s): ${next.warnings.join("; ")}`;
  setStatus(
    catalogStatus,
    `${count} tools indexed in ${milliseconds} ms · ${mode}${warnings}`,
    next.semanticProblem === undefined ? "info" : "error",
  );
  catalogForm.dataset.tools = String(count);
  const chosen = explainSelect.value;
  explainSelect.replaceChildren(
    element("option", { value: "" }, "Choose a tool…"),
    ...next.index.toolNames.map((name) => element("option", { value: name }, name)),
  );
  explainSelect.value = next.index.toolNames.includes(chosen) ? chosen : "";
  await rank();
}

/** Ranks the catalog for the current request and refreshes the explanation. */
async function rank(): Promise<void> {
  const current = indexed;
  const query = queryInput.value.trim();
  const run = ++rankRun;
  if (current === undefined) return;
  if (query === "") {
    clearResults("Type a request to rank the tools.");
    await explain();
    return;
  }
  try {
    const started = performance.now();
    const selection = await current.index.selectWithScores(query, selectOptions());
    const milliseconds = performance.now() - started;
    if (run !== rankRun) return;
    renderResults(resultsList, selection, current.descriptions);
    resultsList.dataset.query = query;
    const fallback =
      selection.fallbackReason === "embedding-failed"
        ? " (semantic search failed for this query)"
        : selection.fallbackReason === "query-not-embedded"
          ? " (the local model knows none of the request's words)"
          : "";
    const shown = selection.results.length === 1 ? "1 tool" : `${selection.results.length} tools`;
    const why =
      selection.results.length === 0 ? ` · ${emptySelectionReason(selection, DEFAULT_MIN_RELEVANCE, query)}` : "";
    setStatus(
      resultsStatus,
      `${shown} of ${current.index.toolNames.length}${why} · ${selection.strategy} ranking${fallback} · ` +
        `${milliseconds.toFixed(1)} ms`,
    );
  } catch (error) {
    if (run === rankRun) setStatus(resultsStatus, describe(error), "error");
    return;
  }
  await explain();
}

/** Explains the chosen tool's rank for the current request. */
async function explain(): Promise<void> {
  const run = ++explainRun;
  const current = indexed;
  const tool = explainSelect.value;
  const query = queryInput.value.trim();
  if (current === undefined || tool === "") {
    explainBody.replaceChildren(
      element(
        "p",
        { class: "empty" },
        "Choose a tool, or press Explain next to a result, to see why it ranks where it does.",
      ),
    );
    return;
  }
  if (query === "") {
    explainBody.replaceChildren(element("p", { class: "empty" }, `Type a request to see how ${tool} scores for it.`));
    return;
  }
  try {
    const explanation = await current.index.explain(query, tool, selectOptions());
    if (run === explainRun) renderExplanation(explainBody, explanation);
  } catch (error) {
    if (run === explainRun)
      explainBody.replaceChildren(element("p", { class: "error", role: "alert" }, describe(error)));
  }
}

async function showExample(id: string): Promise<void> {
  const example = EXAMPLE_CATALOGS.find((candidate) => candidate.id === id);
  samples.replaceChildren(
    ...(example?.sampleQueries ?? []).map((query) =>
      element("button", { type: "button", class: "sample", "data-query": query }, query),
    ),
  );
  samples.hidden = example === undefined;
  if (example === undefined) {
    catalogText.focus();
    setStatus(catalogStatus, "Paste tool definitions as JSON, then press “Index catalog”.");
    return;
  }
  const run = ++catalogRun;
  setStatus(catalogStatus, "Loading the example…", "busy");
  try {
    const text = await example.load();
    if (run !== catalogRun) return;
    catalogText.value = text;
  } catch (error) {
    if (run === catalogRun) setStatus(catalogStatus, `Could not load the example: ${describe(error)}`, "error");
    return;
  }
  await indexCatalog();
}

exampleSelect.replaceChildren(
  ...EXAMPLE_CATALOGS.map((example) => element("option", { value: example.id }, example.label)),
  element("option", { value: CUSTOM }, "My own catalog (paste JSON)"),
);
exampleSelect.addEventListener("change", () => void showExample(exampleSelect.value));
catalogText.addEventListener("input", () => {
  if (exampleSelect.value !== CUSTOM) {
    exampleSelect.value = CUSTOM;
    samples.hidden = true;
  }
});
catalogForm.addEventListener("submit", (event) => {
  event.preventDefault();
  void indexCatalog();
});
queryForm.addEventListener("submit", (event) => {
  event.preventDefault();
  clearTimeout(typingTimer);
  void rank();
});
queryInput.addEventListener("input", () => {
  clearTimeout(typingTimer);
  typingTimer = setTimeout(() => void rank(), TYPING_DELAY_MS);
});
maxToolsInput.addEventListener("change", () => void rank());
adaptiveInput.addEventListener("change", () => void rank());
samples.addEventListener("click", (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>("button.sample");
  if (button?.dataset.query === undefined) return;
  queryInput.value = button.dataset.query;
  void rank();
});
resultsList.addEventListener("click", (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>("button.explain-button");
  const tool = button?.dataset.tool;
  if (tool === undefined) return;
  explainSelect.value = tool;
  void explain().then(() => byId("explain-heading", HTMLElement).focus());
});
explainSelect.addEventListener("change", () => void explain());

document.body.dataset.ready = "true";
void showExample(exampleSelect.value);
