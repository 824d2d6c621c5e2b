// Prelude of docs/agent-loop.md's learning snippet: the agent prelude (`model`, `tools`, `messages`, `index`),
// `generateText` and `streamText`, `createToolIndex`, and `fileUsageStore` writing under a temporary folder instead of
// the working directory (the snippet's "./usage.json" lands in that folder).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { streamText } from "ai";
import { createToolIndex } from "toolsift";
import { fileUsageStore as fileUsageStoreInCwd } from "../../../src/usage/file-usage-store.ts";

export { generateText, index, messages, model, tools } from "./agent.ts";
export { createToolIndex, streamText };

const folder = mkdtempSync(join(tmpdir(), "toolsift-docs-"));

/** `fileUsageStore(path)` from toolsift/storage, with `path` read inside a temporary folder. */
export const fileUsageStore: typeof fileUsageStoreInCwd = (path, ...rest) =>
  fileUsageStoreInCwd(join(folder, path), ...rest);
