// Types for bill.mjs (the tests import it too).

export const PRICES: Readonly<{
  anthropic: Readonly<{ read: number; write: number; uncached: number }>;
  openai: Readonly<{ read: number; uncached: number }>;
}>;
export const OPENAI_MINIMUM: number;
export const OPENAI_STEP: number;

/** o200k tokens of `text`. */
export function countTokens(text: string): number;

/** The tokens OpenAI caches of a matching prefix of `prefixTokens` tokens. */
export function openaiCachedTokens(prefixTokens: number): number;

export interface RenderedPart {
  readonly kind: "tool" | "system" | "message";
  readonly key: string;
  readonly tokens: number;
  readonly marked: boolean;
}

/** The parts of a request body in render order. */
/** `freeTools`: tool definitions cost 0 tokens (the floor row). */
export interface BillOptions {
  readonly freeTools?: boolean;
}

export function renderParts(
  body: Record<string, unknown>,
  provider: "anthropic" | "openai",
  options?: BillOptions,
): RenderedPart[];

export interface RequestBill {
  readonly input: number;
  readonly read: number;
  readonly write: number;
  readonly uncached: number;
  readonly bill: number;
}

export interface BillLedger {
  /** Prices the next request of the conversation against the earlier ones. */
  add(body: Record<string, unknown>): RequestBill;
  /** The sums, with `requests` and `extending` (requests that began with the whole request before them). */
  readonly total: RequestBill & { readonly requests: number; readonly extending: number };
}

export function createBillLedger(provider: "anthropic" | "openai", options?: BillOptions): BillLedger;
