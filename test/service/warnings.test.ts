// The service's log of index events (src/worker/http/warnings.ts): problems are logged, a query the model embeds as
// zero is not (the answer's `fallback: "keyword"` says it; the local model gives it for a query of no word it knows).
import { afterEach, describe, expect, it, vi } from "vitest";
import { logEvent, warningsFromEvent } from "../../src/worker/http/warnings.js";

afterEach(() => void vi.restoreAllMocks());

describe("logEvent", () => {
  it("logs tool vectors that could not be used, not a query embedded as zero", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    logEvent({ type: "embedding-warning", stage: "query", message: "the query embedding is zero", rows: [] });
    expect(warn).not.toHaveBeenCalled();
    logEvent({ type: "embedding-warning", stage: "catalog", message: "2 tool vectors were zero", rows: [1, 4] });
    expect(warn).toHaveBeenCalledWith("[toolsift service]", "embedding-warning", "2 tool vectors were zero", "");
    expect(warningsFromEvent({ type: "embedding-warning", stage: "query", message: "zero", rows: [] })).toEqual([]);
  });
});
