// The one selection: read the query, rank without pinned tools, judge, cut, name, pin and add companions, keeping why
// each candidate was kept or cut. select, selectWithScores and explain are views of it (explain.ts).

import { type SelectOptions } from "../options.js";
import { normalizeQuery, resolveSelectOptions, type ResolvedSelectOptions } from "../resolve-select-options.js";
import type { BuiltIndex } from "./built-index.js";
import type { IndexContext } from "./context.js";
import type { IndexState } from "./index-state.js";
import { excludedDocs, pinnedTools, reportMisspeltPins, type Pin } from "./pins.js";
import { candidateCount, cutOrRerank } from "./post-process.js";
import { rank, readRankQuery } from "./ranking.js";
import type { Ranking } from "./ranking-types.js";
import { judgeHits, relevantHits, type JudgedHit } from "./relevance.js";
import type { WordMatch } from "../core/relevance.js";
import type { CutReason, CutTool, Expansion, ScoredTool, SelectionResult } from "./types.js";
import { companionsFor, type Companion } from "./companions.js";
import { explicitSelection, withNamedFirst } from "./exact-names.js";
import {
  answeredQuestion,
  ASKED_RELEVANCE,
  ASKED_TOOLS,
  followUpText,
  leansOnConversation,
  replyToQuestion,
} from "../conversation/query-rule.js";
import { isSmallTalk } from "../core/relevance-words.js";
import { bestKeywordTools, clauseTools, requestClauses } from "./clauses.js";
import { withProductInUse } from "./continuity.js";

/** A task's best tool in a request of several (clauses.ts): below the conversation's own tools' 0.5. */
const CLAUSE_SCORE = 0.4;
/** The tool for what the assistant asked, which the reply agrees to: the task of the turn, above its memory's 0.5. */
const ASKED_SCORE = 0.6;

/** Small talk is short: longer text is never read as conversation only (and costs no second tokenising). */
const SMALL_TALK_LENGTH = 160;

/** Whether a word meets a tool's name as written or as a compound's part ("fun" in `get_fun_fact`). */
const namesTheTool = (entry: WordMatch) =>
  entry.field === "name" && (entry.kind === "exact" || entry.kind === "compound");

/** What one selection found, before it is shaped into names or scored results. */
export interface Selection {
  readonly options: ResolvedSelectOptions;
  readonly text: string;
  /** The text ranked: `text`, or with `messages` an elliptic follow-up after the request before it (`followUpText`). */
  readonly rankText: string;
  readonly pinned: readonly Pin[];
  /** `undefined` when nothing was ranked (an empty query or catalog). */
  readonly ranked:
    | {
        readonly index: BuiltIndex;
        readonly ranking: Ranking;
        /** The ranked tools the selection returns, in order. */
        readonly hits: JudgedHit[];
        readonly reranked: boolean;
        /** Judged by its words alone: a remark framed as chat (`judgeHits`). */
        readonly remark?: boolean;
        /**
         * The candidates ranked and left out, in ranked order, with the stage that cut each: worked out when asked
         * (`selectWithScores`, `explain`), not for every `select`.
         */
        readonly cut: () => readonly { readonly hit: JudgedHit; readonly reason: CutReason }[];
      }
    | undefined;
  /** Tools added beyond the ranked and pinned ones (related, learnt, the conversation's memory). */
  readonly companions: readonly Companion[];
}

/** Validates a query, cutting one that is too long (reported as `query-truncated`). */
export function readQueryText(context: IndexContext, query: unknown): string {
  const { text, truncatedFrom } = normalizeQuery(query);
  if (truncatedFrom !== undefined)
    context.options.emit({ type: "query-truncated", length: truncatedFrom, keptLength: text.length });
  return text;
}

