// Node only (used by the file-cache and file-usage-store subpaths): write a file so readers see the old or the new.

import { mkdir, open, rename, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { ToolsiftError } from "../errors.js";
import { errorMessage } from "./error-message.js";

/**
 * Writes `data` to a temporary file beside `path`, flushes it, then renames it over `path` (creating folders);
 * a failure is `CACHE_WRITE_FAILED` naming `where`, the path and any temporary file left behind.
 */
export async function writeFileAtomically(
  where: string,
  path: string,
  data: string | readonly Uint8Array[],
): Promise<void> {
  const random = crypto.getRandomValues(new Uint32Array(1))[0].toString(36);
  const temporary = `${path}.${process.pid}-${random}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    const file = await open(temporary, "w");
    try {
      await (typeof data === "string" ? file.writeFile(data, "utf8") : file.writeFile(data));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    const leftover = await unlink(temporary).then(
      () => undefined,
      (unlinkError: NodeJS.ErrnoException) => (unlinkError.code === "ENOENT" ? undefined : unlinkError),
    );
    throw new ToolsiftError(
      "CACHE_WRITE_FAILED",
      `${where} could not write ${path}: ${errorMessage(error)}.` +
        (leftover ? ` The temporary file ${temporary} could not be removed either: ${leftover.message}.` : ""),
      { path, temporary: leftover ? temporary : undefined },
      { cause: error },
    );
  }
}
