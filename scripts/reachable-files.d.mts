export const DOCUMENT_FILES: readonly string[];
export function reachableFiles(root: string, manifest?: unknown): Set<string>;
export function unreachableFiles(root: string, list: readonly string[]): string[];
