// The one step selection every agent adapter renders: what a model call is offered for a conversation (in the neutral
// shape) and the tools available now, what a no-match offers, and what a failed selection offers.

import {
  CONVERSATION,
  answeredQuestion,
  ASKED_RELEVANCE,
  ASKED_TOOLS,
  isSmallTalkTurn,
  queryFromConversation,
  userTextBefore,
  type ConversationMessage,
} from "../conversation/query-rule.js";
import { remarkAtTurn } from "../conversation/remark.js";
import { isChitChat } from "../conversation/small-talk.js";
import { SURE_RELEVANCE } from "../core/relevance.js";
import { ToolsiftError } from "../errors.js";
import { DEFAULT_MIN_RELEVANCE } from "../options.js";
import { errorMessage } from "../support/error-message.js";
import {
  catalogToolCounter,
  companionCount,
  isGuess,
  isWeakGuess,
  isSmallCatalog,
  guessCount,
  WEAK_GUESS_TOOLS,
  pinnedNames,
  rankedNames,
  type OfferPolicy,
} from "./offer-policy.js";
import { recentTools } from "./recent-tools.js";
import type { AdapterSelectOptions } from "./select-options.js";
import type { SelectedTool, ToolSelector } from "./tool-selector.js";

// `select:<name>[,<name>…]` on a line of its own (exact-names.ts reads it).
const SELECT_FORM = /^[^\S\n]*select:/imu;

/** One model turn of the current run (a step of the AI SDK's loop): the tools it called, what the search tool found. */
export interface RunStep {
  readonly calls: readonly string[];
  /** Names the search meta-tool returned in this turn (`{ tools: [{ name }] }`). */
  readonly found: readonly string[];
}

/** One model call, in the neutral terms every adapter converts to. */
export interface StepInput {
  /** The conversation so far (user and assistant texts, the assistant's tool calls). */
  readonly conversation: readonly ConversationMessage[];
  /** The model turns of the current run, oldest first (empty at a user turn). */
  readonly steps: readonly RunStep[];
  /**
   * The only tools this call may be offered: `allowedTools`, the rules, and the tools the host hands the call now, each
   * bounding the others. `undefined`: every catalog tool.
   */
  readonly allowed?: ReadonlySet<string>;
}

/** What the one selection decided for a step: these tools, or every tool the step may have (and why). */
export type StepSelection = (
  | {
      readonly names: readonly string[];
      /** The page of ranked tools, best first. */
      readonly paged: readonly string[];
      /** Tools kept from the last steps (called, or found by the search tool). */
      readonly kept: readonly string[];
      /** The selection's ranked, pinned and companion tools, each with its reason. */
      readonly results: readonly SelectedTool[];
    }
  | { readonly every: "escalate" | "no-match"; readonly names?: undefined }
) & {
  /** The tools this step may be offered (`StepInput.allowed`). */
  readonly allowed?: ReadonlySet<string>;
  /**
   * Set when the user's turn only converses ("thanks!"): the step is offered these, the pinned tools alone, while the
   * rest (what the ranking gave) still feeds a cache-keeping set, which stays for the next request.
   */
  readonly offered?: readonly string[];
};

/** Reported when a step's selection failed (indexing, listing a server's tools, ranking), by every adapter. */
export interface SelectionFailedEvent {
  readonly type: "selection-failed";
  readonly error: unknown;
  /**
   * What the call got: `"all"` every tool it may have (at most `maxOfferAll`); `"kept"` only the tools kept anyway
   * (pinned, recently called or found), because every tool is more than `maxOfferAll` (`guard`); `"none"`: the model
   * call was rejected (`onError: "throw"`, or the index's own `EMBEDDING_FAILED` under its `onError: "throw"`).
   */
  readonly fallback: "all" | "kept" | "none";
  readonly guard?: { readonly maxOfferAll: number; readonly tools: number };
  readonly message: string;
}

