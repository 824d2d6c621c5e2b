// deferredTools' prepareStep: the turn's selection loaded without the model asking, as a search it did not make.

import type { ModelMessage } from "ai";
import { conversationQuery, type MessageLike } from "../../conversation/model-messages.js";
import { mixedHash32 } from "../../core/hash.js";
import type { ToolSelector } from "../tool-selector.js";
import type { ProviderShapes } from "./deferred-provider-shapes.js";
import type { ResolvedDeferral } from "./deferred-tools.js";

/** What the preload reads of the SDK's prepareStep input. */
export interface PreloadInput {
  readonly messages: readonly MessageLike[];
}

/** `messages` with the preloaded searches in place; `{}` when there is nothing to add. */
export interface PreloadResult {
  messages?: ModelMessage[];
}

/** What the tool call id of a preloaded search holds (then the hash of the conversation it was made for). */
export const PRELOAD_CALL_ID = "toolsift_preload_";

/** Conversations remembered in this process; the oldest are forgotten past this many user turns. */
const MEMO_LIMIT = 10_000;

interface Preload {
  readonly query: string;
  readonly names: readonly string[];
}

/**
 * After each user message (the last of a run), a search call and its result loading the tools toolsift selects for
 * the conversation up to there, minus the tools loaded earlier in it. The conversation the SDK passes is the app's
 * messages plus what earlier steps of this call returned, so preloaded messages already there are dropped and put
 * back in the same place: every step and turn sends the earlier requests' messages unchanged. A selection is made
 * once per conversation prefix (memoised by its hash), so learning between turns does not rewrite earlier turns.
 */
export function createPreloadStep(
  index: ToolSelector,
  deferral: ResolvedDeferral,
  shapes: ProviderShapes,
  tools: Readonly<Record<string, unknown>>,
) {
  const memo = new Map<string, Preload>();
  const deferred = new Set(deferral.deferred);
  const select = async (prefix: readonly MessageLike[], loaded: ReadonlySet<string>): Promise<Preload> => {
    const query = conversationQuery(prefix);
    if (query.length === 0) return { query, names: [] };
    const { results } = await index.selectWithScores(query, {
      maxTools: deferral.maxResults,
      allowedTools: deferral.deferred as string[],
      messages: prefix,
    });
    const names = results.map((result) => result.name).filter((name) => deferred.has(name) && !loaded.has(name));
    return { query, names };
  };

  return async (step: PreloadInput): Promise<PreloadResult> => {
    const conversation = (step.messages ?? []).filter((message) => !isPreloaded(message));
    const messages: MessageLike[] = [];
    const loaded = new Set<string>();
    let key = "";
    let added = false;
    for (let position = 0; position < conversation.length; position++) {
      const message = conversation[position];
      messages.push(message);
      key = chainHash(key, message);
      for (const name of searchedNames(message, deferral.searchToolName, shapes)) loaded.add(name);
      if (message.role !== "user" || conversation[position + 1]?.role === "user") continue;
      let preload = memo.get(key);
      if (preload === undefined) {
        preload = await select(conversation.slice(0, position + 1), loaded);
        remember(memo, key, preload);
      }
      if (preload.names.length === 0) continue;
      for (const name of preload.names) loaded.add(name);
      const callId = shapes.itemIdPrefix + PRELOAD_CALL_ID + key;
      messages.push(
        ...(await shapes.searchMessages(callId, deferral.searchToolName, preload.query, preload.names, tools)),
      );
      added = true;
    }
    return added ? { messages: messages as ModelMessage[] } : {};
  };
}

/** Whether a message is one this preload added (a search call or result with a preload call id). */
function isPreloaded(message: MessageLike): boolean {
  if (!Array.isArray(message.content) || message.content.length === 0) return false;
  return message.content.every((part: { toolCallId?: unknown }) => {
    const id = part?.toolCallId;
    return typeof id === "string" && id.includes(PRELOAD_CALL_ID);
  });
}

/** Tools a tool message's search results loaded (the model's own searches). */
function searchedNames(message: MessageLike, searchToolName: string, shapes: ProviderShapes): string[] {
  if (message.role !== "tool" || !Array.isArray(message.content)) return [];
  return message.content.flatMap((part: { type?: unknown; toolName?: unknown; output?: unknown }) =>
    part?.type === "tool-result" && part.toolName === searchToolName ? shapes.loadedNames(part.output) : [],
  );
}

/** The hash of a conversation prefix, extended by one message: 64 bits as 16 hex digits. */
function chainHash(previous: string, message: MessageLike): string {
  const text = previous + JSON.stringify(message);
  const high = mixedHash32(text, 0x9747b28c);
  const low = mixedHash32(text, 0x5bd1e995);
  return high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");
}

function remember(memo: Map<string, Preload>, key: string, preload: Preload): void {
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  memo.set(key, preload);
}
