// Reads a JSON request body: checks its media type, stops reading past the byte limit, parses it.

import { ServiceError } from "./errors.js";

/** `application/json` or `application/<something>+json`, with any parameters (`; charset=utf-8`). */
function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

function tooLarge(limit: number, what: string): ServiceError {
  return new ServiceError("PAYLOAD_TOO_LARGE", `The ${what} body is larger than ${limit} bytes; the limit for this route is ${limit} bytes.`);
}

/** The body's bytes, reading no more than `limit + 1` of them; rejects PAYLOAD_TOO_LARGE past the limit. */
async function readLimited(request: Request, limit: number, what: string): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) throw tooLarge(limit, what);
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Stop the upload rather than buffer the rest of it.
      await reader.cancel().catch((error: unknown) => console.warn("[toolsift service] cancelling an oversized body failed", error));
      throw tooLarge(limit, what);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The parsed body and its text (kept so a catalog can be stored exactly as sent). */
export interface JsonBody {
  readonly value: unknown;
  readonly text: string;
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads a JSON body: 415 UNSUPPORTED_MEDIA_TYPE unless the content type is JSON, 413 PAYLOAD_TOO_LARGE
 * past `limit` bytes, 400 INVALID_JSON for bytes that are not UTF-8 JSON.
 */
export async function readJsonBody(request: Request, limit: number, what: string): Promise<JsonBody> {
  if (!isJsonMediaType(request.headers.get("content-type"))) {
    throw new ServiceError("UNSUPPORTED_MEDIA_TYPE", `The ${what} body must be JSON: send "Content-Type: application/json", got ${JSON.stringify(request.headers.get("content-type") ?? "no content type")}.`);
  }
  const bytes = await readLimited(request, limit, what);
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch (error) {
    throw new ServiceError("INVALID_JSON", `The ${what} body is not valid UTF-8.`, {}, { cause: error });
  }
  if (text.trim().length === 0) throw new ServiceError("INVALID_JSON", `The ${what} body is empty; expected a JSON value.`);
  try {
    return { value: JSON.parse(text), text };
  } catch (error) {
    throw new ServiceError("INVALID_JSON", `The ${what} body is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`, {}, { cause: error });
  }
}
