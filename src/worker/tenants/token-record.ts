// A tenant token's record: what KV keeps for it (its hash and scope), and what that scope grants.

/** What a route does: `read` (GET, select, usage, MCP), `learn` (POST …/learn) or `write` (PUT, DELETE). */
export type Access = "read" | "learn" | "write";

/** What a tenant token may do, each level including the ones before it: read ⊂ learn ⊂ write. */
export const ACCESS_LEVELS = ["read", "learn", "write"] as const satisfies readonly Access[];

/** What KV holds for a token, under `token/<id>`: never the token, only its SHA-256. */
export interface TokenRecord {
  readonly format: 1;
  readonly id: string;
  /** base64url SHA-256 of the whole token. */
  readonly hash: string;
  /** Catalog ids, or prefixes ending in `*` (`acme-*`: every id that starts with `acme-`). */
  readonly catalogs: readonly string[];
  readonly access: Access;
  readonly label?: string;
  /** ISO 8601. */
  readonly createdAt: string;
}

/** A token as `GET /v1/tokens` shows it: the record without its hash. */
export function describeToken(record: TokenRecord) {
  return {
    id: record.id,
    catalogs: record.catalogs,
    access: record.access,
    ...(record.label === undefined ? {} : { label: record.label }),
    createdAt: record.createdAt,
  };
}

/** Whether `record`'s scope covers `catalogId` (an exact id, or a `prefix*`). */
export function coversCatalog(record: TokenRecord, catalogId: string): boolean {
  return record.catalogs.some((entry) =>
    entry.endsWith("*") ? catalogId.startsWith(entry.slice(0, -1)) : catalogId === entry,
  );
}

/** Whether `record`'s access level includes `access`. */
export function grants(record: TokenRecord, access: Access): boolean {
  return ACCESS_LEVELS.indexOf(record.access) >= ACCESS_LEVELS.indexOf(access);
}
