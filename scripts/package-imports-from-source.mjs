// An esbuild plugin that resolves the package's "#..." imports with given export conditions, taking the TypeScript
// source of the dist/ file they name.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("..", import.meta.url);
const packageImports = JSON.parse(readFileSync(new URL("package.json", root), "utf8")).imports;

/**
 * The target a conditions map selects: the first key (in the map's order) that is an active condition, as Node and
 * esbuild read it.
 */
function selectTarget(entry, active, specifier) {
  if (typeof entry === "string") return entry;
  if (entry !== null && typeof entry === "object" && !Array.isArray(entry)) {
    for (const [condition, value] of Object.entries(entry)) {
      if (!active.has(condition)) continue;
      const target = selectTarget(value, active, specifier);
      if (target !== undefined) return target;
    }
    return undefined;
  }
  throw new Error(
    `package.json "imports" for ${specifier}: expected a string or a conditions object, got ${JSON.stringify(entry)}.`,
  );
}

/**
 * Resolves `#default-wasm`, `#local-model-asset`, … through package.json "imports" under `conditions`
 * (plus "import" and "default"), then builds from `src/<path>.ts` instead of `dist/<path>.js`:
 * the package's own conditions choose the runtime shim, and no `tsc` output is needed.
 * @param {readonly string[]} conditions e.g. ["browser"] or ["edge-light"]
 */
export function packageImportsFromSource(conditions) {
  const active = new Set([...conditions, "import", "default"]);
  return {
    name: "package-imports-from-source",
    setup(build) {
      build.onResolve({ filter: /^#/ }, (args) => {
        if (!(args.path in packageImports)) return undefined;
        const target = selectTarget(packageImports[args.path], active, args.path);
        if (target === undefined)
          return {
            errors: [
              {
                text: `package.json "imports" has no target for ${args.path} under the conditions ${[...active].join(", ")}.`,
              },
            ],
          };
        const source = fileURLToPath(new URL(target.replace(/^\.\/dist\//, "./src/").replace(/\.js$/, ".ts"), root));
        if (!existsSync(source))
          return { errors: [{ text: `${args.path} → ${target}: its source ${source} does not exist.` }] };
        return { path: source };
      });
    },
  };
}
