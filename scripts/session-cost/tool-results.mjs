// The deterministic results the session-cost bench's tools return: 120–300 tokens of words, seeded by the call
// (tool name and input), so a call returns the same text in every row and run.
import { mulberry32, randomInt } from "../seeded-random.mjs";

/** The range of a result's length, in o200k tokens (each word below is one token after a space). */
export const RESULT_TOKENS = Object.freeze({ min: 120, max: 300 });

const WORDS = (
  "file size owner path status created modified entry value record item index count total name type mode user " +
  "group time date error none result line data text list node open closed ready done found saved sent read write"
).split(" ");

/** FNV-1a over the text: the seed of a call's result. */
function seedOf(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** `length` seeded words (one o200k token each after a space). */
function seededWords(seed, length, random = mulberry32(seed)) {
  const words = [];
  for (let i = 0; i < length; i++) words.push(WORDS[randomInt(random, WORDS.length)]);
  return words.join(" ");
}

/**
 * The result text of calling `name` with `input`: the same for the same call, `range.min`–`range.max` tokens long
 * (default 120–300).
 */
export function toolResultText(name, input, range = RESULT_TOKENS) {
  const random = mulberry32(seedOf(`${name}\u0000${JSON.stringify(input ?? {})}`));
  return seededWords(0, range.min + randomInt(random, range.max - range.min + 1), random);
}

/** A system prompt of about `tokens` tokens, the same in every row and run ("" for 0). */
export function systemPromptText(tokens) {
  if (tokens === 0) return "";
  return `You are an operations assistant. ${seededWords(seedOf("system"), Math.max(0, tokens - 6))}`;
}
