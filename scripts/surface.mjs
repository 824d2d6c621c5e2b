// The public surface as the TypeScript checker sees it: per package entry, the value and type names it exports; per
// public function and method, how many options its options argument takes (top-level keys of its type).
// `node scripts/surface.mjs [--json]`; test/structure/surface.test.ts holds the goals (issue 29).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}package.json`, "utf8"));

/** Each entry of package.json's `exports` whose types are a declaration file, mapped back to its source. */
export function entries() {
  const found = [];
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target !== "object" || typeof target.types !== "string") continue;
    const source = target.types.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts");
    found.push({ subpath, source: `${root}${source}` });
  }
  return found;
}

function program(files) {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}tsconfig.json`,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
  );
  return ts.createProgram(files, { ...config.options, noEmit: true });
}

/** A symbol's value and type meanings (a class is both). */
function meanings(checker, symbol) {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return {
    value: (target.flags & ts.SymbolFlags.Value) !== 0,
    type: (target.flags & (ts.SymbolFlags.Type | ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) !== 0,
    target,
  };
}

/** The number of top-level keys of the options parameter of each function-like `type`'s first signature. */
function optionCount(checker, signature, node) {
  const parameter = signature.getParameters().find((candidate) => /options$/i.test(candidate.getName()));
  if (parameter === undefined) return undefined;
  const type = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(parameter, node));
  return checker.getPropertiesOfType(type).length;
}

export function measure() {
  const list = entries();
  const prog = program(list.map((entry) => entry.source));
  const checker = prog.getTypeChecker();
  const perEntry = [];
  const functions = new Map();
  const allNames = new Set();
  for (const { subpath, source } of list) {
    const file = prog.getSourceFile(source);
    if (file === undefined) throw new Error(`surface: no source for ${subpath} (${source})`);
    const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(file));
    let values = 0;
    let types = 0;
    const names = [];
    for (const symbol of exports) {
      names.push(symbol.getName());
      const { value, type, target } = meanings(checker, symbol);
      if (value) values++;
      else if (type) types++;
      allNames.add(symbol.getName());
      if (!value) continue;
      const declaration = target.valueDeclaration ?? target.declarations?.[0];
      if (declaration === undefined) continue;
      const valueType = checker.getTypeOfSymbolAtLocation(target, declaration);
      const [signature] = valueType.getCallSignatures();
      if (signature !== undefined) {
        const count = optionCount(checker, signature, declaration);
        const name = `${subpath === "." ? "" : `${subpath.slice(2)}: `}${symbol.getName()}`;
        if (count !== undefined) functions.set(name, count);
        // A factory's result methods (createToolIndex → index.prepareStep, …).
        const result = signature.getReturnType();
        for (const method of checker.getPropertiesOfType(result)) {
          const methodDeclaration = method.valueDeclaration ?? method.declarations?.[0];
          if (methodDeclaration === undefined) continue;
          const [methodSignature] = checker.getTypeOfSymbolAtLocation(method, methodDeclaration).getCallSignatures();
          if (methodSignature === undefined) continue;
          const methodCount = optionCount(checker, methodSignature, methodDeclaration);
          if (methodCount !== undefined) functions.set(`${name}().${method.getName()}`, methodCount);
        }
      }
    }
    perEntry.push({ entry: subpath, values, types, names: names.sort() });
  }
  const total = perEntry.reduce((sum, entry) => sum + entry.names.length, 0);
  return { entries: perEntry, names: allNames.size, total, options: Object.fromEntries([...functions].sort()) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = measure();
  if (process.argv.includes("--json")) console.log(JSON.stringify(result, null, 2));
  else {
    console.log("| entry | value exports | type exports |\n| --- | --: | --: |");
    for (const row of result.entries) console.log(`| ${row.entry} | ${row.values} | ${row.types} |`);
    console.log(
      `\n${result.entries.length} entries; names across all entries: ${result.names} distinct, ${result.total} in all\n`,
    );
    console.log("| function or method | options |\n| --- | --: |");
    for (const [name, count] of Object.entries(result.options)) console.log(`| ${name} | ${count} |`);
  }
}
