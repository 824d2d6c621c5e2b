// The everyday bench's figures, from the turns each row recorded: right tool offered, empty-handed on-topic turns,
// chit-chat and off-topic turns given no tool, tools per request, absurd first picks; and the misses.

/** The catalog-size buckets issue 37 reports by. */
export const BUCKETS = Object.freeze([
  { key: "small", label: "≤ 20 tools", fits: (size) => size <= 20 },
  { key: "medium", label: "21–100 tools", fits: (size) => size > 20 && size <= 100 },
  { key: "large", label: "> 100 tools", fits: (size) => size > 100 },
]);

export const bucketOf = (size) => BUCKETS.find((bucket) => bucket.fits(size)).key;

const share = (part, whole) => ({ count: part, of: whole, share: whole === 0 ? undefined : part / whole });
const mean = (values) =>
  values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * A turn as the figures read it: `{ catalog, conversation, turn, text, kinds, steps, families, requests, outcomes,
 * previousOffered, familyOf }` (`outcomes[s]`: `{ offered, via?, tools }`, undefined when the step was not reached;
 * `previousOffered`: what the last request of the turn before offered, [] at a conversation's first turn).
 */
export function figuresOf(turns, { ranked }) {
  let needed = 0;
  let offered = 0;
  let viaSearch = 0;
  const onTopic = turns.filter((turn) => turn.steps.length > 0);
  const noTool = (kind) => turns.filter((turn) => turn.steps.length === 0 && turn.kinds.includes(kind));
  for (const turn of turns)
    for (const outcome of turn.outcomes) {
      needed++;
      if (outcome?.offered) offered++;
      if (outcome?.via === "search") viaSearch++;
    }
  const first = (turn) => turn.requests[0] ?? { offered: [], search: false };
  const empty = onTopic.filter((turn) => first(turn).offered.length === 0 && !first(turn).search);
  const none = (list) => share(list.filter((turn) => first(turn).offered.length === 0).length, list.length);
  const noneNew = (list) =>
    share(
      list.filter((turn) => first(turn).offered.every((name) => turn.previousOffered.includes(name))).length,
      list.length,
    );
  const absurd = ranked
    ? onTopic.filter((turn) => {
        const request = first(turn);
        const top = (request.order ?? []).find((name) => request.offered.includes(name));
        if (top === undefined) return false;
        const familyOf = (name) => turn.familyOf.get(name);
        const allowed = new Set([...turn.steps.flat().map(familyOf), ...(turn.families ?? [])]);
        return !allowed.has(familyOf(top));
      })
    : undefined;
  return {
    turns: turns.length,
    rightToolOffered: share(offered, needed),
    foundBySearch: viaSearch,
    emptyHanded: share(empty.length, onTopic.length),
    chitChatNoTool: none(noTool("chit-chat")),
    chitChatNoNewTool: noneNew(noTool("chit-chat")),
    offTopicNoTool: none(noTool("off-topic")),
    offTopicNoNewTool: noneNew(noTool("off-topic")),
    toolsPerRequest: mean(turns.flatMap((turn) => turn.requests.map((request) => request.offered.length))),
    toolsPerFirstStep: mean(turns.map((turn) => first(turn).offered.length)),
    absurdTop1: absurd === undefined ? undefined : share(absurd.length, onTopic.length),
    // Which turns, what came first and what the turn needed, for --json readers.
    absurdTurns: absurd?.map((turn) => {
      const request = first(turn);
      const top = (request.order ?? []).find((name) => request.offered.includes(name));
      const wanted = turn.steps.flat().join(", ");
      return `${turn.conversation} #${turn.turn} ${JSON.stringify(turn.text)}: ${top} (needs ${wanted})`;
    }),
    // Chit-chat and off-topic turns given a tool, for --json readers: which turns, and what they got.
    chitChatGivenTools: givenTools(noTool("chit-chat")),
    offTopicGivenTools: givenTools(noTool("off-topic")),
  };
}

/** The turns of `list` whose first request was offered tools: which turns, and what they got. */
function givenTools(list) {
  return list
    .filter((turn) => (turn.requests[0]?.offered.length ?? 0) > 0)
    .map(
      (turn) =>
        `${turn.conversation} #${turn.turn} ${JSON.stringify(turn.text)}: ${turn.requests[0].offered.join(", ")}`,
    );
}

/** Right tool offered per turn kind (a step counts under every kind of its turn). */
export function byKind(turns, kinds) {
  const result = {};
  for (const kind of kinds) {
    const outcomes = turns.filter((turn) => turn.kinds.includes(kind)).flatMap((turn) => turn.outcomes);
    result[kind] = share(outcomes.filter((outcome) => outcome?.offered).length, outcomes.length);
  }
  return result;
}

/**
 * Every expected step a row did not offer:
 * `{ catalog, conversation, turn, text, kinds, step, expected, offered, reached }`.
 */
export function missesOf(turns) {
  const misses = [];
  for (const turn of turns)
    turn.outcomes.forEach((outcome, s) => {
      if (outcome?.offered) return;
      misses.push({
        catalog: turn.catalog,
        conversation: turn.conversation,
        turn: turn.turn,
        text: turn.text,
        kinds: turn.kinds,
        step: s + 1,
        expected: turn.steps[s],
        offered: outcome?.tools ?? [],
        reached: outcome !== undefined,
      });
    });
  return misses;
}
