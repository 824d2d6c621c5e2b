// deferredTools' prepareStep: the turn's selection loaded without the model asking, as a search it did not make.

import type { ModelMessage } from "ai";
import { conversationQuery, type MessageLike } from "../../conversation/model-messages.js";
import { textHash } from "../../semantic/embedding-text.js";
import type { ToolSelector } from "../tool-selector.js";
import type { SelectOptions } from "../../options.js";
import type { DeferralProvider, ProviderShapes } from "./deferred-provider-shapes.js";
import { canonicalJson, prefixHashes } from "./prefix-hashes.js";
import { LruMap } from "../../support/lru-map.js";

/** The validated options of one `deferredTools` call, shared by its search and its preload. */
export interface ResolvedDeferral {
  readonly provider: DeferralProvider;
  readonly maxResults: number;
  readonly alwaysActive: ReadonlySet<string>;
  readonly searchToolName: string;
  /** The tools deferred, in the app's key order. */
  readonly deferred: readonly string[];
  /** What every selection is given besides the query: the select options, `maxResults` and the deferred tools. */
  readonly selectOptions: SelectOptions;
}

/** What the preload reads of the SDK's prepareStep input. */
export interface PreloadInput {
  readonly messages: readonly MessageLike[];
}

/** `messages` with the preloaded searches in place; `{}` when there is nothing to add. */
export interface PreloadResult {
  messages?: ModelMessage[];
}

/**
 * What the tool call id of a preloaded search holds, then the position in the conversation it follows (unique in the
 * conversation, and short: the id is billed twice in every later request).
 */
export const PRELOAD_CALL_ID = "toolsift_preload_";

/**
 * How a preload reaches the model: the messages that load `names` (`key` names the preload: the position of the
 * message it follows), and how to recognise them later.
 */
export interface PreloadDelivery {
  messages(key: string, query: string, names: readonly string[]): Promise<MessageLike[]>;
  isPreloaded(message: MessageLike): boolean;
}

/** The preload as a search the model did not make: its call and its result (what a search of its own leaves). */
export function searchResultDelivery(
  shapes: ProviderShapes,
  searchToolName: string,
  tools: Readonly<Record<string, unknown>>,
): PreloadDelivery {
  return {
    messages: (key, query, names) =>
      shapes.searchMessages(shapes.itemIdPrefix + PRELOAD_CALL_ID + key, searchToolName, query, names, tools),
    isPreloaded(message) {
      if (!Array.isArray(message.content) || message.content.length === 0) return false;
      return message.content.every((part: { toolCallId?: unknown }) => {
        const id = part?.toolCallId;
        return typeof id === "string" && id.includes(PRELOAD_CALL_ID);
      });
    },
  };
}

/**
 * The preload as a system message with empty text whose provider options load the tools, made by `options(names)`:
 * Anthropic's mid-conversation `toolChanges` (sent as `tool_addition`s by reference, with the
 * `mid-conversation-system-2026-04-07` and `mid-conversation-tool-changes-2026-07-01` betas), or OpenAI's
 * `additionalTools` (sent as an `additional_tools` input item carrying the definitions). The AI SDK needs
 * `allowSystemInMessages: true` for it.
 */
export function systemMessageDelivery(
  options: (names: readonly string[]) => Promise<Record<string, unknown>>,
): PreloadDelivery {
  return {
    async messages(key, _query, names) {
      const providerOptions = { ...(await options(names)), toolsift: { preload: key } };
      return [{ role: "system", content: "", providerOptions }];
    },
    isPreloaded(message) {
      const options = (message as { providerOptions?: { toolsift?: { preload?: unknown } } }).providerOptions;
      return message.role === "system" && typeof options?.toolsift?.preload === "string";
    },
  };
}

/** Preloads remembered per index in this process; the oldest are forgotten past this many. */
const MEMO_LIMIT = 10_000;

interface Preload {
  readonly query: string;
  readonly names: readonly string[];
}

