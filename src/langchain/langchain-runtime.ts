// LangChain's runtime parts, loaded once when toolsift/langchain is imported: without LangChain installed the import
// fails here, with the command that fixes it, instead of with a bare "Cannot find package".

import { ToolsiftError } from "../errors.js";
import { errorMessage } from "../support/error-message.js";

async function loadLangChain() {
  try {
    const [agents, jsonSchema] = await Promise.all([import("langchain"), import("@langchain/core/utils/json_schema")]);
    return { createMiddleware: agents.createMiddleware, toJsonSchema: jsonSchema.toJsonSchema };
  } catch (cause) {
    throw new ToolsiftError(
      "MISSING_DEPENDENCY",
      `toolsift/langchain needs LangChain.js 1.x: npm install langchain @langchain/core ` +
        `(loading it failed: ${errorMessage(cause)}).`,
      { dependency: "langchain" },
      { cause },
    );
  }
}

/** `createMiddleware` from `langchain` and `toJsonSchema` from `@langchain/core`. */
export const { createMiddleware, toJsonSchema } = await loadLangChain();