export async function runSelection(
  context: IndexContext,
  state: IndexState,
  query: unknown,
  selectOptions: SelectOptions | undefined,
  method: "select" | "explain" = "select",
): Promise<Selection> {
  const options = resolveSelectOptions(selectOptions, method);
  const text = readQueryText(context, query);
  // Only catalog tools are returned: an `alwaysActive` name the catalog lacks is left out (toolpick's rule), and
  // reported when it looks like a misspelt catalog tool.
  const pins = pinnedTools(options.alwaysActive, state.providerPins);
  const pinned = pins.length === 0 ? pins : pins.filter((pin) => state.nameSet.has(pin.name));
  if (pinned.length < pins.length)
    reportMisspeltPins(context.options.emit, text, options.alwaysActive, state.nameSet, state.toolNames);
  // A turn of conversation only asks for nothing. Only conversational words ("thanks!", "ok great"): no ranked tool,
  // and no companion from the conversation's memory either (it would hand a thank-you the last task's tools). Chat
  // as the word list's chat lexicon reads it ("thanks a ton", "brb coffee", "tell me a fun fact"): ranked on its own
  // words, for a catalog may serve it (`get_fun_fact`, `escalate_to_human`: a tool its words meet in the name), but
  // given nothing from the conversation.
  // Either way "yes" to the assistant's "Should I go ahead?", the latest user message, carries the task on; and a
  // tool's own name is no small talk, whatever its words ("Ve", "Thanks").
  // And a reply that closes what the assistant asked ("nah leave it", "thanks, that's all") asks for nothing, as on
  // every step selection.
  const reply = options.conversation && replyToQuestion(options.conversation, text);
  const chat =
    text.length <= SMALL_TALK_LENGTH &&
    !state.nameSet.has(text.trim()) &&
    reply !== "answers" &&
    (isSmallTalk(text) || reply === "closes"
      ? "conversational"
      : !options.searchQuery && context.chat(text)
        ? "lexicon"
        : undefined);
  if (text.trim().length === 0 || state.catalog.length === 0 || chat === "conversational") {
    return { options, text, rankText: text, pinned, ranked: undefined, companions: [] };
  }
  // Each step may answer synchronously (a built keyword index, no reranker): only real promises are awaited, so a
  // keyword select costs one turn of the event loop, not four.
  const current = state.current();
  const index = current instanceof Promise ? await current : current;
  const excluded = excludedDocs(index, pinned, options.allowedTools);
  // `select:<name>,…` selects exactly the tools it names (exact-names.ts): nothing is ranked, nothing added.
  const explicit = explicitSelection(context, index, text, excluded);
  if (explicit !== undefined)
    return {
      options,
      text,
      rankText: text,
      pinned,
      ranked: { index, ...explicit, reranked: false, cut: () => [] },
      companions: [],
    };
  // An elliptic follow-up ("and tmrw?") is ranked after the request it follows, as every step selection reads it.
  // Not a turn of chat, a reply to what the assistant asked (read with its question: `reply`), nor a remark framed as
  // chat ("lol we always forget that one", "love this song").
  const joined = options.conversation && !chat && !reply ? followUpText(options.conversation, text) : text;
  const rankText = joined !== text && !framedRemark(context, options, text, reply, chat) ? joined : text;
  const read = readRankQuery(context, index, rankText);
  const rankQuery = read instanceof Promise ? await read : read;
  const ranked = rank(context, index, rankQuery, { k: candidateCount(context, options.maxTools), excluded });
  const ranking = ranked instanceof Promise ? await ranked : ranked;
  // A remark framed as chat, with embeddings: whether it reads a task is for its words to tell, not for the model's
  // neighbours. (A keyword ranking reads only words: it asks whether the turn is a remark when nothing was selected.)
  const remarkFirst = ranking.strategy !== "keyword" && framedRemark(context, options, text, reply, chat);
  // Tools under minRelevance (or threshold) are dropped before the cut: a query nothing answers selects no ranked tool.
  let judged = judgeHits(index, ranking, rankText, ranking.hits, remarkFirst);
  let passing = relevantHits(judged, options.minRelevance, options.threshold);
  // Judged by its words, such a remark that reads a task is ranked as any request is: with the embeddings' evidence.
  const wordsOnly = remarkFirst && passing.length === 0;
  if (remarkFirst && !wordsOnly)
    passing = relevantHits(
      (judged = judgeHits(index, ranking, rankText, ranking.hits)),
      options.minRelevance,
      options.threshold,
    );
  // A turn of chat selects only a tool named for what it says, as written ("tell me a fun fact" → `get_fun_fact`),
  // not one that shares a topic word with it ("a joke about git" → `push_files`, "about PMs" → `getProjectMembers`).
  const relevant = chat ? passing.filter((hit) => hit.match.some(namesTheTool)) : passing;
  // A follow-up stays with the product the conversation called last (continuity.ts).
  const continuing = inConversation(options) ? withProductInUse(index, ranking.terms(), relevant, options) : relevant;
  const selected = cutOrRerank(context, index, rankText, continuing, options);
  const kept = selected instanceof Promise ? await selected : selected;
  // A tool the query names exactly ranks first, whatever its score or relevance (exact-names.ts).
  const hits = withNamedFirst(index, text, kept.hits, excluded, options.maxTools);
  const reranked = kept.reranked;
  const rankedNames = hits.map((hit) => index.docTools[hit.doc].name);
  // A remark in which the ranking reads no task: nothing from the conversation either, as the step selections read it.
  const remark =
    hits.length === 0 &&
    (ranking.strategy === "keyword" ? framedRemark(context, options, text, reply, chat) : remarkFirst);
  const companions: Companion[] =
    !chat && !remark && needsCompanions(context, state, options)
      ? companionsFor({
          known: state.nameSet,
          selected: [...rankedNames, ...pinned.map((pin) => pin.name)],
          ranked: rankedNames,
          relevance: hits.map((hit) => hit.relevance),
          query: text,
          options,
          indexRelated: context.options.relatedTools,
          graph: state.usage,
          // Catalog links serve a conversation (an agent loop), not a plain select: that stays as it was.
          links: linksWanted(context) && inConversation(options) ? state.links() : undefined,
          linkKinds: context.options.catalogLinks,
          // A turn that ranks nothing and leans on nothing said ("who won the 1998 world cup" after a task) is not
          // answered with the conversation's tools.
          memory: () => hits.length > 0 || leansOnConversation(text),
        })
      : [];
  // In an agent loop, a request of several tasks gets each task's best tool beside the whole request's ranking.
  const clauses = inConversation(options) && !reranked && !chat && !remark ? requestClauses(text) : [];
  if (clauses.length > 0) {
    const taken = new Set([...rankedNames, ...pinned.map((pin) => pin.name), ...companions.map((tool) => tool.name)]);
    const allowed = options.allowedTools;
    for (const name of clauseTools(index, clauses, options.minRelevance, taken, excluded))
      if (allowed === undefined || allowed.has(name)) companions.push({ name, reason: "clause", score: CLAUSE_SCORE });
  }
  // The latest user message answering what the assistant asked ("yes pls" to "Should I email them a reminder?"): the
  // asking sentences' own best tools lead the companions, as every step selection takes them (step-selection.ts).
  const question = !chat && reply === "answers" ? answeredQuestion(options.conversation!) : undefined;
  if (question !== undefined) {
    // Pinned and disallowed tools are in `excluded`.
    const taken = new Set(rankedNames);
    const asked = bestKeywordTools(
      index,
      question,
      ASKED_TOOLS,
      options.minRelevance * ASKED_RELEVANCE,
      taken,
      excluded,
    );
    const rest = companions.filter((companion) => !asked.includes(companion.name));
    companions.splice(
      0,
      companions.length,
      ...asked.map((name) => ({ name, reason: "asked" as const, score: ASKED_SCORE })),
      ...rest,
    );
  }
  // Each candidate left out, with the stage that cut it: `minRelevance` or `threshold`; else the reranker's order, the
  // elbow within maxTools, or the limit (also when the tools the query names took the places). A candidate that came
  // back as a companion is in the result, its reason the companion's.
  const cut = () => {
    const returned = new Set([...rankedNames, ...companions.map((companion) => companion.name)]);
    return judged
      .filter((hit) => !returned.has(index.docTools[hit.doc].name))
      .map((hit) => ({
        hit,
        reason: (!relevant.includes(hit)
          ? "relevance"
          : kept.hits.includes(hit)
            ? "limit"
            : reranked
              ? "rerank"
              : relevant.indexOf(hit) < options.maxTools
                ? "elbow"
                : "limit") as CutReason,
      }));
  };
  return {
    options,
    text,
    rankText,
    pinned,
    ranked: { index, ranking, hits, reranked, cut, remark: wordsOnly },
    companions,
  };
}

