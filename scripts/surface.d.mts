export interface Surface {
  readonly entries: readonly { readonly entry: string; readonly values: number; readonly types: number }[];
  readonly names: number;
  readonly options: Readonly<Record<string, number>>;
}
export function entries(): { subpath: string; source: string }[];
export function measure(): Surface;
