// Ranking with Fair and Square's tiebreak chain: more points, then more 3s captured, more 2s, more
// pieces remaining, then whoever was last strictly ahead during play. Players still tied share
// the higher place, and a place p is worth 4 − p rank points (places 1, 1, 3, 4 give 3, 3, 1, 0).
//
// "Last strictly ahead" for two players: the last moment (points after each turn) at which their
// points differed; whoever had more then. For three or more still-tied players the same idea is
// applied to the group: find the last moment at which they were not all level, order them by
// their points then, and settle any who were level at that moment by the moment before that, and
// so on. For two players this is exactly the pairwise rule, and it never goes round in a circle.
// The whole match uses the same chain with rank points instead of points and, for the timeline,
// the points captured so far in the match after every turn of every round.

export interface Standing {
  readonly player: string;
  readonly points: number;
  readonly threes: number;
  readonly twos: number;
  readonly pieces: number;
  /** Points after each moment of play (each turn), oldest first. */
  readonly timeline: readonly number[];
}

export interface Ranking {
  /** Best first. */
  readonly order: readonly string[];
  /** Place of each player: 1 + how many are strictly ahead. */
  readonly places: Readonly<Record<string, number>>;
  /** How each tie on points was settled, in words. */
  readonly notes: readonly string[];
}

const CHAIN: readonly { key: 'threes' | 'twos' | 'pieces'; words: string }[] = [
  { key: 'threes', words: 'more 3s captured' },
  { key: 'twos', words: 'more 2s captured' },
  { key: 'pieces', words: 'more pieces remaining' },
];

function byChain(a: Standing, b: Standing): number {
  return b.points - a.points || b.threes - a.threes || b.twos - a.twos || b.pieces - a.pieces;
}

/** Orders players equal on the chain by the last moment they were not all level; returns tied runs. */
function byTimeline(group: readonly Standing[]): Standing[][] {
  if (group.length < 2) return [group.slice()];
  const length = group[0].timeline.length;
  for (let moment = length - 1; moment >= 0; moment--) {
    const values = new Set(group.map((s) => s.timeline[moment]));
    if (values.size < 2) continue;
    return [...values]
      .sort((a, b) => b - a)
      .flatMap((value) => byTimeline(group.filter((s) => s.timeline[moment] === value)));
  }
  return [group.slice()];
}

/** The last moment two players' points differed, or -1. */
function lastDifference(a: Standing, b: Standing): number {
  for (let moment = a.timeline.length - 1; moment >= 0; moment--)
    if (a.timeline[moment] !== b.timeline[moment]) return moment;
  return -1;
}

/**
 * Ranks standings. `momentName` turns a timeline index into words ("turn 7", "round 2 turn 7"),
 * and `name` a player id into a name, for the notes.
 */
export function rankStandings(
  standings: readonly Standing[],
  momentName: (moment: number) => string,
  name: (player: string) => string,
): Ranking {
  const sorted = standings.slice().sort(byChain);
  const runs: Standing[][] = [];
  for (const standing of sorted) {
    const run = runs[runs.length - 1];
    if (run && byChain(run[0], standing) === 0) run.push(standing);
    else runs.push([standing]);
  }
  const tiedRuns = runs.flatMap(byTimeline);
  const places: Record<string, number> = {};
  const order: string[] = [];
  let place = 1;
  for (const run of tiedRuns) {
    for (const standing of run) {
      places[standing.player] = place;
      order.push(standing.player);
    }
    place += run.length;
  }

  const notes: string[] = [];
  const ordered = tiedRuns.flat();
  for (let i = 0; i + 1 < ordered.length; i++) {
    const a = ordered[i];
    const b = ordered[i + 1];
    if (a.points !== b.points) continue;
    const pair = `${name(a.player)} and ${name(b.player)}`;
    const points = `${a.points} point${a.points === 1 ? '' : 's'}`;
    const decider = CHAIN.find((c) => a[c.key] !== b[c.key]);
    if (decider) {
      notes.push(
        `${pair} tied on ${points}; ${name(a.player)} placed ahead on ${decider.words} (${a[decider.key]} to ${b[decider.key]})`,
      );
      continue;
    }
    const moment = lastDifference(a, b);
    notes.push(
      moment < 0
        ? `${pair} tied on every tiebreak and share place ${places[a.player]}`
        : `${pair} tied on ${points}, 3s, 2s and pieces; ${name(a.player)} was last strictly ahead (after ${momentName(moment)}, ${a.timeline[moment]} to ${b.timeline[moment]})`,
    );
  }
  return { order, places, notes };
}

/** Rank points for a place: 3, 2, 1, 0. */
export function rankPoints(place: number): number {
  return Math.max(0, 4 - place);
}