/** How an adapter's steps are selected: validated once, when the adapter is made. */
export interface StepSelectionConfig {
  readonly selectOptions: AdapterSelectOptions;
  readonly policy: OfferPolicy;
  /** Keep the tools called in the last `window` steps (`steps.keepRecent`). */
  readonly keepRecent: boolean;
  readonly window: number;
  /** Page through the ranking, then every tool, after steps without a tool call (`steps.escalate`). */
  readonly escalate: boolean;
  readonly searchToolName: string;
  /** `"throw"` rejects the model call when selection fails; `"fallback"` offers what the failure policy gives. */
  readonly onError: "fallback" | "throw";
  /** The user's listener; without one a failure is a console warning (never silent). */
  readonly emit?: (event: SelectionFailedEvent) => void;
  /**
   * Characters of a catalog tool's definition (name, description, JSON schema), which `smallCatalog` measures; without
   * it (a selector that is no toolsift index) every step is selected.
   */
  readonly definitionLength?: (name: string) => number;
}

/**
 * The most ranked tools a step is offered when the user gave no `maxTools` and the best ranked tool is an unsure match
 * (relevance under SURE_RELEVANCE): five when the request says plainly what it wants, up to ten when it is said in
 * other words than the catalog's ("ping #eng that deploy is at 4"), where the right tool more often ranks sixth to
 * tenth (bench/everyday.mjs, default prepareStep, 21–100 / > 100 tools: 8 → 81.0 / 73.2% right tool offered at 6.2 /
 * 8.4 tools a request; 10 → 81.9 / 76.0% at 7.0 / 9.7; 12 → 82.6 / 77.3% at 7.8 / 10.9).
 */
export const UNSURE_MAX_TOOLS = 10;

/** Whether the best ranked tool of `results` is an unsure match (relevance under SURE_RELEVANCE). */
function unsure(results: readonly SelectedTool[]): boolean {
  const best = results.find((result) => result.reason === "ranked");
  return best !== undefined && best.relevance < SURE_RELEVANCE;
}