/**
 * Whether `text` is a remark framed as chat ("greta is a legend lol"; the word list's reader) in a conversation, not a
 * reply to the assistant, a turn of chat or a model's search.
 */
function framedRemark(
  context: IndexContext,
  options: ResolvedSelectOptions,
  text: string,
  reply: unknown,
  chat: unknown,
): boolean {
  return !reply && !chat && !options.searchQuery && inConversation(options) && context.remark?.(text) === true;
}

function inConversation(options: ResolvedSelectOptions): boolean {
  return options.conversation !== undefined || options.previousTools !== undefined;
}

function linksWanted(context: IndexContext): boolean {
  return context.options.catalogLinks.prerequisites || context.options.catalogLinks.followUps;
}

/** Whether anything could add a companion: a related map, a conversation, or something learnt. */
function needsCompanions(context: IndexContext, state: IndexState, options: ResolvedSelectOptions): boolean {
  if (options.relatedTools !== undefined || context.options.relatedTools !== undefined) return true;
  if (options.maxCompanions === 0) return false;
  return options.conversation !== undefined || options.previousTools !== undefined || !state.usage.empty;
}

/** The selected names: ranked tools best first, then pinned tools. */
export function selectionNames<NAME extends string>(selection: Selection): NAME[] {
  const names: string[] = [];
  if (selection.ranked !== undefined)
    for (const hit of selection.ranked.hits) names.push(selection.ranked.index.docTools[hit.doc].name);
  for (const { name } of selection.pinned) names.push(name);
  for (const { name } of selection.companions) names.push(name);
  return names as NAME[];
}

