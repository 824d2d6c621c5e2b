// Test helpers: the ToolsiftError a call throws or a promise rejects with (failing the test when there is none).
import { expect } from "vitest";
import { ToolsiftError } from "../../src/errors.js";

/** The ToolsiftError `action` throws; fails the test when it throws nothing or something else. */
export function thrown(action: () => unknown): ToolsiftError {
  try {
    action();
  } catch (error) {
    expect(ToolsiftError.isInstance(error)).toBe(true);
    return error as ToolsiftError;
  }
  return expect.fail("expected a ToolsiftError");
}

/** The ToolsiftError the promise of `action` rejects with; fails the test when it resolves or rejects otherwise. */
export async function rejected(action: () => Promise<unknown>): Promise<ToolsiftError> {
  const error = await action().then(
    () => expect.fail("expected a rejection"),
    (reason: unknown) => reason,
  );
  expect(ToolsiftError.isInstance(error)).toBe(true);
  return error as ToolsiftError;
}
