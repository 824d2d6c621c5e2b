// What inConversation delivered at each point of an agent's conversation, kept in the agent's SQLite and carried back
// into the messages (inConversation trusts a delivery it finds after its point), so an agent woken after an eviction
// neither chooses nor embeds an earlier point again, and delivers there what it delivered before.

import { deliveredBy } from "../agent/delivery/conversation-deliveries.js";
import { prefixHashes } from "../agent/delivery/prefix-hashes.js";
import type { MessageLike } from "../conversation/model-messages.js";
import type { AgentDeliveryStore } from "./agent-storage.js";

/**
 * `messages` with the delivery messages `store` holds put back after their points (where the messages do not carry one
 * already): `inConversation` trusts a carried delivery, so an agent woken after an eviction neither chooses nor embeds
 * an earlier point again, and delivers there what it delivered before.
 */
export function withStoredDeliveries(messages: readonly MessageLike[], store: AgentDeliveryStore): MessageLike[] {
  const clean = messages.filter((message) => deliveredBy(message) === undefined);
  const hashes = prefixHashes(clean);
  const points = clean.flatMap((message, position) =>
    message.role === "user" || message.role === "tool" ? [hashes[position + 1]] : [],
  );
  const stored = store.getMany(points);
  if (stored.size === 0) return [...messages];
  const out: MessageLike[] = [];
  let position = 0;
  messages.forEach((message, at) => {
    out.push(message);
    if (deliveredBy(message) !== undefined) return;
    position++;
    const next = messages[at + 1];
    const kept = stored.get(hashes[position]);
    if (kept !== undefined && (next === undefined || deliveredBy(next) === undefined)) out.push(kept as MessageLike);
  });
  return out;
}

/** What a point that delivered nothing is stored as: a carried delivery of no tool, which `inConversation` drops. */
const NOTHING_DELIVERED = {
  role: "user",
  content: [{ type: "text", text: "" }],
  providerOptions: { toolsift: { delivered: [] } },
} as const;

/**
 * Stores what `messages` (a step's, deliveries in place) delivered at each point not stored yet (`known`: the points
 * this instance stored or read): the delivery message after it, or that nothing was delivered there.
 */
export function storeDeliveries(messages: readonly MessageLike[], store: AgentDeliveryStore, known: Set<string>): void {
  const clean: MessageLike[] = [];
  const after = new Map<number, MessageLike>();
  for (const message of messages) {
    if (deliveredBy(message) === undefined) clean.push(message);
    else after.set(clean.length, message);
  }
  const hashes = prefixHashes(clean);
  clean.forEach((message, position) => {
    const next = clean[position + 1];
    // The points inConversation decides: a user or tool message the model answers next.
    if ((message.role !== "user" && message.role !== "tool") || (next !== undefined && next.role !== "assistant"))
      return;
    const point = hashes[position + 1];
    if (known.has(point)) return;
    store.set(point, after.get(position + 1) ?? NOTHING_DELIVERED);
    known.add(point);
  });
}
