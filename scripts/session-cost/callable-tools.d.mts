// Types for callable-tools.mjs (the tests import it too).

/** The dispatcher an "in the conversation" delivery exposes (`call_tool({ name, input })`). */
export const DISPATCHER_NAME: "call_tool";

export interface CallableTools {
  /** Tools the model may call by their own name. */
  readonly direct: ReadonlySet<string>;
  /** Whether `call_tool` is among them. */
  readonly dispatcher: boolean;
  /** Whether the tool's definition (name and description) was delivered as text outside `tools`. */
  delivered(tool: { readonly name: string; readonly description: string }): boolean;
}

/** What one provider request body makes callable. */
export function callableTools(body: Record<string, unknown>, provider: "anthropic" | "openai"): CallableTools;
