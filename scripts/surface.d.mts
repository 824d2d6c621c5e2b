export interface Surface {
  readonly entries: readonly {
    readonly entry: string;
    readonly values: number;
    readonly types: number;
    readonly names: readonly string[];
  }[];
  /** Distinct names across all entries. */
  readonly names: number;
  /** Names across all entries, an entry's repeat of another's counted again. */
  readonly total: number;
  readonly options: Readonly<Record<string, number>>;
}
export function entries(): { subpath: string; source: string }[];
export function measure(): Surface;
