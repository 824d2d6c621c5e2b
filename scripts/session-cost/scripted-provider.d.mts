// Types for scripted-provider.mjs (the tests import it too).
import type { LanguageModel } from "ai";

export const MODEL_IDS: Readonly<{ anthropic: string; openai: string }>;
export const FINAL_TEXT: string;
export function missText(): string;

export type ScriptedDecision =
  | { type: "call"; name: string; input: unknown; via: "direct" | "dispatcher"; output: string }
  | { type: "miss"; name: string; output: string }
  | { type: "final"; output: string };

export interface ScriptedRequest {
  readonly url: string;
  /** The JSON body the package sent. */
  readonly body: Record<string, unknown>;
  /** The body as the provider renders it (OpenAI item references expanded). */
  readonly rendered: Record<string, unknown>;
  readonly decision: ScriptedDecision;
}

export interface ScriptedProvider {
  readonly provider: "anthropic" | "openai";
  readonly model: LanguageModel;
  readonly requests: readonly ScriptedRequest[];
  /** The calls the model makes next, in order. */
  setScript(calls: readonly { readonly name: string; readonly input: unknown }[]): void;
  /** Names of the calls not made yet. */
  pending(): string[];
  /** Forgets requests and stored items, restarts the ids. */
  reset(): void;
}

export function createScriptedProvider(options: {
  provider: "anthropic" | "openai";
  catalog: readonly { readonly name: string; readonly description: string }[];
}): ScriptedProvider;
