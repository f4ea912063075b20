// Paint state and the pure functions that move it on: a round's votes, the painting, garnet
// changes, and the captain election after round 1.

import type { GameContext, PhaseSpec } from '../../core/game.js';
import { type PaintCanvas, measureCanvas } from './canvas.js';
import { generateCanvas } from './generate.js';
import { type PaintOptions, TEAMS, type TeamId } from './options.js';

export type PaintContext = GameContext<PaintOptions>;

/** A segment's colour: a team, or null while white. Indexed by segment number − 1. */
export type Colours = readonly (TeamId | null)[];

export interface Vote {
  readonly segment: number;
  readonly weight: number;
}

/** A checked submission: the segment votes (with weights; a painted segment's vote paints nothing), and the round's side questions. */
export interface PaintMove {
  readonly votes: readonly Vote[];
  /** Round 1: the teammate voted for as captain; null for `pass` or no answer. */
  readonly captainVote: string | null;
  /** Round 2: bought the reveal of teammates' captain votes. */
  readonly reveal: boolean;
}

export interface Painted {
  readonly segment: number;
  readonly team: TeamId;
  /** The players who voted for it and are on that team: they coloured it. */
  readonly coloured: readonly string[];
}

export interface GarnetChange {
  readonly player: string;
  readonly round: number;
  readonly garnets: number;
  readonly note: string;
}

export type TeamCounts = Readonly<Record<TeamId, { readonly segments: number; readonly pixels: number }>>;

export interface RoundRecord {
  readonly round: number;
  /** What counted for each player; absent players sent nothing valid. */
  readonly moves: Readonly<Record<string, PaintMove>>;
  /** Votes per team on each segment that got any, by segment number. */
  readonly tallies: readonly { readonly segment: number; readonly votes: Readonly<Record<TeamId, number>> }[];
  /** In painting order. */
  readonly painted: readonly Painted[];
  /** The canvas after the round. */
  readonly colours: Colours;
  readonly counts: TeamCounts;
  readonly garnetChanges: readonly GarnetChange[];
}

export interface TeamElection {
  readonly captain: string | null;
  /** Captain votes per player, high to low, e.g. `2-1-1` (counts only). */
  readonly shape: string;
  readonly cast: number;
}

export interface Election {
  /** Each player's captain vote (null: passed or did not vote). Host only, and bought reveals. */
  readonly votes: Readonly<Record<string, string | null>>;
  readonly teams: Readonly<Record<TeamId, TeamElection>>;
}

export interface PaintState {
  /** Measured once at setup: every state of the match shares it. */
  readonly canvas: PaintCanvas;
  readonly teams: Readonly<Record<TeamId, readonly string[]>>;
  readonly teamOf: Readonly<Record<string, TeamId>>;
  readonly colours: Colours;
  readonly rounds: readonly RoundRecord[];
  /** After round 1. */
  readonly election: Election | null;
  /** Each player's balance, from their starting garnets. */
  readonly garnets: Readonly<Record<string, number>>;
}

export function initialState(ctx: PaintContext): PaintState {
  const rows = ctx.options.canvas ?? generateCanvas(ctx.random('canvas'));
  const canvas = measureCanvas(rows, ctx.options.touch);
  const teamOf: Record<string, TeamId> = {};
  for (const team of TEAMS) for (const id of ctx.options.teams[team]) teamOf[id] = team;
  return {
    canvas,
    teams: ctx.options.teams,
    teamOf,
    colours: new Array<TeamId | null>(canvas.count).fill(null),
    rounds: [],
    election: null,
    garnets: Object.fromEntries(ctx.players.map((p) => [p.id, p.garnets])),
  };
}

export function captainOf(state: PaintState, team: TeamId): string | null {
  return state.election?.teams[team].captain ?? null;
}

export function isCaptain(state: PaintState, player: string): boolean {
  return captainOf(state, state.teamOf[player]) === player;
}

/** The round in which a segment was painted, or null while it is white. */
export function paintedIn(state: PaintState, segment: number): number | null {
  return state.rounds.find((r) => r.painted.some((p) => p.segment === segment))?.round ?? null;
}

export function whiteSegments(canvas: PaintCanvas, colours: Colours): number[] {
  return canvas.order.filter((segment) => colours[segment - 1] === null);
}

/** Whether `team` could paint `segment` on this canvas: white and not touching its colour. */
export function paintable(canvas: PaintCanvas, colours: Colours, segment: number, team: TeamId): boolean {
  return colours[segment - 1] === null && canvas.touching[segment - 1].every((other) => colours[other - 1] !== team);
}

function emptyVotes(): Record<TeamId, number> {
  return { red: 0, blue: 0, yellow: 0 };
}

/**
 * Paints one round. Visits segments largest first (equal areas in reading order); a white segment
 * takes the colour of the team with strictly more votes on it than each other team, unless it
 * touches a segment already of that colour, counting those painted earlier in this same visit.
 */
