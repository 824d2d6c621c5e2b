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

/**
 * Whether a bearer token is meant as a tenant token: it starts with `tsk_` in any case. Such a token is always checked
 * (a malformed one is refused), so a client with a broken token learns it even where no token is needed.
 */
export function claimsTenantToken(token: string): boolean {
  return token.slice(0, TOKEN_PREFIX.length).toLowerCase() === TOKEN_PREFIX;
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

/** Token ids (known or absent) this isolate keeps without reading KV again (least recently used forgotten past it). */
const CACHE_CAPACITY = 1_000;
/** Ids of tokens this isolate revoked: never accepted again here, whatever KV answers. */
const REVOKED_CAPACITY = 10_000;

/** What an isolate holds for a token id: its record and stored hash, or that KV has none (`record: null`). */
interface HeldToken {
  readonly record: TokenRecord | null;
  /** The stored SHA-256 (decoded once); for an absent id, 32 zero bytes, so the same comparison runs. */
  readonly hash: Uint8Array;
  readonly readAt: number;
}

/** Stands for the hash of an id KV does not have: no token hashes to it (SHA-256 of anything is not all zero). */
const ABSENT_HASH = new Uint8Array(32);

function decodeHash(hash: string): Uint8Array {
  return Uint8Array.from(atob(hash.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
}

/**
 * Each isolate's checked token ids. What KV answered for an id — its record, or that there is none — is trusted for
 * `recheckMs` (TOOLSIFT_RECHECK_SECONDS), then read again; a token revoked by this isolate is refused at once and for
 * good (its id is remembered, and a read that started before the revocation does not bring it back). An unknown id
 * and a known id with a wrong secret take the same steps (one hash, one lookup, a KV read when the held answer is
 * older than `recheckMs`, one constant-time compare), so the answer's timing does not tell them apart.
 */
export class TenantTokens {
  private readonly held = new Map<string, HeldToken>();
  private readonly revoked = new Set<string>();

  /**
   * The record of `token` when it is a live tenant token whose hash matches, else undefined (malformed, unknown,
   * revoked, or a wrong secret). Rejects STORAGE_UNAVAILABLE when KV cannot be read (authentication fails closed).
   */
  async verify(token: string, store: TenantTokenStore, recheckMs: number): Promise<TokenRecord | undefined> {
    const id = tenantTokenId(token);
    if (id === undefined || this.revoked.has(id)) return undefined;
    const hash = await sha256(token);
    let held = this.held.get(id);
    if (held === undefined || Date.now() - held.readAt >= recheckMs) {
      const record = await store.readRecord(id);
      // Revoked here while KV was read: the read does not count.
      if (this.revoked.has(id)) return undefined;
      held = this.hold(id, record, Date.now());
    }
    const matches = bytesEqual(hash, held.hash);
    return matches && held.record !== null ? held.record : undefined;
  }

  /** A token created (or read) by this isolate: trusted without a KV read for the recheck period. */
  remember(record: TokenRecord, readAt = Date.now()): void {
    if (this.revoked.has(record.id)) return;
    this.hold(record.id, record, readAt);
  }

  private hold(id: string, record: TokenRecord | null, readAt: number): HeldToken {
    const held = { record, hash: record === null ? ABSENT_HASH : decodeHash(record.hash), readAt };
    this.held.delete(id);
    this.held.set(id, held);
    for (const oldest of this.held.keys()) {
      if (this.held.size <= CACHE_CAPACITY) break;
      this.held.delete(oldest);
    }
    return held;
  }

  /** This isolate revoked `id`: refused from now on here. */
  revokedHere(id: string): void {
    this.held.delete(id);
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
