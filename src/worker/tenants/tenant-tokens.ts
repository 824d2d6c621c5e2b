// Tenant tokens: the token format, a new token and its record, and each isolate's checked copies.

import { bytesEqual, sha256 } from "./secret-hashes.js";
import type { TenantTokenStore } from "./tenant-store.js";
import type { TokenRecord } from "./token-record.js";

/** Tenant tokens start with this, so they are recognisable in logs and by secret scanners. */
export const TOKEN_PREFIX = "tsk_";

/** A tenant token: `tsk_<id: 16 hex>_<secret: 32 random bytes, base64url>`. The id is not secret. */
const TOKEN_PATTERN = /^tsk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** A token id: 16 lowercase hex digits. */
export const TOKEN_ID = /^[0-9a-f]{16}$/;

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function hex(bytes: Uint8Array): string {
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The id of a token in the tenant format, or undefined (any other bearer token). */
export function tenantTokenId(token: string): string | undefined {
  return TOKEN_PATTERN.exec(token)?.[1];
}

/** A new token (shown once) and the record to store for it. */
export async function newToken(
  scope: Pick<TokenRecord, "catalogs" | "access" | "label">,
): Promise<{ token: string; record: TokenRecord }> {
  const id = hex(crypto.getRandomValues(new Uint8Array(8)));
  const token = `${TOKEN_PREFIX}${id}_${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;
  const record: TokenRecord = {
    format: 1,
    id,
    hash: base64url(await sha256(token)),
    catalogs: scope.catalogs,
    access: scope.access,
    ...(scope.label === undefined ? {} : { label: scope.label }),
    createdAt: new Date().toISOString(),
  };
  return { token, record };
}

/** Token records this isolate keeps without reading KV again (least recently used forgotten past it). */
const CACHE_CAPACITY = 1_000;
/** Ids of tokens this isolate revoked: never accepted again here, whatever KV answers. */
const REVOKED_CAPACITY = 10_000;

/**
 * Each isolate's checked token records. A record read from KV (or created here) is trusted for `recheckMs`
 * (TOOLSIFT_RECHECK_SECONDS), then read again; a token revoked by this isolate is refused at once and for good
 * (its id is remembered, and a read that started before the revocation does not bring it back).
 */
export class TenantTokens {
  private readonly records = new Map<string, { readonly record: TokenRecord; readonly readAt: number }>();
  private readonly revoked = new Set<string>();

  /**
   * The record of `token` when it is a live tenant token whose hash matches, else undefined (unknown, revoked,
   * or a wrong secret). Rejects STORAGE_UNAVAILABLE when KV cannot be read (authentication fails closed).
   */
  async verify(token: string, store: TenantTokenStore, recheckMs: number): Promise<TokenRecord | undefined> {
    const id = tenantTokenId(token);
    if (id === undefined || this.revoked.has(id)) return undefined;
    const hash = await sha256(token);
    let held = this.records.get(id);
    if (held === undefined || Date.now() - held.readAt >= recheckMs) {
      const record = await store.readRecord(id);
      // Revoked here while KV was read: the read does not count.
      if (this.revoked.has(id)) return undefined;
      if (record === null) {
        this.records.delete(id);
        return undefined;
      }
      held = { record, readAt: Date.now() };
      this.remember(held.record, held.readAt);
    }
    const stored = Uint8Array.from(atob(held.record.hash.replace(/-/g, "+").replace(/_/g, "/")), (c) =>
      c.charCodeAt(0),
    );
    return bytesEqual(hash, stored) ? held.record : undefined;
  }

  /** A token created (or read) by this isolate: trusted without a KV read for the recheck period. */
  remember(record: TokenRecord, readAt = Date.now()): void {
    if (this.revoked.has(record.id)) return;
    this.records.delete(record.id);
    this.records.set(record.id, { record, readAt });
    for (const id of this.records.keys()) {
      if (this.records.size <= CACHE_CAPACITY) break;
      this.records.delete(id);
    }
  }

  /** This isolate revoked `id`: refused from now on here. */
  revokedHere(id: string): void {
    this.records.delete(id);
    this.revoked.add(id);
    for (const oldest of this.revoked) {
      if (this.revoked.size <= REVOKED_CAPACITY) break;
      this.revoked.delete(oldest);
    }
  }

  /** Whether this isolate revoked `id`. */
  isRevokedHere(id: string): boolean {
    return this.revoked.has(id);
  }
}
