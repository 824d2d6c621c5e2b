// Where in a conversation toolsift delivered which tool definitions: re-derived from the messages on every step, each
// point's names remembered by the hash of the conversation up to it, so a request always extends the one before.

import type { MessageLike } from "../../conversation/model-messages.js";
import { LruMap } from "../../support/lru-map.js";
import { prefixHashes } from "./prefix-hashes.js";

/** The key of a delivery message's `providerOptions` (no provider reads it): `{ toolsift: { delivered: [...] } }`. */
const DELIVERY_KEY = "toolsift";

/** A message toolsift added: a user message whose `providerOptions.toolsift.delivered` names the tools it defines. */
export interface DeliveryMessage {
  readonly role: "user";
  readonly content: ReadonlyArray<{ readonly type: "text"; readonly text: string }>;
  readonly providerOptions: { readonly toolsift: { readonly delivered: readonly string[] } };
}

/** The tools a delivery message defines, or undefined for any other message. */
export function deliveredBy(message: MessageLike): readonly string[] | undefined {
  if (message.role !== "user") return undefined;
  const options = (message as { providerOptions?: Record<string, { delivered?: unknown } | undefined> })
    .providerOptions;
  const delivered = options?.[DELIVERY_KEY]?.delivered;
  return Array.isArray(delivered) && delivered.every((name) => typeof name === "string") ? delivered : undefined;
}

/** A delivery message: the instruction line, then one definition line per tool. */
export function deliveryMessage(
  names: readonly string[],
  instruction: string,
  lines: readonly string[],
): DeliveryMessage {
  return {
    role: "user",
    content: [{ type: "text", text: [instruction, ...lines].join("\n") }],
    providerOptions: { [DELIVERY_KEY]: { delivered: [...names] } },
  };
}

/** The text a delivery message carries (its text parts, joined). */
function deliveryText(message: MessageLike): string {
  if (typeof message.content === "string") return message.content;
  if (!Array.isArray(message.content)) return "";
  return (message.content as { type?: unknown; text?: unknown }[])
    .flatMap((part) => (part?.type === "text" && typeof part.text === "string" ? [part.text] : []))
    .join("\n");
}

/** A point where the model is called next: after a turn's user message, or (mid-turn) after a step's tool results. */
export type PointKind = "turn" | "step";

function pointAt(messages: readonly MessageLike[], position: number, midTurn: boolean): PointKind | undefined {
  const next = messages[position + 1];
  if (next !== undefined && next.role !== "assistant") return undefined;
  const role = messages[position].role;
  if (role === "user") return "turn";
  return midTurn && role === "tool" ? "step" : undefined;
}

/** What the conversation up to a point holds, for choosing what to deliver there. */
export interface DeliveryPoint {
  readonly kind: PointKind;
  /** The conversation up to and including the point, without delivery messages. */
  readonly prefix: readonly MessageLike[];
  /** Tools the model can call by then: the fixed tools, earlier deliveries, search results. */
  readonly delivered: ReadonlySet<string>;
}

/** The conversation with its deliveries in place, and every tool it made callable. */
export interface DerivedConversation {
  readonly messages: MessageLike[];
  readonly delivered: ReadonlySet<string>;
}

export interface DeliveryRules {
  /** Tools callable from the start (the fixed tools block). */
  readonly fixed: readonly string[];
  /** Whether a step's tool results are a delivery point too. */
  readonly midTurn: boolean;
  /** The tools a message makes callable besides deliveries (search results). */
  found(message: MessageLike): readonly string[];
  /** What to deliver at a point never seen before (names not yet delivered, in order). */
  choose(point: DeliveryPoint): Promise<readonly string[]>;
  /**
   * The message that delivers `names`, after the text of the conversation's `earlier` delivery messages (what it may
   * refer to: they are in every request that holds this one).
   */
  render(names: readonly string[], earlier: readonly string[]): Promise<MessageLike>;
}

/**
 * Re-derives a conversation's deliveries. A point's names come, in order of trust, from the delivery message already
 * after it (what the model saw in an earlier step of this call), from the memo (an earlier call, e.g. the last user
 * turn), or from `choose` (a point never seen: the new turn or step). Only the last is new work.
 */
export class ConversationDeliveries {
  private readonly memo: LruMap<string, readonly string[]>;

  constructor(
    private readonly rules: DeliveryRules,
    memoSize: number,
  ) {
    this.memo = new LruMap(memoSize);
  }

  async derive(messages: readonly MessageLike[]): Promise<DerivedConversation> {
    const clean: MessageLike[] = [];
    const carried = new Map<number, { names: readonly string[]; message: MessageLike }>();
    for (const message of messages) {
      const names = deliveredBy(message);
      if (names === undefined) clean.push(message);
      else if (clean.length > 0) carried.set(clean.length - 1, { names, message });
    }
    const delivered = new Set(this.rules.fixed);
    const out: MessageLike[] = [];
    const earlier: string[] = [];
    const hashes = prefixHashes(clean);
    for (let position = 0; position < clean.length; position++) {
      const message = clean[position];
      const hash = hashes[position + 1];
      out.push(message);
      for (const name of this.rules.found(message)) delivered.add(name);
      const kind = pointAt(clean, position, this.rules.midTurn);
      if (kind === undefined) continue;
      const kept = carried.get(position);
      let names = kept?.names ?? this.memo.get(hash);
      if (names === undefined) {
        const prefix = clean.slice(0, position + 1);
        names = (await this.rules.choose({ kind, prefix, delivered: new Set(delivered) })).filter(
          (name) => !delivered.has(name),
        );
      }
      this.memo.set(hash, names);
      if (names.length === 0) continue;
      const delivery = kept?.message ?? (await this.rules.render(names, earlier));
      out.push(delivery);
      earlier.push(deliveryText(delivery));
      for (const name of names) delivered.add(name);
    }
    return { messages: out, delivered };
  }
}
