// Prelude of docs/models.md's semantic search snippet: `tools` (the examples' 30-tool SaaS catalog) and `env`, a
// Worker's bindings with `TOOL_EMBEDDINGS`, a KV namespace. Type-checked against Workers KV's shape; when the test runs
// the snippet, TOOL_EMBEDDINGS is an in-memory stand-in (test/cache/memory-kv.ts) and openai.embedding() a stand-in
// model.
import type { KvNamespaceLike } from "toolsift/storage";
import { memoryKv } from "../../cache/memory-kv.ts";

export { tools } from "../../../examples/shared/tools.ts";

export const env: { TOOL_EMBEDDINGS: KvNamespaceLike } = { TOOL_EMBEDDINGS: memoryKv() };
