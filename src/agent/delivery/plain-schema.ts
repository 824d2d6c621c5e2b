// An input schema in the AI SDK's `jsonSchema` shape, built without importing the SDK (`ai` is an optional peer).

import type { FlexibleSchema } from "ai";
import { AI_SCHEMA } from "../../core/ai-schema.js";

/** An input schema in the AI SDK's `jsonSchema` shape (built without importing the SDK), validated by `check`. */
export function plainSchema<T>(jsonSchema: object, check: (value: unknown) => T | undefined, what: string) {
  return {
    [AI_SCHEMA]: true,
    _type: undefined as unknown as T,
    jsonSchema,
    async validate(value: unknown) {
      const checked = check(value);
      return checked !== undefined
        ? { success: true as const, value: checked }
        : {
            success: false as const,
            error: new TypeError(`${what} expects ${JSON.stringify(jsonSchema)}, got ${JSON.stringify(value)}`),
          };
    },
  } as unknown as FlexibleSchema<T>;
}
