// The text toolsift embeds per tool, and its content hash.
import { describe, expect, it } from "vitest";
import { embeddingText, textHash } from "../../src/semantic/embedding-text.js";

describe("embeddingText / textHash", () => {
  it("puts the name as words, the description and the parameters into the text", () => {
    const text = embeddingText({
      name: "github_createPullRequest",
      description: "Open a PR.",
      parameterNames: "repo head_branch",
      parameterDescriptions: "Repository\nBranch",
      enumValues: "",
    });
    expect(text).toContain("github create Pull Request");
    expect(text).toContain("Open a PR.");
    expect(text).toContain("Parameters: repo head branch");
  });

  it("hashes to 16 hex digits that change with the text", () => {
    expect(textHash("")).toBe("cbf29ce484222325"); // the FNV-1a 64 offset basis
    expect(textHash("a")).toBe("af63dc4c8601ec8c");
    expect(textHash("refund a charge")).toMatch(/^[0-9a-f]{16}$/);
    expect(textHash("refund a charge")).not.toBe(textHash("refund a charge."));
  });
});
