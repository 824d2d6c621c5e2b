// The package's files a user can reach: from package.json "exports", "imports", "bin", "main" and "types", through
// every relative or "#…" import of the JavaScript and declaration files reached (static and dynamic imports, export
// from, `new URL(path, import.meta.url)`). Whatever else the tarball holds, nothing imports.
//
// scripts/bundle-entries.mjs prunes dist/ to these files after the build; test/consumers/packed-files.test.ts checks
// the `npm pack` file list against them.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/** Files a package holds for people rather than for imports: npm adds some of them to every tarball. */
export const DOCUMENT_FILES = ["package.json", "README.md", "LICENSE", "CHANGELOG.md", "assets/LOCAL-MODEL-NOTICE.md"];

/** Every string target of an exports / imports / bin value, whatever the conditions. */
function targets(value) {
  if (typeof value === "string") return [value];
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(targets);
  return [];
}

/** The module specifiers a JavaScript or declaration file names. */
function specifiers(text) {
  const found = [];
  const patterns = [
    /\b(?:from|import)\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\bnew URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g,
    /\/\/\/\s*<reference\s+path=["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1]);
  return found;
}

/**
 * The package-relative paths (forward slashes) reachable in the package at `root`, whose package.json is `manifest`
 * (default: the one in `root`). A declaration file's `./x.js` import reaches `./x.d.ts`.
 */
export function reachableFiles(root, manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))) {
  const reached = new Set();
  const queue = [];
  const add = (path) => {
    const clean = normalize(path.replace(/\?.*$/, "")).replaceAll("\\", "/");
    if (reached.has(clean) || !existsSync(join(root, clean))) return;
    reached.add(clean);
    queue.push(clean);
  };
  const starts = [
    ...targets(manifest.exports),
    ...targets(manifest.imports),
    ...targets(manifest.bin),
    ...targets(manifest.main),
    ...targets(manifest.types),
  ];
  for (const start of starts) add(start);
  const packageImports = manifest.imports ?? {};
  while (queue.length > 0) {
    const file = queue.shift();
    if (!/\.(js|mjs|d\.ts)$/.test(file)) continue;
    const declaration = file.endsWith(".d.ts");
    for (const specifier of specifiers(readFileSync(join(root, file), "utf8"))) {
      if (specifier.startsWith("#")) {
        for (const target of targets(packageImports[specifier])) add(target);
        continue;
      }
      if (!specifier.startsWith(".")) continue;
      const path = join(dirname(file), specifier);
      if (declaration) add(path.replace(/\.js$/, ".d.ts"));
      else add(path);
    }
  }
  return reached;
}

/** The files of `list` (package-relative paths) that neither an import reaches nor `DOCUMENT_FILES` names. */
export function unreachableFiles(root, list) {
  const reached = reachableFiles(root);
  return list
    .map((path) => relative(".", path).replaceAll("\\", "/"))
    .filter((path) => !reached.has(path) && !DOCUMENT_FILES.includes(path))
    .sort();
}
