// After tsc: the declarations in dist/ that name types of the optional peer `ai` (and of `@ai-sdk/provider`, which `ai`
// brings) get a `// @ts-ignore` line above each such reference, so that a project without `ai` (keyword search, the
// local model, LangChain) type-checks with `skipLibCheck: false` too: those types are then `any` there, and exactly
// the AI SDK's own types wherever `ai` is installed. (Vite's declarations do the same for its optional peers.)
// Run by `npm run build`; fails when a reference it does not recognise is left unguarded.
//
//   node scripts/optional-peer-types.mjs [dist]
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Packages a toolsift user may not have installed whose types the declarations name (`@openai/agents`: its entry). */
export const OPTIONAL_TYPE_PACKAGES = ["ai", "@ai-sdk/provider", "@openai/agents"];

const GUARD = "// @ts-ignore -- optional peer dependency: without it, these types are `any`";

const quoted = OPTIONAL_TYPE_PACKAGES.map((name) => name.replace(/[/@.-]/g, "\\$&")).join("|");
/** A line that names one of those packages as a module: `from "ai"`, `import("ai")`, `from "@ai-sdk/provider"`. */
const REFERENCE = new RegExp(`(from |import\\()"(${quoted})"`);

/** `text` (a .d.ts file) with the guard above every line that references an optional package and is not guarded. */
export function guardOptionalPeerTypes(text) {
  const lines = text.split("\n");
  const out = [];
  lines.forEach((line, position) => {
    if (REFERENCE.test(line) && lines[position - 1]?.trim() !== GUARD) {
      out.push(`${line.match(/^\s*/)[0]}${GUARD}`);
    }
    out.push(line);
  });
  return out.join("\n");
}

function declarationFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return declarationFiles(path);
    return entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? fileURLToPath(new URL("../dist/", import.meta.url));
  let guarded = 0;
  for (const path of declarationFiles(dist)) {
    const text = readFileSync(path, "utf8");
    const next = guardOptionalPeerTypes(text);
    if (next !== text) {
      writeFileSync(path, next);
      guarded++;
    }
    // Any other spelling (a require, a triple-slash reference) would still fail without `ai`: stop the build.
    const unguarded = next
      .split("\n")
      .filter((line) => OPTIONAL_TYPE_PACKAGES.some((name) => line.includes(`"${name}"`)))
      .filter((line) => !REFERENCE.test(line));
    if (unguarded.length > 0) {
      console.error(`optional-peer-types: ${path} names an optional package in a form not guarded:\n${unguarded[0]}`);
      process.exitCode = 1;
    }
  }
  console.log(`optional-peer-types: ${guarded} declaration files name ${OPTIONAL_TYPE_PACKAGES.join(", ")}, guarded`);
}