/** The selection with per-tool scores, matched terms and expansions. */
export function scoredSelection<NAME extends string>(
  context: IndexContext,
  selection: Selection,
): SelectionResult<NAME> {
  const results: ScoredTool<NAME>[] = [];
  const ranked = selection.ranked;
  if (ranked !== undefined) {
    const { index, ranking } = ranked;
    for (const hit of ranked.hits) {
      // Term provenance is keyword evidence: semantic rankings report none (and build no keyword index for it).
      const contributions =
        ranking.strategy === "semantic" && !index.hasKeywordIndex
          ? []
          : index.engine.contributions(ranking.terms(), hit.doc);
      results.push({
        name: index.docTools[hit.doc].name as NAME,
        score: hit.score,
        relevance: hit.relevance,
        match: hit.match,
        keywordScore: hit.keyword,
        ...(hit.similarity !== undefined ? { similarity: hit.similarity } : {}),
        ...(hit.fusion !== undefined ? { fusion: hit.fusion } : {}),
        matchedTerms: contributions.map((entry) => entry.term),
        expansions: contributions
          .filter((entry) => entry.kind !== "exact")
          .map((entry) => ({ from: entry.from, term: entry.term, kind: entry.kind as Expansion["kind"] })),
        ...(ranked.reranked ? { reranked: true } : {}),
        ...(hit.named ? { named: hit.named } : {}),
        reason: "ranked",
      });
    }
  }
  for (const { name, reason } of selection.pinned) {
    results.push({
      name: name as NAME,
      score: 1,
      ...unrankedRelevance(selection, name),
      keywordScore: 0,
      matchedTerms: [],
      expansions: [],
      pinned: reason,
      reason,
    });
  }
  for (const { name, reason, score } of selection.companions) {
    results.push({
      name: name as NAME,
      score,
      ...unrankedRelevance(selection, name),
      keywordScore: 0,
      matchedTerms: [],
      expansions: [],
      reason,
    });
  }
  const fallback = ranked?.ranking.fallback;
  const fallbackReason = ranked?.ranking.fallbackReason;
  const cut = (ranked?.cut() ?? []).map(({ hit, reason }): CutTool<NAME> => ({
    name: ranked!.index.docTools[hit.doc].name as NAME,
    score: hit.score,
    relevance: hit.relevance,
    match: hit.match,
    cut: reason,
  }));
  return {
    tools: results.map((result) => result.name),
    results,
    cut,
    strategy: ranked?.ranking.strategy ?? context.options.strategy,
    ...(fallback !== undefined ? { fallback } : {}),
    ...(fallbackReason !== undefined ? { fallbackReason } : {}),
  };
}

/** A pinned or companion tool's keyword relevance to the query (it is returned whatever it is; 0 with no query). */
function unrankedRelevance(selection: Selection, name: string): Pick<ScoredTool, "relevance" | "match"> {
  const ranked = selection.ranked;
  const doc = ranked?.index.docOf.get(name);
  if (
    ranked === undefined ||
    doc === undefined ||
    (ranked.ranking.strategy === "semantic" && !ranked.index.hasKeywordIndex)
  )
    return { relevance: 0, match: [] };
  const { engine } = ranked.index;
  return engine.relevance(engine.relevanceQuery(selection.rankText, ranked.ranking.terms()), doc);
}
