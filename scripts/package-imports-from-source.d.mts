// Types for package-imports-from-source.mjs (imported by scripts/build-playground.mjs and test/edge).
import type { Plugin } from "esbuild";

export function packageImportsFromSource(conditions: readonly string[]): Plugin;
