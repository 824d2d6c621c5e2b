// The service's request validation: a field a body does not take is named with the field it most likely meant.

import { describe, expect, it } from "vitest";
import { learnBodySchema, selectBodySchema, validate } from "../../src/worker/http/validation.js";

function refusal(schema: Parameters<typeof validate>[0], body: unknown): string {
  try {
    validate(schema, body, "select request");
  } catch (error) {
    return (error as Error).message;
  }
  return expect.fail("expected the body to be refused");
}

describe("validate", () => {
  it("names the field a misspelt one most likely meant (maxtools → maxTools)", () => {
    expect(refusal(selectBodySchema, { query: "refund", maxtools: 3 })).toBe(
      'Invalid select request: maxtools: unknown field; did you mean "maxTools"?',
    );
    expect(refusal(selectBodySchema, { query: "refund", minRelevanse: 0.2, explian: true })).toContain(
      'minRelevanse: unknown field; did you mean "minRelevance"?; explian: unknown field; did you mean "explain"?',
    );
  });

  it("names a field that is near none without a guess", () => {
    expect(refusal(learnBodySchema, { messages: [], weight: 5 })).toBe(
      "Invalid select request: weight: unknown field.",
    );
  });
});
