// Counts the tokens of tool definitions as an OpenAI-style provider sends them, with the o200k_base
// encoding (GPT-4o, GPT-4.1, o-series). js-tiktoken ships the rank file in the package: no network.
import { Tiktoken } from "js-tiktoken/lite";
import o200k_base from "js-tiktoken/ranks/o200k_base";

const encoder = new Tiktoken(o200k_base);

/** The Chat Completions `tools[]` entry the AI SDK's OpenAI provider sends for a function tool. */
export function openAiFunction({ name, description, parameters }) {
  return { type: "function", function: { name, description, parameters } };
}

/** o200k_base tokens of `text`. */
export function countTokens(text) {
  return encoder.encode(text).length;
}

/** Tokens of one tool definition: JSON.stringify of its OpenAI function entry. */
export function toolTokens(tool) {
  return countTokens(JSON.stringify(openAiFunction(tool)));
}

/** name -> tokens for a `{ name, description, parameters }[]` catalog. */
export function tokenTable(tools) {
  return new Map(tools.map((tool) => [tool.name, toolTokens(tool)]));
}

/** Tokens of the definitions of `names` (the tools offered on one model call). */
export function tokensOf(table, names) {
  let total = 0;
  for (const name of names) {
    const tokens = table.get(name);
    if (tokens === undefined) throw new Error(`bench/agent: no token count for tool "${name}"`);
    total += tokens;
  }
  return total;
}
