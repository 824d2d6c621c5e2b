// A UsageStore in one JSON file (Node only; `toolsift/storage`), replaced atomically on each save.

import { storageFailure } from "../support/storage-failure.js";
import { readFile } from "node:fs/promises";
import { createSerialQueue } from "../support/serial-queue.js";
import { invalidOption } from "../support/validate-options.js";
import { checkUsageSnapshot, parseUsageSnapshot, type UsageStore } from "./usage-store.js";
import { writeFileAtomically } from "../support/write-file-atomically.js";

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
        throw storageFailure("CACHE_READ_FAILED", `${WHERE} could not read ${path}`, { path }, error);
      }
      return parseUsageSnapshot(text, `${WHERE} (${path})`);
    },

    async save(snapshot) {
      const text = JSON.stringify(checkUsageSnapshot(snapshot, `${WHERE} (${path}).save`));
      return writes.run(() => writeFileAtomically(WHERE, path, text));
    },
  };
}
