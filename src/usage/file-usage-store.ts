// A UsageStore in one JSON file (Node only, `toolsift/file-usage-store`), replaced atomically on each save.

import { mkdir, open, readFile, rename, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { ToolsiftError } from "../errors.js";
import { errorMessage } from "../support/error-message.js";
import { createSerialQueue } from "../support/serial-queue.js";
import { invalidOption } from "../support/validate-options.js";
import { checkUsageSnapshot, parseUsageSnapshot, type UsageStore } from "./usage-store.js";

const WHERE = "fileUsageStore";

/**
 * A `UsageStore` in the JSON file at `path` (Node only). `load` reads the file (`undefined` when there is none);
 * `save` writes a temporary file beside it, flushes it and renames it over `path`, so a crash or a concurrent reader
 * never sees half a snapshot. Missing directories are created. Saves of one store run one after another; saves from
 * several processes are not merged: the last rename wins (combine snapshots with `mergeUsage` before saving). A file
 * that is not a usage snapshot makes `load` reject with `INVALID_USAGE`; `save` replaces it.
 */
export function fileUsageStore(path: string): UsageStore {
  if (typeof path !== "string" || path.length === 0) {
    invalidOption(WHERE, "path", "a file path (a non-empty string)", path);
  }
  const writes = createSerialQueue();
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(path, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw new ToolsiftError(
          "CACHE_READ_FAILED",
          `${WHERE} could not read ${path}: ${errorMessage(error)}.`,
          { path },
          { cause: error },
        );
      }
      return parseUsageSnapshot(text, `${WHERE} (${path})`);
    },

    async save(snapshot) {
      const text = JSON.stringify(checkUsageSnapshot(snapshot, `${WHERE} (${path}).save`));
      return writes.run(() => writeAtomically(path, text));
    },
  };
}

/** Writes `text` to a temporary file beside `path`, flushes it, then renames it over `path`. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const random = crypto.getRandomValues(new Uint32Array(1))[0].toString(36);
  const temporary = `${path}.${process.pid}-${random}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    const file = await open(temporary, "w");
    try {
      await file.writeFile(text, "utf8");
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
      `${WHERE} could not write ${path}: ${errorMessage(error)}.` +
        (leftover ? ` The temporary file ${temporary} could not be removed either: ${leftover.message}.` : ""),
      { path, temporary: leftover ? temporary : undefined },
      { cause: error },
    );
  }
}
