// The two tools of the fixed block: `call_tool`, which checks and runs a delivered tool, and `search_tools`, whose
// result carries the full definitions it finds. Built without importing the AI SDK (its documented schema shape).

import type { FlexibleSchema, Tool, ToolExecutionOptions } from "ai";
import { AI_SCHEMA } from "../../core/ai-schema.js";
import { modelFacingError, readByTheModel } from "../model-facing-error.js";
import { foundTools } from "../step-selection.js";
import type { ToolCallRefusedEvent } from "../../events.js";
import type { SearchAnswer } from "../../search/search-answer.js";
import { notDeliveredWords, refusalOpening } from "./dispatched-calls.js";

type RefusalReason = ToolCallRefusedEvent["reason"];

/** An AI SDK `jsonSchema()` object: the JSON Schema the model sees and the check the SDK runs on the model's input. */
function objectSchema<T>(jsonSchema: object, read: (value: Record<string, unknown>) => T | string) {
  return {
    [AI_SCHEMA]: true,
    _type: undefined as unknown as T,
    jsonSchema,
    async validate(value: unknown) {
      const read_ =
        typeof value === "object" && value !== null && !Array.isArray(value)
          ? read(value as Record<string, unknown>)
          : "the input must be an object";
      return typeof read_ === "string"
        ? { success: false as const, error: new TypeError(`${read_}, got ${JSON.stringify(value)}`) }
        : { success: true as const, value: read_ };
    },
  } as unknown as FlexibleSchema<T>;
}

export interface DispatchInput {
  readonly name: string;
  readonly input: unknown;
}

export interface DispatcherSetup {
  readonly name: string;
  readonly searchToolName: string;
  /** How the delivery messages write definitions (the description says how to read them). */
  readonly format: "compact" | "json";
  readonly tools: Readonly<Record<string, Tool | undefined>>;
  /** The tools the conversation made callable by the time of the call (the step's messages). */
  delivered(messages: ToolExecutionOptions<unknown>["messages"]): Promise<ReadonlySet<string>>;
  /** Whether a tool refused as not delivered is delivered right after the refusal (the next step's delivery). */
  deliversRefused(name: string): boolean;
  onRefused(event: ToolCallRefusedEvent): void;
}

/** `call_tool({ name, input })`: a delivered tool, its input checked against its own schema, run by its `execute`. */
export function createDispatcher(setup: DispatcherSetup): Tool<DispatchInput, unknown> {
  const { name: dispatcher, searchToolName, tools } = setup;
  const refuse = (tool: string, reason: RefusalReason, words: string): never => {
    const message = refusalOpening(dispatcher) + words;
    setup.onRefused({ type: "tool-call-refused", tool, reason, message });
    throw modelFacingError("TOOL_CALL_REFUSED", message, { tool, reason });
  };
  const own = (name: string) => (Object.hasOwn(tools, name) ? tools[name] : undefined);
  return {
    type: "function",
    // Short: the fixed block is in every request, and OpenAI caches nothing under 1,024 tokens.
    description:
      setup.format === "json"
        ? `Calls a tool defined in this conversation (a JSON line after "Tools to call with ${dispatcher}:", or a ` +
          `${searchToolName} result) with its name and its input as its inputSchema describes.`
        : `Calls a tool defined in this conversation (after "Tools to call with ${dispatcher}:", as ` +
          `\`name: description\` then \`  param?: type — note\` lines, a "## " line opening the descriptions under ` +
          `it ("…": one stated above); or a ${searchToolName} result) with its name and input.`,
    inputSchema: objectSchema<DispatchInput>(
      {
        type: "object",
        properties: { name: { type: "string" }, input: { type: "object" } },
        required: ["name", "input"],
        additionalProperties: false,
      },
      (value) =>
        typeof value.name !== "string"
          ? `${dispatcher} expects { name: string, input: object }: name must be a string`
          : { name: value.name, input: value.input ?? {} },
    ),
    async execute({ name, input }, options) {
      const tool = name === dispatcher || name === searchToolName ? undefined : own(name);
      if (tool === undefined) {
        refuse(name, "unknown-tool", `there is no tool named "${name}". Call ${searchToolName} to find one.`);
      }
      if (!(await setup.delivered(options.messages)).has(name)) {
        // The next step's delivery brings a tool refused so (in-conversation.ts): say so only when it will.
        refuse(
          name,
          "not-delivered",
          `${notDeliveredWords(name)}, so it was not run. ` +
            (setup.deliversRefused(name)
              ? `Its definition is given after this result: read it, then call ${name} again.`
              : `Call ${searchToolName} to get its definition (name, description, input schema), then call it.`),
        );
      }
      // Loaded on the first dispatched call: an app that imports the root and never dispatches loads no JSON Schema
      // interpreter (in Node a module graph of its own; code-splitting bundlers put it in a chunk of its own).
      const { checkToolInput } = await import("../../check-tool-input.js");
      const checked = await checkToolInput(name, tool!.inputSchema, input);
      if (!checked.success) refuse(name, "invalid-input", checked.message);
      if (typeof tool!.execute !== "function") {
        throw modelFacingError("TOOL_CALL_REFUSED", `${dispatcher}: tool "${name}" has no execute function.`, {
          tool: name,
          reason: "no-execute",
        });
      }
      return lastOutput(tool!.execute((checked as { value: unknown }).value, options));
    },
    // The delegated tool's own conversion of its output, else the SDK's default (text for strings, JSON otherwise).
    async toModelOutput({ toolCallId, input, output }) {
      const tool = own(input.name);
      if (tool?.toModelOutput) return tool.toModelOutput({ toolCallId, input: input.input, output });
      if (typeof output === "string") return { type: "text", value: output };
      const text = output === undefined ? undefined : JSON.stringify(output);
      return { type: "json", value: text === undefined ? null : JSON.parse(text) };
    },
  };
}

/** A tool's output; a streaming tool (an AsyncIterable) gives its last value, as the SDK makes its final output. */
async function lastOutput(result: unknown): Promise<unknown> {
  const awaited = await result;
  if (typeof (awaited as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] !== "function") return awaited;
  let last: unknown;
  for await (const output of awaited as AsyncIterable<unknown>) last = output;
  return last;
}

/** What `search_tools` returns: the one search answer, its definitions ready to call through the dispatcher. */
export type DefinitionSearchOutput = SearchAnswer;

/** `search_tools({ query })`: the full definitions of the best matches, so the model can call one at once. */
export function createDefinitionSearch(
  search: (query: string) => Promise<SearchAnswer>,
  dispatcher: string,
): Tool<{ query: string }, DefinitionSearchOutput> {
  return {
    type: "function",
    description: `Finds tools not defined in this conversation yet; returns their definitions, to call with ${dispatcher}.`,
    inputSchema: objectSchema<{ query: string }>(
      {
        type: "object",
        properties: { query: { type: "string", description: "What you need a tool for." } },
        required: ["query"],
        additionalProperties: false,
      },
      (value) => (typeof value.query === "string" ? { query: value.query } : "expected { query: string }"),
    ),
    execute: ({ query }) => readByTheModel(() => search(query)),
  };
}

/** The tool names a `search_tools` result names (`{ tools: [{ name }] }` as JSON output). */
export function namesInSearchOutput(output: unknown): string[] {
  return foundTools((output as { value?: unknown } | undefined)?.value);
}