/**
 * After each user message and each step's tool results (the last of a run), the messages that load the tools toolsift
 * selects for the conversation up to there, minus the tools loaded earlier in it (nothing when none is new). The
 * conversation the SDK passes is the app's messages plus what earlier steps of this call returned, so preloaded
 * messages already there are dropped and put back in the same place: every step and turn sends the earlier requests'
 * messages unchanged. A selection is made once per conversation prefix (memoised by its hash), so learning between
 * turns does not rewrite earlier turns.
 */
export function createPreloadStep(
  index: ToolSelector,
  deferral: ResolvedDeferral,
  shapes: ProviderShapes,
  delivery: PreloadDelivery,
) {
  const memo = sharedMemo(index);
  // The selections depend on these too: deliveries made with other options do not share them.
  const options = textHash(canonicalJson([deferral.provider, deferral.selectOptions]));
  const deferred = new Set(deferral.deferred);
  const select = async (prefix: readonly MessageLike[], loaded: ReadonlySet<string>): Promise<Preload> => {
    const query = conversationQuery(prefix);
    if (query.length === 0) return { query, names: [] };
    const { results } = await index.selectWithScores(query, { ...deferral.selectOptions, messages: prefix });
    const names = results.map((result) => result.name).filter((name) => deferred.has(name) && !loaded.has(name));
    return { query, names };
  };

  return async (step: PreloadInput): Promise<PreloadResult> => {
    const conversation = (step.messages ?? []).filter((message) => !delivery.isPreloaded(message));
    const messages: MessageLike[] = [];
    const loaded = new Set<string>();
    const hashes = prefixHashes(conversation);
    let added = false;
    for (let position = 0; position < conversation.length; position++) {
      const message = conversation[position];
      messages.push(message);
      const key = hashes[position + 1];
      for (const name of searchedNames(message, deferral.searchToolName, shapes)) loaded.add(name);
      if (!endsExchange(conversation, position)) continue;
      let preload = memo.get(options + key);
      if (preload === undefined) {
        preload = await select(conversation.slice(0, position + 1), loaded);
        memo.set(options + key, preload);
      }
      if (preload.names.length === 0) continue;
      for (const name of preload.names) loaded.add(name);
      messages.push(...(await delivery.messages(String(position + 1), shortQuery(preload.query), preload.names)));
      added = true;
    }
    return added ? { messages: messages as ModelMessage[] } : {};
  };
}

/**
 * Whether the model answers right after this message: the last of a run of user messages (a turn starts) or of
 * tool messages (a step's results are in). A preload there is read before the model's next step.
 */
function endsExchange(conversation: readonly MessageLike[], position: number): boolean {
  const role = conversation[position].role;
  return (role === "user" || role === "tool") && conversation[position + 1]?.role !== role;
}

/** The longest query a preloaded search shows, in characters: a few words. */
const SHOWN_QUERY = 40;

/**
 * The query a preloaded search shows: the selection's query cut after its last word that fits in `SHOWN_QUERY`
 * characters. It is billed in every later request and the user's words are in the conversation already, so the search
 * only needs to say what it was for.
 */
export function shortQuery(query: string): string {
  if (query.length <= SHOWN_QUERY) return query;
  const cut = query.slice(0, SHOWN_QUERY);
  const space = cut.lastIndexOf(" ");
  return `${space > 0 ? cut.slice(0, space) : cut}…`;
}

/** Tools a tool message's search results loaded (the model's own searches). */
function searchedNames(message: MessageLike, searchToolName: string, shapes: ProviderShapes): string[] {
  if (message.role !== "tool" || !Array.isArray(message.content)) return [];
  return message.content.flatMap((part: { type?: unknown; toolName?: unknown; output?: unknown }) =>
    part?.type === "tool-result" && part.toolName === searchToolName ? shapes.loadedNames(part.output) : [],
  );
}

/**
 * The preloads chosen with one index in this process, shared by every `deferredTools` result made from it: an app
 * that makes a new one per request still sends its earlier turns' preloads unchanged.
 */
const memos = new WeakMap<object, LruMap<string, Preload>>();

function sharedMemo(index: ToolSelector): LruMap<string, Preload> {
  let memo = memos.get(index);
  if (memo === undefined) memos.set(index, (memo = new LruMap(MEMO_LIMIT)));
  return memo;
}
