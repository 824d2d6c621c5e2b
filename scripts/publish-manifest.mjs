// The package.json that npm pack / npm publish put in the tarball: without the fields only this repository's
// development reads. `prepare` would make npm 11 ask consumers who install the tarball (or a file: path) to
// approve an install script; `allowScripts` is npm's approval list for this repository's own dependencies; the
// scripts and devDependencies are the development toolchain.
//
//   node scripts/publish-manifest.mjs clean     (prepack, after the build: writes the published package.json)
//   node scripts/publish-manifest.mjs restore   (postpack: puts the repository's package.json back)
//
// The repository's package.json is kept in .package.json.prepack (not in `files`, so never published) between
// the two. A second pack running while one is in progress leaves the copy alone, and restore puts back only the
// removed fields when package.json changed in between, so nothing written meanwhile is lost.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Fields of the repository's package.json that the published one leaves out. */
export const DEVELOPMENT_FIELDS = ["scripts", "allowScripts", "devDependencies"];

const manifestPath = fileURLToPath(new URL("../package.json", import.meta.url));
const keptPath = fileURLToPath(new URL("../.package.json.prepack", import.meta.url));

/** The published form of a package.json text: the same fields in the same order, development fields removed. */
export function publishedManifest(text) {
  const manifest = JSON.parse(text);
  for (const field of DEVELOPMENT_FIELDS) delete manifest[field];
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * The repository's package.json back from `kept` (its text before clean) and `current` (package.json now): the
 * kept text itself when nothing changed meanwhile, else `current` with the development fields of `kept` put back
 * in their places.
 */
export function restoredManifest(kept, current) {
  if (current === publishedManifest(kept)) return kept;
  const before = JSON.parse(kept);
  const now = JSON.parse(current);
  const merged = {};
  for (const key of Object.keys(before)) {
    if (DEVELOPMENT_FIELDS.includes(key) && !(key in now)) merged[key] = before[key];
    else if (key in now) merged[key] = now[key];
  }
  for (const key of Object.keys(now)) if (!(key in merged)) merged[key] = now[key];
  return `${JSON.stringify(merged, null, 2)}\n`;
}

function clean() {
  if (existsSync(keptPath)) {
    console.log(
      "publish-manifest: another pack is in progress (.package.json.prepack exists); package.json left as is",
    );
    return;
  }
  const text = readFileSync(manifestPath, "utf8");
  writeFileSync(keptPath, text, { flag: "wx" });
  writeFileSync(manifestPath, publishedManifest(text));
  console.log(`publish-manifest: package.json without ${DEVELOPMENT_FIELDS.join(", ")} for the tarball`);
}

function restore() {
  if (!existsSync(keptPath)) return;
  writeFileSync(manifestPath, restoredManifest(readFileSync(keptPath, "utf8"), readFileSync(manifestPath, "utf8")));
  rmSync(keptPath);
  console.log("publish-manifest: package.json restored");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === "clean") clean();
  else if (command === "restore") restore();
  else {
    console.error("usage: node scripts/publish-manifest.mjs clean | restore");
    process.exitCode = 1;
  }
}
