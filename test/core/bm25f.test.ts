// BM25F postings: field weighting, length normalisation, and the per-build reuse of repeated parameter text.
import { describe, expect, it } from "vitest";
import { buildPostings, fieldCounts, findPosting } from "../../src/core/bm25f.js";
import { DEFAULT_FIELD_WEIGHTS, type ToolFields } from "../../src/core/fields.js";

const doc = (fields: Partial<ToolFields>): ToolFields => ({ name: "", description: "", parameterNames: "", parameterDescriptions: "", enumValues: "", ...fields });

function tf(index: ReturnType<typeof buildPostings>, term: string, document: number): number {
  const id = index.termIds.get(term);
  if (id === undefined) return 0;
  const posting = findPosting(index, id, document);
  return posting < 0 ? 0 : index.tfs[posting];
}

describe("buildPostings", () => {
  it("lists each term's documents in catalog order with their field-weighted frequency", () => {
    const index = buildPostings([doc({ name: "send_email", description: "Send an email" }), doc({ description: "Read email" })], DEFAULT_FIELD_WEIGHTS);
    const email = index.termIds.get("email")!;
    expect(Array.from(index.docIds.subarray(index.offsets[email], index.offsets[email + 1]))).toEqual([0, 1]);
    // In the name (weight 3) and the description (weight 1) of tool 0, only the description of tool 1.
    expect(tf(index, "email", 0)).toBeGreaterThan(tf(index, "email", 1) * 2);
    expect(fieldCounts(index, email, 0)).toEqual({ name: 1, description: 1 });
    expect(index.idf[email]).toBeLessThan(index.idf[index.termIds.get("send")!]);
  });

  it("gives repeated parameter text the same postings as text seen once", () => {
    const shared = { parameterNames: "owner repo", parameterDescriptions: "The repository owner\nThe repository name", enumValues: "open closed" };
    const documents = [doc({ name: "list_issues", ...shared }), doc({ name: "list_pulls", ...shared }), doc({ name: "get_repo", parameterNames: "owner repo", parameterDescriptions: "The repository owner\nThe repository name", enumValues: "open closed" })];
    const index = buildPostings(documents, DEFAULT_FIELD_WEIGHTS);
    for (const term of ["owner", "repo", "repositori", "open", "clos"]) {
      expect(tf(index, term, 0), term).toBeGreaterThan(0);
      expect(tf(index, term, 1), term).toBeCloseTo(tf(index, term, 0), 6);
    }
    const owner = index.termIds.get("owner")!;
    expect(fieldCounts(index, owner, 1)).toEqual(fieldCounts(index, owner, 0));
    expect(fieldCounts(index, owner, 2)).toEqual({ parameterNames: 1, parameterDescriptions: 1 });
  });

  it("credits a closed compound's parts at a reduced weight", () => {
    const index = buildPostings([doc({ name: "geodistance" }), doc({ name: "geo" }), doc({ name: "distance" })], DEFAULT_FIELD_WEIGHTS);
    // Names of equal length: the part counts 0.8 of the word itself.
    expect(tf(index, "distanc", 0)).toBeCloseTo(0.8 * tf(index, "distanc", 2), 5);
    expect(tf(index, "geo", 0)).toBeCloseTo(0.8 * tf(index, "geo", 1), 5);
  });
});
