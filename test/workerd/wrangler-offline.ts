// Keeps wrangler and miniflare off the network in test runs: no telemetry, no update check, no cf.json download.
// Imported first by vitest.config.ts; values already set in the environment (e.g. by .ci/run) are kept.

process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.WRANGLER_HIDE_BANNER ??= "true";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
