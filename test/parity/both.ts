// Runs one scenario against toolpick 0.4.0 and toolsift: the same catalog, the same options object (typed as
// toolpick's, so toolpick's option types must also fit toolsift's) and the same step inputs.
import * as toolpick from "toolpick";
import * as toolsift from "../../src/index.js";
import { catalog, catalogNames, type ToolName } from "./catalog.js";

export interface Both<T> {
  readonly toolpick: T;
  readonly toolsift: T;
}

export type Indexes = Both<{
  select(query: string, options?: toolpick.SelectOptions): Promise<string[]>;
  readonly toolNames: readonly string[];
}> & {
  readonly pick: toolpick.ToolIndex<typeof catalog>;
  readonly sift: ReturnType<typeof toolsift.createToolIndex<typeof catalog>>;
};

/** Both indexes of the catalog, keyword-only (toolpick's "hybrid" strategy, which toolsift accepts as its name). */
export function createBoth(options: Omit<toolpick.ToolIndexOptions, "strategy"> = {}): Indexes {
  const indexOptions: toolpick.ToolIndexOptions = { ...options, strategy: "hybrid" };
  const pick = toolpick.createToolIndex(catalog, indexOptions);
  const sift = toolsift.createToolIndex(catalog, indexOptions);
  return { toolpick: pick, toolsift: sift, pick, sift };
}

/** `select(query, options)` on both indexes. */
export async function selectBoth(
  indexes: Indexes,
  query: string,
  options?: toolpick.SelectOptions,
): Promise<Both<string[]>> {
  return {
    toolpick: await indexes.toolpick.select(query, options),
    toolsift: await indexes.toolsift.select(query, options),
  };
}

/** A user message as AI SDK ModelMessage. */
export function user(text: string) {
  return { role: "user" as const, content: [{ type: "text" as const, text }] };
}

/** An assistant text message as AI SDK ModelMessage. */
export function assistant(text: string) {
  return { role: "assistant" as const, content: [{ type: "text" as const, text }] };
}

/** A finished step as prepareStep reads it: the tools it called (none: the model answered without a tool). */
export function step(calls: readonly ToolName[], text = "") {
  return {
    text,
    toolCalls: calls.map((toolName, i) => ({ type: "tool-call", toolCallId: `call-${i}`, toolName, input: {} })),
    toolResults: calls.map((toolName, i) => ({ type: "tool-result", toolCallId: `call-${i}`, toolName, output: {} })),
  };
}

export interface StepInput {
  readonly messages: (ReturnType<typeof user> | ReturnType<typeof assistant>)[];
  readonly steps: ReturnType<typeof step>[];
  readonly stepNumber: number;
}

type StepResult = { activeTools?: readonly string[] } | undefined;

/** Calls a prepareStep function directly, as generateText would (with only the fields both libraries read). */
export async function runStep(prepare: unknown, input: StepInput): Promise<StepResult> {
  return (await (prepare as (input: StepInput) => Promise<StepResult> | StepResult)(input)) ?? undefined;
}

/** The tools a step result offers the model: `activeTools`, or every tool when it sets none. */
export function offered(result: StepResult): string[] {
  return result?.activeTools === undefined ? [...catalogNames] : [...result.activeTools];
}

/** One prepareStep step on both indexes, with the same options: the tools each offers. */
export async function stepBoth(
  indexes: Indexes,
  input: StepInput,
  options?: toolpick.SelectOptions,
): Promise<Both<string[]>> {
  return {
    toolpick: offered(await runStep(indexes.pick.prepareStep(options), input)),
    // toolsift offers a small catalog (this one) whole by default; toolpick always selects.
    toolsift: offered(await runStep(indexes.sift.prepareStep({ ...options, smallCatalog: false }), input)),
  };
}

/** The function tools of a language-model call, as the AI SDK passes them to a middleware. */
export function functionTools(names: readonly string[]) {
  return names.map((name) => ({
    type: "function" as const,
    name,
    description: name in catalog ? catalog[name as ToolName].description : "",
    inputSchema: { type: "object", properties: {} },
  }));
}

type Middleware = { transformParams?: (options: never) => unknown };

/** Runs a middleware's transformParams on a prompt and tools; returns the names of the tools it kept. */
export async function middlewareTools(
  middleware: Middleware,
  prompt: readonly ReturnType<typeof user>[],
  tools: readonly string[],
): Promise<string[]> {
  const params = { prompt, tools: functionTools(tools) };
  const transform = middleware.transformParams as (options: {
    params: typeof params;
    type: "generate";
    model: unknown;
  }) => Promise<typeof params>;
  const result = await transform({ params, type: "generate", model: {} });
  return result.tools.map((tool) => tool.name);
}
