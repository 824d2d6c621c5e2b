// The `cursor` of GET /v1/tokens: KV's list cursor in an envelope of the service's, so a cursor it never gave is a 400.

import { ServiceError } from "../http/errors.js";

/** Marks a cursor this service gave (format 1); what follows is KV's cursor in base64url. */
const PREFIX = "c1.";
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** KV's list cursor as the `cursor` the answer carries. */
export function encodeListCursor(kvCursor: string): string {
  const bytes = new TextEncoder().encode(kvCursor);
  const base64 = btoa(String.fromCharCode(...bytes));
  return PREFIX + base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * KV's list cursor from a request's `cursor` (undefined or empty: the first page); 400 INVALID_REQUEST for a cursor
 * this service did not give. (KV's own cursor inside is opaque: an altered one is KV's to refuse.)
 */
export function decodeListCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined || cursor.length === 0) return undefined;
  const body = cursor.startsWith(PREFIX) ? cursor.slice(PREFIX.length) : "";
  if (BASE64URL.test(body) && body.length % 4 !== 1) {
    const binary = atob(body.replace(/-/g, "+").replace(/_/g, "/"));
    const text = new TextDecoder("utf-8", { fatal: false }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    if (text.length > 0) return text;
  }
  const shown = JSON.stringify(cursor.length > 80 ? `${cursor.slice(0, 80)}…` : cursor);
  throw new ServiceError(
    "INVALID_REQUEST",
    `cursor ${shown} is not a cursor this service gave: pass the "cursor" of the previous page of GET /v1/tokens ` +
      "as it was (it starts with c1.), or none for the first page.",
  );
}
