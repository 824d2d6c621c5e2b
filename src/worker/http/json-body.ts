// The JSON body middleware: checks the media type (415), limits the size with hono/body-limit (413), parses once (400).

import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorMessage } from "../../support/error-message.js";
import type { ServiceLimits } from "./config.js";
import { ServiceError } from "./errors.js";
import type { JsonBody, ServiceApp } from "./service-context.js";

/** `application/json` or `application/<something>+json`, with any parameters (`; charset=utf-8`). */
function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The body's bytes as JSON: 400 INVALID_JSON for bytes that are not UTF-8, an empty body, or text that is not JSON. */
function parseJson(bytes: ArrayBuffer, what: string): JsonBody {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch (error) {
    throw new ServiceError("INVALID_JSON", `The ${what} body is not valid UTF-8.`, {}, { cause: error });
  }
  if (text.trim().length === 0)
    throw new ServiceError("INVALID_JSON", `The ${what} body is empty; expected a JSON value.`);
  try {
    return { value: JSON.parse(text), text };
  } catch (error) {
    throw new ServiceError(
      "INVALID_JSON",
      `The ${what} body is not valid JSON: ${errorMessage(error)}.`,
      {},
      { cause: error },
    );
  }
}

/**
 * Reads the request body into `c.var.body`: 415 UNSUPPORTED_MEDIA_TYPE unless the content type is
 * JSON, 413 PAYLOAD_TOO_LARGE past `limit(config.limits)` bytes (from Content-Length, or while a
 * streamed body is read: reading stops there), 400 INVALID_JSON for bytes that are not UTF-8 JSON.
 */
export function jsonBody(what: string, limit: (limits: ServiceLimits) => number): MiddlewareHandler<ServiceApp> {
  return async (c, next) => {
    const contentType = c.req.header("content-type");
    if (!isJsonMediaType(contentType)) {
      const got = JSON.stringify(contentType ?? "no content type");
      throw new ServiceError(
        "UNSUPPORTED_MEDIA_TYPE",
        `The ${what} body must be JSON: send "Content-Type: application/json", got ${got}.`,
      );
    }
    const maxSize = limit(c.var.config.limits);
    const limited = bodyLimit({
      maxSize,
      onError: () => {
        const message = `The ${what} body is larger than ${maxSize} bytes; the limit for this route is ${maxSize} bytes.`;
        throw new ServiceError("PAYLOAD_TOO_LARGE", message);
      },
    });
    await limited(c, async () => {
      c.set("body", parseJson(await c.req.arrayBuffer(), what));
      await next();
    });
  };
}
