// The one helper of cloudflare:test these tests use (the vitest plugin provides the module inside workerd).
declare module "cloudflare:test" {
  export function evictDurableObject(stub: unknown): Promise<void>;
}
