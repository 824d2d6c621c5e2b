// Runs a Worker bundled by bench/lib/worker-bundle.mjs in workerd through Miniflare (in this process, on 127.0.0.1),
// and times requests to it from Node (workerd's clocks stop during synchronous work).
import { COMPATIBILITY_DATE } from "./repo.mjs";
import { nowMs } from "./stats.mjs";

// No telemetry, no update check, no cf.json download; kept if the caller set them.
process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.WRANGLER_HIDE_BANNER ??= "true";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

/**
 * Starts workerd on `bundle`'s modules (the script first, .wasm as CompiledWasm, .bin as Data) with `kvNamespaces`
 * and `bindings`; KV persisted in `persistencePath` when given (processes started on one folder share it).
 */
export async function startMiniflare(bundle, { persistencePath, kvNamespaces = [], bindings = {} } = {}) {
  const { Miniflare, convertV4MiniflareOptions } = await import("miniflare");
  const script = bundle.files.find((file) => file.name === bundle.entry);
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      cf: false,
      telemetry: { enabled: false },
      ...(persistencePath === undefined ? {} : { resourcePersistencePath: persistencePath }),
      compatibilityDate: COMPATIBILITY_DATE,
      modulesRoot: "/worker",
      modules: [script, ...bundle.files.filter((file) => file !== script)].map((file) => ({
        type: file.type,
        path: `/worker/${file.name}`,
        contents: new Uint8Array(file.contents),
      })),
      kvNamespaces,
      bindings,
    }),
  );
  await miniflare.ready;
  return miniflare;
}

/**
 * One request (`init` as for fetch; a `json` body is sent as JSON); returns the parsed JSON answer and the
 * milliseconds Node saw from dispatch to the whole body. Throws on a status other than 2xx.
 */
export async function timedRequest(miniflare, path, { json, headers, ...init } = {}) {
  const started = nowMs();
  const response = await miniflare.dispatchFetch(`http://127.0.0.1${path}`, {
    ...init,
    headers: json === undefined ? headers : { "Content-Type": "application/json", ...headers },
    body: json === undefined ? init.body : JSON.stringify(json),
  });
  const text = await response.text();
  const ms = nowMs() - started;
  if (!response.ok)
    throw new Error(
      `bench: workerd answered ${response.status} to ${init.method ?? "GET"} ${path}: ${text.slice(0, 500)}`,
    );
  return { body: JSON.parse(text), ms };
}
