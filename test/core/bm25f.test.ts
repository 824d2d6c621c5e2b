// BM25F postings: field weighting, length normalisation, the per-build reuse of repeated parameter text, and the whole
// formula pinned to hand-computed numbers.
import { describe, expect, it } from "vitest";
import { buildPostings, fieldCounts, findPosting } from "../../src/core/bm25f.js";
import { DEFAULT_FIELD_WEIGHTS, type ToolFields } from "../../src/core/fields.js";
import { KeywordEngine } from "../../src/core/keyword-engine.js";
import { WasmArena } from "../../src/wasm/arena.js";
import { instantiateCore, loadWasm } from "../../src/wasm/load-wasm.js";

const doc = (fields: Partial<ToolFields>): ToolFields => ({
  name: "",
  description: "",
  parameterNames: "",
  parameterDescriptions: "",
  enumValues: "",
  ...fields,
});

function tf(index: ReturnType<typeof buildPostings>, term: string, document: number): number {
  const id = index.termIds.get(term);
  if (id === undefined) return 0;
  const posting = findPosting(index, id, document);
  return posting < 0 ? 0 : index.tfs[posting];
}

describe("buildPostings", () => {
  it("lists each term's documents in catalog order with their field-weighted frequency", () => {
    const index = buildPostings(
      [doc({ name: "send_email", description: "Send an email" }), doc({ description: "Read email" })],
      DEFAULT_FIELD_WEIGHTS,
    );
    const email = index.termIds.get("email")!;
    expect(Array.from(index.docIds.subarray(index.offsets[email], index.offsets[email + 1]))).toEqual([0, 1]);
    // In the name (weight 3) and the description (weight 1) of tool 0, only the description of tool 1.
    expect(tf(index, "email", 0)).toBeGreaterThan(tf(index, "email", 1) * 2);
    expect(fieldCounts(index, email, 0)).toEqual({ name: 1, description: 1 });
    expect(index.idf[email]).toBeLessThan(index.idf[index.termIds.get("send")!]);
  });

  it("gives repeated parameter text the same postings as text seen once", () => {
    const shared = {
      parameterNames: "owner repo",
      parameterDescriptions: "The repository owner\nThe repository name",
      enumValues: "open closed",
    };
    const documents = [
      doc({ name: "list_issues", ...shared }),
      doc({ name: "list_pulls", ...shared }),
      doc({
        name: "get_repo",
        parameterNames: "owner repo",
        parameterDescriptions: "The repository owner\nThe repository name",
        enumValues: "open closed",
      }),
    ];
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
    const index = buildPostings(
      [doc({ name: "geodistance" }), doc({ name: "geo" }), doc({ name: "distance" })],
      DEFAULT_FIELD_WEIGHTS,
    );
    // Names of equal length: the part counts 0.8 of the word itself.
    expect(tf(index, "distanc", 0)).toBeCloseTo(0.8 * tf(index, "distanc", 2), 5);
    expect(tf(index, "geo", 0)).toBeCloseTo(0.8 * tf(index, "geo", 1), 5);
  });
});

/*
 * The formula by hand, on three tools with default field weights (name: w 3, b 0.5; description: w 1,
 * b 0.75; the other fields empty) and k1 = 1.2 (DESIGN.md, src/core/bm25f.ts, src/core/keyword-engine.ts):
 *
 *   tool 0: name "send_mail" (send, mail: 2 words), description "mail fax" (2 words)
 *   tool 1: name "rain" (1 word), description "rain fax mail" (3 words)
 *   tool 2: name "fax" (1 word), description "fax" (1 word)
 *   average lengths: name (2 + 1 + 1) / 3 = 4/3, description (2 + 3 + 1) / 3 = 2
 *
 * Length normalisation 1 − b + b·len/avg:
 *   tool 0 name 1 − 0.5 + 0.5·2/(4/3) = 1.25; tool 0 description 1 − 0.75 + 0.75·2/2 = 1;
 *   tool 1 description 1 − 0.75 + 0.75·3/2 = 1.375
 * Pseudo frequency Σ_f w_f·tf_f / norm_f:
 *   send in tool 0: 3·1/1.25 = 2.4
 *   mail in tool 0: 3·1/1.25 + 1·1/1 = 3.4;  mail in tool 1: 1·1/1.375 = 0.727273
 * IDF ln(1 + (N − df + 0.5)/(df + 0.5)), N = 3:
 *   send (df 1): ln(1 + 2.5/1.5) = ln(2.666667) = 0.980829;  mail (df 2): ln(1 + 1.5/2.5) = ln(1.6) = 0.470004
 * Saturation tf·(k1 + 1)/(tf + k1):
 *   send/0: 2.4·2.2/3.6 = 1.466667;  mail/0: 3.4·2.2/4.6 = 1.626087;  mail/1: 0.727273·2.2/1.927273 = 0.830189
 * Raw scores for "send mail" (Σ idf·saturation):
 *   tool 0: 0.980829·1.466667 + 0.470004·1.626087 = 1.438550 + 0.764267 = 2.202816
 *   tool 1: 0.470004·0.830189 = 0.390192
 * Normalised by a full match (each word once in the name and once in the description at average length):
 *   factor (3 + 1)·2.2/(3 + 1 + 1.2) = 8.8/5.2 = 1.692308; ceiling (0.980829 + 0.470004)·1.692308 = 2.455256
 *   tool 0: 2.202816/2.455256 = 0.897184;  tool 1: 0.390192/2.455256 = 0.158921
 */
describe("the BM25F formula, computed by hand", () => {
  const tools = [
    doc({ name: "send_mail", description: "mail fax" }),
    doc({ name: "rain", description: "rain fax mail" }),
    doc({ name: "fax", description: "fax" }),
  ];

  it("gives the hand-computed pseudo frequencies and IDFs", () => {
    const index = buildPostings(tools, DEFAULT_FIELD_WEIGHTS);
    expect(tf(index, "send", 0)).toBeCloseTo(2.4, 5);
    expect(tf(index, "mail", 0)).toBeCloseTo(3.4, 5);
    expect(tf(index, "mail", 1)).toBeCloseTo(0.727273, 5);
    expect(tf(index, "mail", 2)).toBe(0);
    expect(index.idf[index.termIds.get("send")!]).toBeCloseTo(0.980829, 5);
    expect(index.idf[index.termIds.get("mail")!]).toBeCloseTo(0.470004, 5);
  });

  it("scores a query with saturation, IDF and the full-match normalisation to the hand-computed numbers", async () => {
    const arena = new WasmArena(instantiateCore(await loadWasm()));
    const settings = {
      k1: 1.2,
      fields: DEFAULT_FIELD_WEIGHTS,
      typoWeight: 0.7,
      abbreviationWeight: 0.8,
      everydayWeight: 0.48,
      semanticWeight: 0,
    };
    const engine = new KeywordEngine(tools, settings, arena);
    const terms = engine.analyse("send mail");
    expect(terms.map((term) => [term.term, term.kind, term.weight])).toEqual([
      ["send", "exact", 1],
      ["mail", "exact", 1],
    ]);
    const hits = engine.search(terms, 10);
    expect(hits.map((hit) => hit.doc)).toEqual([0, 1]);
    // The kernel adds in float32: six digits agree.
    expect(hits[0].score).toBeCloseTo(2.202816, 5);
    expect(hits[1].score).toBeCloseTo(0.390192, 5);
    expect(hits[0].normalized).toBeCloseTo(0.897184, 5);
    expect(hits[1].normalized).toBeCloseTo(0.158921, 5);
  });
});
