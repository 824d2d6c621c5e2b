// Each isolate's copy of the learnt usage per catalog: re-read from the usage object every recheck period.

import { errorMessage } from "../../support/error-message.js";
import type { UsageSnapshot } from "../../usage/usage-snapshot.js";
import type { UsageClient } from "./usage-client.js";
import type { WarmCatalog } from "../catalogs/warm-catalogs.js";
import { estimateUsageBytes } from "../catalogs/memory-estimate.js";
import type { ServiceWarning } from "../http/warnings.js";

interface UsageCopy {
  readonly revision: number;
  readonly snapshot: UsageSnapshot | undefined;
  /** `Date.now()` when the usage object last confirmed this revision. */
  readonly checkedAt: number;
  /** Estimated bytes the snapshot holds once installed (memory-estimate.ts; 0 without one). */
  readonly bytes: number;
}

/**
 * The usage snapshots of this isolate, least recently used dropped past `capacity`. A selection installs the
 * copy into the warm index when its revision changed; the copy is re-read after `recheckMs`, at once after this
 * isolate learnt or erased (so either is seen by the isolate's next selection), and for each newly loaded version.
 */
export class WarmUsage {
  private readonly copies = new Map<string, UsageCopy>();
  /** Reads in flight, with the revision each was started to reach. */
  private readonly reading = new Map<string, { readonly done: Promise<UsageCopy>; readonly needed: number }>();
  /** The revision this isolate's own learn requests reached, per catalog: its selections need at least that. */
  private readonly learnt = new Map<string, number>();

  /**
   * `capacity`: copies kept (TOOLSIFT_WARM_CATALOGS). `grew`: called with a warm catalog once usage was installed in
   * it (its `usageBytes` set), for the warm catalogs to keep their bytes budget (`WarmCatalogs.refit`).
   */
  constructor(
    private readonly capacity: number,
    private readonly grew: (catalog: WarmCatalog) => void = () => undefined,
  ) {}

  /** This isolate learnt up to `revision`: its next selections read the usage object unless they hold that. */
  learntUpTo(id: string, revision: number): void {
    this.learnt.set(id, Math.max(revision, this.learnt.get(id) ?? 0));
  }

  /**
   * The usage of `id` was erased (its catalog deleted) at `revision`: this isolate's copy is dropped and its next
   * selections read the usage object again.
   */
  erased(id: string, revision: number): void {
    this.copies.delete(id);
    this.learntUpTo(id, revision);
  }

  /**
   * Brings `catalog.index` up to the learnt usage of its catalog. When the usage object cannot be read, the
   * isolate's older copy (or nothing learnt) stays in use and a USAGE_UNAVAILABLE warning says so.
   */
  async bringUpToDate(catalog: WarmCatalog, client: UsageClient, recheckMs: number): Promise<ServiceWarning[]> {
    const { id } = catalog;
    let copy = this.copies.get(id);
    const needed = this.learnt.get(id) ?? 0;
    const warnings: ServiceWarning[] = [];
    // A version loaded since (no usage installed yet) reads it again: the catalog may have been deleted and re-created.
    const fresh = catalog.usageRevision === undefined;
    if (copy === undefined || fresh || copy.revision < needed || Date.now() - copy.checkedAt >= recheckMs) {
      try {
        copy = await this.readOnce(id, client, copy, needed);
      } catch (error) {
        const held = copy === undefined ? "without learnt usage" : `with this isolate's revision ${copy.revision}`;
        warnings.push({
          code: "USAGE_UNAVAILABLE",
          message: `The learnt usage of catalog "${id}" could not be read (${errorMessage(error)}); answered ${held}.`,
        });
      }
    }
    if (copy !== undefined && catalog.usageRevision !== copy.revision) {
      catalog.index.replaceUsage(copy.snapshot);
      catalog.usageRevision = copy.revision;
      catalog.usageBytes = copy.bytes;
      this.grew(catalog);
    }
    return warnings;
  }

  /**
   * Reads the usage of `id` once, however many selections wait for it; a read started before this isolate learnt
   * revision `needed` is not joined (the usage object is strongly consistent: a read started later sees it).
   */
  private readOnce(id: string, client: UsageClient, held: UsageCopy | undefined, needed: number): Promise<UsageCopy> {
    const pending = this.reading.get(id);
    if (pending !== undefined && pending.needed >= needed) return pending.done;
    const done: Promise<UsageCopy> = client
      .readUsage(id, held?.revision)
      .then((answer) => {
        const kept = answer.revision === held?.revision ? held : undefined;
        const snapshot = answer.usage ?? kept?.snapshot;
        // Measured once per revision read (a snapshot of 5,000 tools is under 1 MB of JSON).
        const bytes =
          answer.usage === undefined ? (kept?.bytes ?? 0) : estimateUsageBytes(JSON.stringify(answer.usage).length);
        const copy: UsageCopy = { revision: answer.revision, snapshot, checkedAt: Date.now(), bytes };
        return this.install(id, copy);
      })
      .finally(() => {
        if (this.reading.get(id)?.done === done) this.reading.delete(id);
      });
    this.reading.set(id, { done, needed });
    return done;
  }

  /** Keeps `copy` unless a newer revision is held already; answers the copy kept. */
  private install(id: string, copy: UsageCopy): UsageCopy {
    const held = this.copies.get(id);
    if (held !== undefined && held.revision > copy.revision) return held;
    if ((this.learnt.get(id) ?? 0) <= copy.revision) this.learnt.delete(id);
    this.copies.delete(id);
    this.copies.set(id, copy);
    for (const key of this.copies.keys()) {
      if (this.copies.size <= this.capacity) break;
      this.copies.delete(key);
    }
    return copy;
  }
}
