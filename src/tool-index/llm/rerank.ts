// LLM reranking and description enrichment: one JSON answer each (generateJson, no AI SDK for model objects).

import type { LanguageModel } from "ai";
import { generateJson } from "./generate-json.js";

/** A tool as the reranker and the enricher see it. */
export interface ToolText {
  readonly name: string;
  readonly description: string;
}

/**
 * Asks `model` to order `candidates` by relevance to `query`; returns tool names, best first, only
 * names among the candidates (unknown names are dropped, a repeated name counts at its first place).
 * Candidates the model leaves out are not dropped: the caller keeps them after the named ones, in
 * ranked order, and the prompt says so. Rejects on any model error.
 */
export async function rerankTools(
  model: LanguageModel,
  query: string,
  candidates: readonly ToolText[],
  abortSignal?: AbortSignal,
): Promise<string[]> {
  const list = candidates
    .map((tool) => `- ${tool.name}: ${tool.description.replace(/\s+/g, " ").slice(0, 300)}`)
    .join("\n");
  const output = await generateJson<{ tools: string[] }>(model, {
    abortSignal,
    schema: {
      type: "object",
      properties: {
        tools: { type: "array", items: { type: "string" }, description: "Tool names, most relevant first" },
      },
      required: ["tools"],
      additionalProperties: false,
    },
    prompt:
      `A user asked an AI agent: ${JSON.stringify(query)}\n\nThese tools are candidates:\n${list}\n\n` +
      `Order these tools by how much the agent needs each one for this request, most relevant first, using only ` +
      `names from the list. Tools you leave out are kept after the ones you name, in their current order.`,
  });
  const known = new Set(candidates.map((tool) => tool.name));
  const seen = new Set<string>();
  const names: string[] = [];
  for (const name of Array.isArray(output.tools) ? output.tools : []) {
    if (known.has(name) && !seen.has(name)) {
      seen.add(name);
      names.push(name);
    }
  }
  return names;
}

/**
 * Asks `model` for richer descriptions: synonyms, the jobs a user would ask the tool for, alternative
 * phrasings. Returns name → added text for the tools it answered for. Rejects on any model error.
 */
export async function enrichToolTexts(
  model: LanguageModel,
  tools: readonly ToolText[],
  abortSignal?: AbortSignal,
): Promise<Map<string, string>> {
  const list = tools.map((tool) => `- ${tool.name}: ${tool.description.replace(/\s+/g, " ").slice(0, 300)}`).join("\n");
  const output = await generateJson<{ tools: { name: string; text: string }[] }>(model, {
    abortSignal,
    schema: {
      type: "object",
      properties: {
        tools: {
          type: "array",
          items: {
            type: "object",
            properties: { name: { type: "string" }, text: { type: "string" } },
            required: ["name", "text"],
            additionalProperties: false,
          },
        },
      },
      required: ["tools"],
      additionalProperties: false,
    },
    prompt:
      `For each tool below, write one or two sentences with the words a user might use when they need it: synonyms, ` +
      `everyday and slang phrasings, the goals it serves. Do not repeat the description.\n\n${list}`,
  });
  const known = new Set(tools.map((tool) => tool.name));
  const texts = new Map<string, string>();
  for (const entry of Array.isArray(output.tools) ? output.tools : [])
    if (known.has(entry.name) && typeof entry.text === "string") texts.set(entry.name, entry.text.slice(0, 1_000));
  return texts;
}
