// The validated options of one deferredTools call, shared by its search and its preload.

import type { SelectOptions } from "../../options.js";
import type { DeferralProvider } from "./deferred-provider-shapes.js";

/** The validated options of one `deferredTools` call. */
export interface ResolvedDeferral {
  readonly provider: DeferralProvider;
  readonly maxResults: number;
  readonly alwaysActive: ReadonlySet<string>;
  readonly searchToolName: string;
  /** The tools deferred, in the app's key order. */
  readonly deferred: readonly string[];
  /** What every selection is given besides the query: the select options, `maxResults` and the deferred tools. */
  readonly selectOptions: SelectOptions;
}
