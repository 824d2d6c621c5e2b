// Types of the bindings the workerd test project gets (vitest.config.ts adds the KV namespace through miniflare).

declare module "cloudflare:workers" {
  /** A KV namespace as miniflare provides it: what kvCache uses, plus `list` to inspect the stored keys. */
  export type TestKvNamespace = import("../../src/cache/kv-cache.js").KvNamespaceLike & {
    list(options?: {
      prefix?: string;
    }): Promise<{ keys: { name: string; expiration?: number }[]; list_complete: boolean }>;
  };
  export const env: { readonly CACHE_TEST_KV: TestKvNamespace };
}