/** Names a search-tool result carries: `{ tools: [{ name }] }`. */
export function foundTools(output: unknown): string[] {
  const tools = (output as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return [];
  return tools
    .map((tool) => (tool as { name?: unknown }).name)
    .filter((name): name is string => typeof name === "string");
}

/** The AI SDK's steps (or those read off a prompt: `stepsOf`) as run steps, with what `searchToolName` found. */
export function runSteps(
  steps: ReadonlyArray<{
    readonly toolCalls: ReadonlyArray<{ readonly toolName: string }>;
    readonly toolResults?: ReadonlyArray<{ readonly toolName: string; readonly output?: unknown }>;
  }>,
  searchToolName: string,
): RunStep[] {
  return steps.map((step) => ({
    calls: step.toolCalls.map((call) => call.toolName),
    found: (step.toolResults ?? [])
      .filter((result) => result.toolName === searchToolName)
      .flatMap((result) => foundTools(result.output)),
  }));
}

/**
 * The one step selection. `select` decides a step; `failed` is the one failure policy: a step whose selection (or the
 * adapter's catalog work before it) failed is reported as `selection-failed` and offered every tool it may have when
 * those are at most `maxOfferAll`, else only the tools kept anyway (pinned, recently called or found); with `onError:
 * "throw"`, or when the index itself threw `EMBEDDING_FAILED` (its own `onError: "throw"`), the model call is rejected.
 */
export function createStepSelection(index: ToolSelector, config: StepSelectionConfig) {
  const { selectOptions, policy, searchToolName } = config;
  const catalogPins = (selectOptions.alwaysActive ?? []).filter((name) => name !== searchToolName);
  const maxTools = selectOptions.maxTools ?? 5;
  const catalogTools = catalogToolCounter(() => index.toolNames);

  /** `alwaysActive` as this step may have it: catalog tools it allows, and the search meta-tool. */
  function pinnedNow(allowed: ReadonlySet<string> | undefined): string[] {
    const known = new Set(index.toolNames);
    return (selectOptions.alwaysActive ?? []).filter((name) =>
      known.has(name) ? (allowed?.has(name) ?? true) : name === searchToolName,
    );
  }

  /**
   * The catalog tools this step may have, in catalog order, when they are a small catalog (`smallCatalog`: at most
   * its `tools`, their definitions at most its `tokens`, counted as characters / 4); else `undefined`.
   */
  function smallCatalog(allowed: ReadonlySet<string> | undefined, toolCount: number): string[] | undefined {
    const small = policy.smallCatalog;
    const length = config.definitionLength;
    if (small === undefined || length === undefined || toolCount === 0) return undefined;
    // Never more than "every tool" may mean, and never against an explicit `onNoMatch: "none"` or `"guess"`.
    if (toolCount > small.tools || toolCount > policy.maxOfferAll) return undefined;
    if (policy.onNoMatch === "none" || policy.onNoMatch === "guess") return undefined;
    const names = index.toolNames.filter((name) => allowed === undefined || allowed.has(name));
    return isSmallCatalog(small, names, length) ? names : undefined;
  }

  /** The best `count` tools by score, without the relevance cut and without pinned tools. */
  async function withoutRelevanceCut(
    query: string,
    count: number,
    allowed: ReadonlySet<string> | undefined,
    toolCount: number,
    conversation?: readonly ConversationMessage[],
  ): Promise<readonly SelectedTool[]> {
    const { results } = await index.selectWithScores(query, {
      ...selectOptions,
      ...(conversation !== undefined ? { [CONVERSATION]: conversation } : {}),
      alwaysActive: [],
      minRelevance: 0,
      maxTools: count,
      adaptive: false,
      ...(allowed !== undefined && toolCount < index.toolNames.length ? { allowedTools: [...allowed] } : {}),
    });
    return results;
  }

  /**
   * A small catalog (`whole`) best first: the ranked tools, then every tool by its score without the relevance cut,
   * then the rest in catalog order.
   */
  async function bestFirst(
    query: string,
    whole: readonly string[],
    ranking: readonly string[],
    allowed: ReadonlySet<string> | undefined,
    toolCount: number,
  ): Promise<string[]> {
    const results = await withoutRelevanceCut(query, whole.length, allowed, toolCount);
    const members = new Set(whole);
    return [...new Set([...ranking, ...rankedNames(results), ...whole])].filter((name) => members.has(name));
  }

  /**
   * The ranking's best guesses for a query nothing reached the relevance bar of, from its best `guessCount` without
   * the relevance cut (`results`): those with some evidence and their companions, when one of them shows evidence of a
   * task (`isGuess`); with `weak`, only those a word of the request meets in what they say they do (`isWeakGuess`),
   * without companions (they may be another tool's); else none.
   */
  function bestGuesses(results: readonly SelectedTool[], query: string, weak: boolean): string[] {
    const ranked = results.filter(
      (tool) => tool.reason === "ranked" && tool.relevance > 0 && (!weak || isWeakGuess(tool.match ?? [], query)),
    );
    if (weak) return ranked.map((tool) => tool.name);
    if (!ranked.some((tool) => isGuess(tool.match ?? [], query))) return [];
    // With the guesses, their companions (the list tool that finds an id the request does not give).
    const companions = results.filter((tool) => tool.reason !== "ranked" && tool.pinned === undefined);
    return [...ranked, ...companions].map((tool) => tool.name);
  }

  /** The tools of the last steps (and what the search tool found) that stay offered. */
  function keptTools(steps: readonly RunStep[]): Set<string> {
    const recent = steps.slice(-config.window);
    const kept = config.keepRecent
      ? recentTools(
          recent.map((step) => step.calls),
          config.window,
          searchToolName,
        )
      : new Set<string>();
    for (const step of recent) for (const name of step.found) kept.add(name);
    return kept;
  }

  /**
   * The step's selection from the ranking. On a turn of conversation only (`smallTalk`), or a remark (`remark`), an
   * empty ranking is decided without a report: `select` reports that turn once, as small talk.
   */
  async function ranked(
    input: StepInput,
    query: string,
    toolCount: number,
    smallTalk: boolean,
    remark: boolean,
  ): Promise<StepSelection> {
    const { conversation, steps, allowed } = input;
    const everyTool = (every: "escalate" | "no-match") => ({ every, allowed });
    let misses = 0;
    for (let i = steps.length - 1; i >= 0 && steps[i].calls.length === 0; i--) misses++;
    if (config.escalate && misses >= 2 && toolCount <= policy.maxOfferAll) return everyTool("escalate");

    const page = config.escalate ? misses : 0;
    // Tools of the last steps (and what the search tool found) stay active anyway, so they are not ranked: their
    // places in the page go to tools the task has not used yet.
    const kept = keptTools(steps);
    let ranking: string[] = [];
    let results: readonly SelectedTool[] = [];
    let companions = 0;
    let pinned: readonly string[] = selectOptions.alwaysActive ?? [];
    let pageSize = maxTools;
    if (query.length > 0) {
      const selectFor = (most: number) =>
        index.selectWithScores(query, {
          ...selectOptions,
          // Names outside the catalog are left out by the index itself (and stay active below); the search tool is
          // none of the catalog's by design, and no misspelt name of one ("search_tools" beside `search_files`).
          alwaysActive: [...catalogPins, ...kept],
          // The conversation's tool calls: its memory of tools, and what learnt usage predicts next.
          [CONVERSATION]: conversation,
          // Clamped: a maxTools accepted at creation must not grow past what select accepts on a later page.
          maxTools: Math.min(most, Number.MAX_SAFE_INTEGER),
          adaptive: page === 0 ? selectOptions.adaptive : false,
          // Ranked among the allowed tools only when they leave some catalog tool out.
          ...(allowed !== undefined && toolCount < index.toolNames.length ? { allowedTools: [...allowed] } : {}),
        });
      let selection = await selectFor(maxTools * (page + 1));
      // Without a maxTools of the user's, a request whose best tool is an unsure match gets a few more of the ranking
      // (and pages of that size after misses).
      if (selectOptions.maxTools === undefined && unsure(selection.results)) {
        pageSize = UNSURE_MAX_TOOLS;
        selection = await selectFor(pageSize * (page + 1));
      }
      results = selection.results;
      ranking = rankedNames(results);
      companions = companionCount(selection.results);
      // A reply to what the assistant asked ("yes pls" to "Should I email them a reminder?") needs the proposed
      // action's tool, which the request before it may outrank: the asking sentences' own best tools are kept beside
      // the ranking (not in place of it, nor counted in maxTools), so a cache-keeping set that serves the request
      // before still takes them. Only beside a ranking (an empty one is the no-match policy's to answer), and not for
      // a turn of chat ("lol" to the question).
      const question =
        steps.length === 0 && ranking.length > 0 && !smallTalk ? answeredQuestion(conversation) : undefined;
      if (question !== undefined) {
        const asked = await index.selectWithScores(question, {
          ...selectOptions,
          alwaysActive: catalogPins,
          maxTools: Math.min(ASKED_TOOLS, maxTools),
          // The assistant's own words for what it proposes, which it wrote knowing the tools: half the bar.
          minRelevance: (selectOptions.minRelevance ?? DEFAULT_MIN_RELEVANCE) * ASKED_RELEVANCE,
          adaptive: false,
          ...(allowed !== undefined && toolCount < index.toolNames.length ? { allowedTools: [...allowed] } : {}),
        });
        for (const name of rankedNames(asked.results)) kept.add(name);
      }
      // Only catalog tools come back from the index (toolpick's rule); the search meta-tool stays active by name.
      const searchTool = (selectOptions.alwaysActive ?? []).filter((name) => name === searchToolName);
      pinned = [...pinnedNames(selection.results), ...searchTool];
    }
    const paged = ranking.slice(page * pageSize, (page + 1) * pageSize);
    // Nothing left to page to: escalate to every tool at once.
    if (page > 0 && paged.length === 0 && policy.noMatch(query, toolCount, true)) return everyTool("escalate");
    // Later in a run (after a tool result) the model works on the request with the tools it called: those kept are a
    // match, and a step without them reads as mid-turn to the policy.
    const midTurn = steps.length > 0;
    const found = ranking.length > 0 || companions > 0 || kept.size > 0;
    // A small catalog is offered whole, best first, to every turn that is not chat only ("thanks!": `smallTalk`): its
    // definitions cost little, a terse catalog shares few words with what users type, and the model decides.
    // A `select:<name>` query asks for those tools only.
    const whole =
      smallTalk || query.length === 0 || SELECT_FORM.test(query) ? undefined : smallCatalog(allowed, toolCount);
    if (whole !== undefined) {
      const order = await bestFirst(query, whole, ranking, allowed, toolCount);
      const names = [...new Set([...order, ...pinned])].filter(
        (name) => allowed === undefined || allowed.has(name) || name === searchToolName,
      );
      return { names, allowed, paged: order, kept: [...kept], results };
    }
    // Nothing reached the relevance bar at a turn's first step: the best few guesses when one shows evidence of a
    // task ("slak priya", "ditch the sync meeting"), reported (`onNoMatch: "guess"`; by default above 20 tools).
    const guessing =
      page === 0 && !found && !smallTalk && !midTurn && !SELECT_FORM.test(query) && policy.guesses(query, toolCount);
    // The best few without the relevance cut, ranked once for both kinds of guess.
    let best: readonly SelectedTool[] | undefined;
    const guessed = async (weak: boolean): Promise<StepSelection | undefined> => {
      // Never more guesses than the user's maxTools allows ranked tools.
      const count = Math.min(guessCount(toolCount), selectOptions.maxTools ?? Infinity);
      best ??= await withoutRelevanceCut(query, count, allowed, toolCount, conversation);
      const guesses = bestGuesses(best, query, weak);
      if (guesses.length === 0) return undefined;
      policy.guessed(query, guesses);
      const names = [...new Set([...guesses, ...pinned])].filter(
        (name) => allowed === undefined || allowed.has(name) || name === searchToolName,
      );
      return { names, allowed, paged: guesses, kept: [...kept], results };
    };
    const strong = guessing ? await guessed(false) : undefined;
    if (strong !== undefined) return strong;
    // In a catalog of at most WEAK_GUESS_TOOLS, a conversation's opening request that meets what a tool says it does
    // gets the best few too, rather than none: the few definitions cost little, and an empty hand ends the task ("who
    // is gaearon on github"). (Where the policy guesses it offers no catalog whole, so nothing else is passed over.)
    const opening = conversation.filter((message) => message.role === "user").length === 1;
    const weak = guessing && opening && toolCount <= WEAK_GUESS_TOOLS ? await guessed(true) : undefined;
    if (weak !== undefined) return weak;
    // A remark's no-match is reported by `select`, as small talk, unless every tool is offered (a small catalog).
    const offersAll = smallTalk
      ? policy.offersAll
      : remark
        ? (text: string, tools: number, escalation: boolean, mid: boolean) =>
            policy.offersAll(text, tools, escalation, mid) && policy.noMatch(text, tools, escalation, mid)
        : policy.noMatch;
    if (page === 0 && !found && offersAll(query, toolCount, false, midTurn)) return everyTool("no-match");
    const active = new Set<string>(paged);
    for (const name of kept) active.add(name);
    for (const name of pinned) active.add(name);
    const names = [...active].filter((name) => allowed === undefined || allowed.has(name) || name === searchToolName);
    return { names, allowed, paged, kept: [...kept], results };
  }

  /** Whether the ranking reads a task in `text` alone: a ranked tool of the catalog reaches the relevance bar. */
  async function readsTask(text: string, allowed: ReadonlySet<string> | undefined, toolCount: number) {
    const { results } = await index.selectWithScores(text, {
      ...selectOptions,
      // The remark as a turn of its own: read as a remark (by its words alone, not an embedding's neighbours).
      [CONVERSATION]: [{ role: "user", text, toolCalls: [] }],
      alwaysActive: [],
      ...(allowed !== undefined && toolCount < index.toolNames.length ? { allowedTools: [...allowed] } : {}),
    });
    return results.some((result) => result.reason === "ranked");
  }

  /**
   * Decides a step. A turn of conversation only ("thanks!") asks for nothing: it is offered the pinned tools alone
   * (every tool only with `onNoMatch: "all"`), reported once as a `small-talk` no-match; its ranking still feeds a
   * cache-keeping set, which stays for the next request. So is a remark at a turn's start ("dependabot never sleeps
   * huh", "greta is a legend lol": `isRemark`, not a reply to what the assistant asked) in which the ranking reads no
   * task: no ranked tool, no guess, no small catalog offered whole, nothing else every tool. A problem the catalog has
   * words for ("ugh jenkins is so slow lol" to a CI catalog) is ranked as a request.
   */
  async function select(input: StepInput): Promise<StepSelection> {
    // What "every tool" would mean for this step, against maxOfferAll: the catalog tools allowed.
    const toolCount = catalogTools(input.allowed);
    const smallTalk = isSmallTalkTurn(input.conversation, isChitChat);
    const latest = userTextBefore(input.conversation, input.conversation.length - 1)?.text ?? "";
    const query = queryFromConversation(input.conversation);
    let remark = !smallTalk && input.steps.length === 0 && remarkAtTurn(input.conversation) !== undefined;
    // A short remark is read with the message before it ("lmao that one is ancient"), whose task the ranking would
    // find again: whether it reads a task is asked of its own words (and a small catalog is offered whole as ever).
    const joined = remark && latest !== query;
    if (
      joined &&
      (smallCatalog(input.allowed, toolCount) !== undefined || (await readsTask(latest, input.allowed, toolCount)))
    )
      remark = false;
    const chat = smallTalk || (joined && remark);
    const selection = await ranked(input, query, toolCount, chat, remark && !joined);
    const remarkOnly =
      remark && !joined && selection.names !== undefined && selection.paged.length === 0 && selection.kept.length === 0;
    if (!chat && !remarkOnly) return selection;
    if (policy.noMatch(query, toolCount, false, false, true)) return { every: "no-match", allowed: input.allowed };
    return { ...selection, offered: pinnedNow(input.allowed) };
  }

  /**
   * The failure policy: reports `error` and returns what the step is offered instead (`undefined`: every tool it may
   * have), or rethrows it (the model call is rejected).
   */
  function failed(error: unknown, input: Pick<StepInput, "steps" | "allowed">): readonly string[] | undefined {
    const rejected =
      config.onError === "throw" || (ToolsiftError.isInstance(error) && error.code === "EMBEDDING_FAILED");
    const tools = catalogTools(input.allowed);
    const guarded = !rejected && tools > policy.maxOfferAll;
    const fallback = rejected ? "none" : guarded ? "kept" : "all";
    const what = {
      all: `this call is offered every tool it may have (${tools})`,
      kept: `every tool (${tools}) exceeds maxOfferAll (${policy.maxOfferAll}): this call is offered only the tools kept anyway`,
      none: "the model call is rejected",
    }[fallback];
    const event: SelectionFailedEvent = {
      type: "selection-failed",
      error,
      fallback,
      ...(guarded ? { guard: { maxOfferAll: policy.maxOfferAll, tools } } : {}),
      message: `selecting tools failed (${errorMessage(error)}); ${what}`,
    };
    if (config.emit !== undefined) config.emit(event);
    else console.warn(`[toolsift] selection-failed: ${event.message} (pass onEvent to receive it)`);
    if (rejected) throw error;
    if (!guarded) return undefined;
    const allowed = input.allowed;
    const kept = [...keptTools(input.steps)].filter((name) => allowed === undefined || allowed.has(name));
    return [...new Set([...pinnedNow(allowed), ...kept])];
  }

  return { select, failed, policy };
}

/** The selection `createStepSelection` returns. */
export type StepSelector = ReturnType<typeof createStepSelection>;
