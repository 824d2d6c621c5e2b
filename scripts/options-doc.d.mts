export const START: string;
export const END: string;
export function renderOptionTable(table: Readonly<Record<string, object>>): string;
export function withBlock(page: string, block: string): string;
