// The example catalogs the playground offers: toolsift's demo catalog (in the bundle) and the paraphrase benchmark's
// (fetched next to the page).
import { DEMO_TOOLS } from "../demo/demo-catalog.js";

export interface ExampleCatalog {
  readonly id: string;
  readonly label: string;
  /** Requests worth trying on this catalog, shown as one-click suggestions. */
  readonly sampleQueries: readonly string[];
  /** The catalog as JSON text, as a user would paste it. */
  load(): Promise<string>;
}

/** Where scripts/build-playground.mjs puts test/fixtures/paraphrase/catalog.json, relative to the bundle. */
const PARAPHRASE_CATALOG_URL = new URL("./examples/paraphrase-catalog.json", import.meta.url);

export const EXAMPLE_CATALOGS: readonly ExampleCatalog[] = [
  {
    id: "demo",
    label: "SaaS demo — 24 tools, MCP tools/list shape",
    sampleQueries: [
      "sned an emial about the outage",
      "give them their money back",
      "merge the PR",
      "ship the branch to production",
      "what's the weather in Lisbon tomorrow",
    ],
    load: async () => JSON.stringify(DEMO_TOOLS, null, 2),
  },
  {
    id: "paraphrase",
    label: "Paraphrase benchmark — 50 tools, OpenAI shape",
    sampleQueries: [
      "claim the alert that just fired, I'm looking into it",
      "take Friday off",
      "kick the CI build again",
      "PR my fix",
    ],
    load: async () => {
      const response = await fetch(PARAPHRASE_CATALOG_URL);
      if (!response.ok) throw new Error(`fetching ${PARAPHRASE_CATALOG_URL.href} failed with HTTP ${response.status}`);
      return response.text();
    },
  },
];