function paint(
  canvas: PaintCanvas,
  before: Colours,
  teamOf: Readonly<Record<string, TeamId>>,
  moves: Readonly<Record<string, PaintMove>>,
): { colours: Colours; painted: Painted[]; tallies: RoundRecord['tallies'] } {
  const bySegment = new Map<number, Record<TeamId, number>>();
  const voters = new Map<number, string[]>();
  for (const [player, move] of Object.entries(moves)) {
    for (const { segment, weight } of move.votes) {
      const votes = bySegment.get(segment) ?? emptyVotes();
      votes[teamOf[player]] += weight;
      bySegment.set(segment, votes);
      voters.set(segment, [...(voters.get(segment) ?? []), player]);
    }
  }
  const colours = before.slice();
  const painted: Painted[] = [];
  for (const segment of canvas.order) {
    const votes = bySegment.get(segment);
    if (!votes) continue;
    const [top, second] = TEAMS.slice().sort((a, b) => votes[b] - votes[a]);
    if (votes[top] === votes[second] || !paintable(canvas, colours, segment, top)) continue;
    colours[segment - 1] = top;
    painted.push({ segment, team: top, coloured: (voters.get(segment) ?? []).filter((p) => teamOf[p] === top) });
  }
  const tallies = [...bySegment.entries()].sort((a, b) => a[0] - b[0]).map(([segment, votes]) => ({ segment, votes }));
  return { colours, painted, tallies };
}

export function countsOf(canvas: PaintCanvas, colours: Colours): TeamCounts {
  const counts = {
    red: { segments: 0, pixels: 0 },
    blue: { segments: 0, pixels: 0 },
    yellow: { segments: 0, pixels: 0 },
  };
  colours.forEach((team, k) => {
    if (!team) return;
    counts[team].segments++;
    counts[team].pixels += canvas.areas[k];
  });
  return counts;
}

/**
 * Garnets at the end of a round: reveal purchases first (each was affordable when accepted), then
 * the penalty for no valid segment, nothing sent or only refused ones (1 garnet if the player still
 * has one). A vote for a painted segment is valid, so a player can always avoid the penalty, even
 * when no segment is white (docs/games/paint.md, section "Rules").
 */
function garnetChanges(
  state: PaintState,
  ctx: PaintContext,
  round: number,
  moves: Readonly<Record<string, PaintMove>>,
): { garnets: Record<string, number>; changes: GarnetChange[] } {
  const garnets = { ...state.garnets };
  const changes: GarnetChange[] = [];
  const change = (player: string, note: string) => {
    garnets[player] -= 1;
    changes.push({ player, round, garnets: -1, note });
  };
  for (const player of ctx.players) {
    if (moves[player.id]?.reveal) change(player.id, `round ${round}: bought the reveal of teammates' captain votes`);
  }
  for (const player of ctx.players) {
    if (!moves[player.id]?.votes.length && garnets[player.id] > 0)
      change(player.id, `round ${round}: no valid segment`);
  }
  return { garnets, changes };
}

/** The resolve hook: every phase is a round of votes. */
export function resolvePhase(
  state: PaintState,
  _phase: PhaseSpec,
  moveMap: ReadonlyMap<string, PaintMove>,
  ctx: PaintContext,
): PaintState {
  const round = state.rounds.length + 1;
  const moves = Object.fromEntries(moveMap);
  const { colours, painted, tallies } = paint(state.canvas, state.colours, state.teamOf, moves);
  const { garnets, changes } = garnetChanges(state, ctx, round, moves);
  const record: RoundRecord = {
    round,
    moves,
    tallies,
    painted,
    colours,
    counts: countsOf(state.canvas, colours),
    garnetChanges: changes,
  };
  return {
    ...state,
    colours,
    garnets,
    rounds: [...state.rounds, record],
    election: round === 1 ? elect(state, moves) : state.election,
  };
}

/** Per team: strictly the most captain votes makes the captain; a tie for the most, or none, makes none. */
function elect(state: PaintState, moves: Readonly<Record<string, PaintMove>>): Election {
  const votes: Record<string, string | null> = {};
  const electTeam = (team: TeamId): TeamElection => {
    const count = new Map<string, number>();
    for (const member of state.teams[team]) {
      const vote = moves[member]?.captainVote ?? null;
      votes[member] = vote;
      if (vote) count.set(vote, (count.get(vote) ?? 0) + 1);
    }
    const ranked = [...count.entries()].sort((a, b) => b[1] - a[1]);
    const clear = ranked.length > 0 && (ranked.length === 1 || ranked[0][1] > ranked[1][1]);
    const cast = ranked.reduce((sum, [, n]) => sum + n, 0);
    return {
      captain: clear ? ranked[0][0] : null,
      shape: ranked.length > 0 ? ranked.map(([, n]) => n).join('-') : 'no votes',
      cast,
    };
  };
  // Each team in the order of TEAMS, as the votes are recorded.
  const teams: Record<TeamId, TeamElection> = {
    red: electTeam('red'),
    blue: electTeam('blue'),
    yellow: electTeam('yellow'),
  };
  return { votes, teams };
}
