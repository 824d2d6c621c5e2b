// Prelude of docs/search.md's selectWithScores / explain snippet: `index`, over the examples' 30-tool SaaS catalog plus
// the `github_merge_pr` tool the snippet explains.
import { tool } from "ai";
import { z } from "zod";
import { createToolIndex } from "toolsift";
import { tools } from "../../../examples/shared/tools.ts";

export const index = createToolIndex({
  ...tools,
  github_merge_pr: tool({
    description: "Merge a GitHub pull request",
    inputSchema: z.object({ repo: z.string(), number: z.number().describe("Pull request number") }),
  }),
});
