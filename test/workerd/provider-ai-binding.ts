// A stand-in Workers AI binding for the service's provider tests: `run(model, { text })` answers as Workers AI's
// text embedding models do (`{ shape, data, pooling }`), with vectors that carry a meaning the words do not share.

/** One `run` call the binding received. */
export interface AiRun {
  readonly model: string;
  readonly texts: readonly string[];
}

/**
 * Phrases the stand-in "understands": a text containing any phrase of concept `c` points along dimension `c`
 * (a model's knowledge of synonyms); every text also gets a small hashed component of its own.
 */
export type Concepts = readonly (readonly string[])[];

function hashed(text: string, dimension: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  hash = Math.imul(hash ^ dimension, 0x01000193) >>> 0;
  return (hash / 0xffffffff - 0.5) * 0.02;
}

/** The stand-in's vector for `text`: deterministic, `dimensions` long. */
export function standInVector(text: string, concepts: Concepts, dimensions: number): number[] {
  const lower = text.toLowerCase();
  const vector = Array.from({ length: dimensions }, (_, d) => hashed(lower, d));
  concepts.forEach((phrases, concept) => {
    if (phrases.some((phrase) => lower.includes(phrase))) vector[concept] += 1;
  });
  return vector;
}

/** A Workers AI binding stand-in that records every call (and refuses more than 100 texts, as bge models do). */
export function standInAi(concepts: Concepts, dimensions = 768) {
  const runs: AiRun[] = [];
  return {
    runs,
    /** Every text embedded, over every call. */
    texts: () => runs.flatMap((run) => run.texts),
    async run(model: string, inputs: { text: string[] | string }, _options?: Record<string, unknown>) {
      const texts = Array.isArray(inputs.text) ? inputs.text : [inputs.text];
      if (texts.length > 100) throw new Error(`${model}: at most 100 texts per request, got ${texts.length}`);
      runs.push({ model, texts });
      return {
        shape: [texts.length, dimensions],
        data: texts.map((text) => standInVector(text, concepts, dimensions)),
        pooling: "mean",
      };
    },
  };
}
