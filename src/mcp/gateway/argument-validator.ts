// Checks a call's arguments against the upstream tool's input schema (Ajv, as the MCP SDK uses it), compiled once.

import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType, JsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { errorMessage } from "../../support/error-message.js";
import type { McpTool } from "../server-tools.js";

export interface ArgumentValidator {
  /** `undefined` when `args` fit the tool's input schema, else what is wrong, naming the field (`/title …`). */
  check(tool: McpTool, args: unknown): string | undefined;
}

/**
 * One validator per tool schema (kept while the schema object is the same). A schema Ajv cannot compile is not
 * checked here (logged once): the upstream server still validates the call itself.
 */
export function argumentValidator(log: (line: string) => void): ArgumentValidator {
  const provider = new AjvJsonSchemaValidator();
  const compiled = new WeakMap<object, JsonSchemaValidator<unknown> | null>();
  return {
    check(tool, args) {
      let validate = compiled.get(tool.inputSchema);
      if (validate === undefined) {
        try {
          validate = provider.getValidator(tool.inputSchema as JsonSchemaType);
        } catch (error) {
          log(
            `the input schema of "${tool.name}" could not be compiled (${errorMessage(error)}); its calls are not checked`,
          );
          validate = null;
        }
        compiled.set(tool.inputSchema, validate);
      }
      if (validate === null) return undefined;
      const result = validate(args);
      return result.valid ? undefined : result.errorMessage.replace(/\bdata\//g, "").replace(/\bdata /g, "arguments ");
    },
  };
}
