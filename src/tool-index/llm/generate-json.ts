// One JSON object from a language model: its own doGenerate with a JSON response format (the LLM stages' one call).

import type { LanguageModel } from "ai";
import { loadAiForModelIds, withRetries } from "../../ai-sdk.js";

/** What toolsift reads of a language model's `doGenerate` answer (specifications v2–v4). */
interface GenerateAnswer {
  content?: readonly { type: string; text?: string }[];
  structuredOutputText?: string;
  text?: string;
}

interface DirectLanguageModel {
  readonly modelId?: string;
  doGenerate(options: Record<string, unknown>): PromiseLike<GenerateAnswer>;
}

/** A request for one JSON object from a language model. */
export interface JsonRequest {
  readonly prompt: string;
  /** JSON Schema of the answer (an object schema; its `required` properties are checked). */
  readonly schema: { readonly required?: readonly string[] } & Record<string, unknown>;
  readonly abortSignal?: AbortSignal;
  /** Retries of a retryable provider error. Default 2, as `generateText`. */
  readonly maxRetries?: number;
}

/**
 * Asks `model` for one JSON object, as `generateText` with `Output.object` does: a model object through its own
 * `doGenerate` (one user message, `responseFormat: { type: "json", schema }`), without loading the AI SDK; a model
 * id string through the SDK. Rejects when the answer is not a JSON object with the schema's required properties.
 */
export async function generateJson<T>(model: LanguageModel, request: JsonRequest): Promise<T> {
  const { prompt, schema, abortSignal, maxRetries = 2 } = request;
  if (typeof model === "string") {
    const { generateText, Output, jsonSchema } = await loadAiForModelIds(model);
    const { output } = await generateText({
      model,
      abortSignal,
      maxRetries,
      output: Output.object({ schema: jsonSchema<T>(schema as Parameters<typeof jsonSchema>[0]) }),
      prompt,
    });
    return output as T;
  }
  const direct = model as unknown as DirectLanguageModel;
  const answer = await withRetries(
    async () =>
      direct.doGenerate({
        prompt: [{ role: "user", content: [{ type: "text", text: prompt }] }],
        responseFormat: { type: "json", schema },
        abortSignal,
      }),
    maxRetries,
    abortSignal,
  );
  const text =
    answer.structuredOutputText ??
    (answer.content === undefined
      ? (answer.text ?? "")
      : answer.content.map((part) => (part.type === "text" ? (part.text ?? "") : "")).join(""));
  return parseJsonAnswer<T>(text, schema, direct.modelId ?? "the model");
}

function parseJsonAnswer<T>(text: string, schema: JsonRequest["schema"], modelId: string): T {
  // Some models wrap JSON in a Markdown fence even when asked for JSON.
  const body = text.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, "$1");
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new Error(`${modelId} did not answer with JSON: ${JSON.stringify(text.slice(0, 200))}`);
  }
  const missing =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? (schema.required ?? []).filter((key) => !(key in value))
      : ["(an object)"];
  if (missing.length > 0) {
    throw new Error(`${modelId} answered JSON without ${missing.join(", ")}: ${JSON.stringify(text.slice(0, 200))}`);
  }
  return value as T;
}
