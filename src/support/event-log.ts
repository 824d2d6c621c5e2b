// The console line an adapter writes for its events when the user passes no onEvent: what went wrong, once per kind
// of event, never the routine ones (a request nothing matched, a stable set that grew).

/** Events that are how an agent works, not something that went wrong: never written to the console. */
const ROUTINE = new Set(["no-match", "tools-changed"]);

/**
 * A listener that writes each kind of event but the routine ones once, as a console warning naming its type and
 * message, with a hint to pass `onEvent` for every event. `where` names the adapter ("toolsiftChat").
 */
export function consoleEvents(where: string): (event: { readonly type: string; readonly message?: string }) => void {
  const written = new Set<string>();
  return (event) => {
    if (ROUTINE.has(event.type) || written.has(event.type)) return;
    written.add(event.type);
    console.warn(
      `[toolsift] ${event.type}: ${event.message ?? ""} (${where}: pass onEvent to receive every event; this kind is not written again)`,
    );
  };
}
