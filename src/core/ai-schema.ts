// The AI SDK's schema marker, declared once for every module that reads or builds an AI SDK schema without `ai`.

/** The marker: true on what `jsonSchema()` / `zodSchema()` of `ai` return. */
export const AI_SCHEMA = Symbol.for("vercel.ai.schema");
