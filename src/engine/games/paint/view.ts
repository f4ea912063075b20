// Paint views. Public: the canvas after each round, the teams, the segments and the counts. A team
// (and each of its players) also sees its captain election (tally shape and captain only) and its
// own votes per segment. A player sees their own votes and garnets, and, if they bought the reveal
// in round 2, their teammates' captain votes once round 3 opens. The host sees everything.
//
// The canvas is 2,680 cells: each carries only its fill, a letter (R/B/Y) or its segment's number
// in the segment's first pixel, and thick borders where it meets another segment. No notes.

import type { OpenPhaseInfo } from '../../core/game.js';
import {
  type Audience,
  type BoardTab,
  type CellBorders,
  type Edge,
  type GameView,
  type Grid,
  type LegendItem,
  type Table,
  type TableValue,
  audiencePlayer,
  boardCells,
  markChanges,
  textOn,
} from '../../core/view.js';
import { type PaintCanvas, pixelName } from './canvas.js';
import { TEAMS, TEAM_FILL, TEAM_LETTER, type TeamId } from './options.js';
import {
  type Colours,
  type PaintContext,
  type PaintMove,
  type PaintState,
  type RoundRecord,
  captainOf,
  paintedIn,
} from './state.js';

const THICK: Edge = { weight: 'thick' };

/** Each pixel's thick edges where it meets another segment or the canvas edge (shared by every grid). */
function outlines(canvas: PaintCanvas): (CellBorders | undefined)[] {
  const { width, height, pixels } = canvas;
  return pixels.map((segment, i) => {
    const row = Math.floor(i / width);
    const col = i % width;
    const borders: { -readonly [K in keyof CellBorders]: Edge } = {};
    if (row === 0 || pixels[i - width] !== segment) borders.top = THICK;
    if (col === width - 1 || pixels[i + 1] !== segment) borders.right = THICK;
    if (row === height - 1 || pixels[i + width] !== segment) borders.bottom = THICK;
    if (col === 0 || pixels[i - 1] !== segment) borders.left = THICK;
    return Object.keys(borders).length > 0 ? borders : undefined;
  });
}

function canvasGrid(
  canvas: PaintCanvas,
  colours: Colours,
  edges: readonly (CellBorders | undefined)[],
  title: string,
): Grid {
  const { width, height, pixels } = canvas;
  const firsts = new Set(canvas.firstPixels);
  const cells = boardCells(height, width, (i) => {
    const team = colours[pixels[i] - 1];
    const text = firsts.has(i) ? String(pixels[i]) : team ? TEAM_LETTER[team] : undefined;
    const borders = edges[i];
    return {
      ...(text ? { text } : {}),
      ...(team ? { fill: TEAM_FILL[team], textColour: textOn(TEAM_FILL[team]) } : {}),
      ...(borders ? { borders } : {}),
    };
  });
  return {
    title,
    columnLabels: Array.from({ length: width }, (_, c) => String(c + 1)),
    rowLabels: Array.from({ length: height }, (_, r) => String(r + 1)),
    cells,
    caption: `Pixel R<row>C<column>; ${canvas.count} segments, each outlined, its number in its first pixel`,
  };
}

/** "Current", then each round newest first; Current is the newest round's grid under its own title. */
function boards(state: PaintState): BoardTab[] {
  const edges = outlines(state.canvas);
  // Each round's canvas marks the segments painted in it (markChanges against the round before).
  let before = canvasGrid(
    state.canvas,
    state.colours.map(() => null),
    edges,
    'The canvas before round 1',
  );
  const painted = state.rounds.map((record) => {
    const title = `The canvas after round ${record.round}`;
    const grid = markChanges(canvasGrid(state.canvas, record.colours, edges, title), before);
    before = grid;
    return { tab: `Round ${record.round}`, title, grids: [grid] };
  });
  const rounds = painted.reverse();
  const current = rounds[0]?.grids[0] ?? canvasGrid(state.canvas, state.colours, edges, 'The canvas before round 1');
  // Current is the newest round's canvas: the round tabs are the history before it.
  return [{ tab: 'Current', title: current.title, grids: [current] }, ...rounds.slice(1)];
}

function scoreboard(state: PaintState, ctx: PaintContext): Table {
  const counts = (record: RoundRecord, team: TeamId) =>
    `${record.counts[team].segments} seg, ${record.counts[team].pixels} px`;
  const last = state.rounds[state.rounds.length - 1];
  return {
    title: 'Teams: segments and pixels painted',
    header: ['Team', 'Members', 'Segments', 'Pixels', ...state.rounds.map((r) => `After round ${r.round}`)],
    // Each team's name on its colour, as the canvas paints it.
    fills: TEAMS.map((team) => [TEAM_FILL[team]]),
    rows: TEAMS.map((team) => [
      `${team} (${TEAM_LETTER[team]})`,
      state.teams[team].map(ctx.playerName).join(', '),
      last?.counts[team].segments ?? 0,
      last?.counts[team].pixels ?? 0,
      ...state.rounds.map((r) => counts(r, team)),
    ]),
  };
}

function legend(): LegendItem[] {
  return [
    ...TEAMS.map((team) => ({
      symbol: TEAM_LETTER[team],
      fill: TEAM_FILL[team],
      textColour: textOn(TEAM_FILL[team]),
      meaning: `painted ${team}`,
    })),
    { symbol: '12', meaning: "a segment's number, in its first pixel (reading order)" },
    { symbol: '▭', meaning: 'thick lines: the outline of each segment' },
  ];
}

function segmentTable(state: PaintState): Table {
  const { canvas } = state;
  const rows: TableValue[][] = [];
  for (let segment = 1; segment <= canvas.count; segment++) {
    const team = state.colours[segment - 1];
    rows.push([
      segment,
      canvas.areas[segment - 1],
      pixelName(canvas.firstPixels[segment - 1], canvas.width),
      canvas.touching[segment - 1].join(' '),
      team ? `${team} (round ${paintedIn(state, segment)})` : 'white',
    ]);
  }
  return {
    title: 'Segments',
    header: ['Segment', 'Pixels', 'First pixel', 'Touches', 'Colour'],
    rows,
    caption: 'Painting visits segments from the largest to the smallest (equal sizes by number).',
  };
}

function votesText(move: PaintMove | undefined): string {
  if (!move || move.votes.length === 0) return 'no valid segment';
  return move.votes.map((v) => `${v.segment} (${v.weight} vote${v.weight > 1 ? 's' : ''})`).join(', ');
}

function resultOf(record: RoundRecord, segment: number): string {
  const painted = record.painted.find((p) => p.segment === segment);
  if (painted) return `painted ${painted.team}`;
  // Painted after the round but not in it: the vote went to a segment painted before.
  const colour = record.colours[segment - 1];
  return colour ? `already ${colour}` : 'not painted';
}

function garnetNotes(state: PaintState, player: string): string[] {
  return state.rounds.flatMap((r) => r.garnetChanges.filter((c) => c.player === player).map((c) => c.note));
}

function captainVoteText(vote: string | null | undefined, ctx: PaintContext): string {
  return vote ? ctx.playerName(vote) : 'pass';
}

/** One player's round: segment votes, captain vote (round 1), reveal, segments coloured. */
function voteCells(record: RoundRecord, player: string, ctx: PaintContext): TableValue[] {
  const move = record.moves[player];
  return [
    votesText(move),
    record.round === 1 ? captainVoteText(move?.captainVote, ctx) : '',
    move?.reveal ? 'bought' : '',
    record.painted
      .filter((p) => p.coloured.includes(player))
      .map((p) => p.segment)
      .join(' '),
  ];
}

/** A team's own facts. Who coloured what follows from private votes: only the host gets that column. */
function teamSections(
  state: PaintState,
  team: TeamId,
  ctx: PaintContext,
  { forHost = false }: { forHost?: boolean } = {},
): Table[] {
  const election = state.election?.teams[team];
  const members = new Set(state.teams[team]);
  const votes: TableValue[][] = state.rounds.flatMap((record) =>
    record.tallies
      .filter((t) => t.votes[team] > 0)
      .map((t) => [record.round, t.segment, t.votes[team], resultOf(record, t.segment)]),
  );
  const coloured = (id: string) =>
    state.rounds.reduce((n, r) => n + r.painted.filter((p) => p.coloured.includes(id)).length, 0);
  return [
    {
      title: `Team ${team}`,
      header: ['Member', 'Captain', ...(forHost ? ['Segments coloured'] : [])],
      rows: [...members].map((id) => [
        ctx.playerName(id),
        captainOf(state, team) === id ? 'captain' : '',
        ...(forHost ? [coloured(id)] : []),
      ]),
      caption: election
        ? `Captain vote: ${election.shape} (${election.cast} of ${members.size} voted); ${election.captain ? `captain ${ctx.playerName(election.captain)}` : 'no captain (no one had strictly the most votes)'}`
        : 'The captain is elected at the end of round 1.',
    },
    { title: `Team ${team}: votes per segment`, header: ['Round', 'Segment', 'Votes', 'Result'], rows: votes },
  ];
}

function playerSections(
  state: PaintState,
  player: string,
  ctx: PaintContext,
  open: OpenPhaseInfo<PaintMove> | null,
): Table[] {
  const rows = state.rounds.map((r) => [r.round, ...voteCells(r, player, ctx)]);
  const changes = garnetNotes(state, player);
  const sections: Table[] = [
    {
      title: 'Your votes',
      header: ['Round', 'Segment votes', 'Captain vote', 'Reveal', 'You coloured'],
      rows,
      caption: `Your garnets: ${state.garnets[player]}${changes.length > 0 ? ` (${changes.join('; ')})` : ''}`,
    },
  ];
  const election = state.election;
  if (state.rounds[1]?.moves[player]?.reveal && election) {
    sections.push({
      title: 'Captain votes on your team (you bought this reveal in round 2)',
      header: ['Player', 'Voted for'],
      rows: state.teams[state.teamOf[player]].map((id) => [
        ctx.playerName(id),
        captainVoteText(election.votes[id], ctx),
      ]),
    });
  }
  if (open) {
    sections.push({
      title: `Your submission for ${open.phase.title}`,
      header: ['Counts now'],
      rows: [[moveText(open.moves.get(player), ctx)]],
    });
  }
  return sections;
}

function moveText(move: PaintMove | undefined, ctx: PaintContext): string {
  if (!move) return 'nothing yet';
  const parts = [`segment ${votesText(move)}`];
  if (move.captainVote !== null) parts.push(`captain ${ctx.playerName(move.captainVote)}`);
  if (move.reveal) parts.push('reveal bought');
  return parts.join('; ');
}

function hostSections(state: PaintState, ctx: PaintContext, open: OpenPhaseInfo<PaintMove> | null): Table[] {
  const name = ctx.playerName;
  const sections: Table[] = [];
  if (open) {
    sections.push({
      title: `Submissions counted so far for ${open.phase.title}`,
      header: ['Player', 'Team', 'Counts now'],
      rows: ctx.players.map((p) => [p.name, state.teamOf[p.id], moveText(open.moves.get(p.id), ctx)]),
    });
  }
  sections.push({
    title: 'Every vote (host only)',
    header: ['Round', 'Player', 'Team', 'Segment votes', 'Captain vote', 'Reveal', 'Coloured'],
    rows: state.rounds.flatMap((r) =>
      ctx.players.map((p) => [r.round, p.name, state.teamOf[p.id], ...voteCells(r, p.id, ctx)]),
    ),
  });
  sections.push({
    title: 'Votes per segment and team (host only)',
    header: ['Round', 'Segment', 'Pixels', 'red', 'blue', 'yellow', 'Result'],
    rows: state.rounds.flatMap((r) =>
      r.tallies.map((t) => [
        r.round,
        t.segment,
        state.canvas.areas[t.segment - 1],
        t.votes.red,
        t.votes.blue,
        t.votes.yellow,
        resultOf(r, t.segment),
      ]),
    ),
  });
  if (state.election) {
    const election = state.election;
    sections.push({
      title: 'Captain election (host only)',
      header: ['Team', 'Captain', 'Tally', 'Votes'],
      rows: TEAMS.map((team) => [
        team,
        election.teams[team].captain ? name(election.teams[team].captain) : 'none',
        election.teams[team].shape,
        state.teams[team].map((id) => `${name(id)} → ${captainVoteText(election.votes[id], ctx)}`).join(', '),
      ]),
    });
  }
  sections.push({
    title: 'Garnets (host only)',
    header: ['Player', 'Start', 'Now', 'Changes'],
    rows: ctx.players.map((p) => [p.name, p.garnets, state.garnets[p.id], garnetNotes(state, p.id).join('; ')]),
  });
  return sections;
}

export function paintView(
  state: PaintState,
  audience: Audience,
  ctx: PaintContext,
  open: OpenPhaseInfo<PaintMove> | null,
): GameView {
  const viewer = audiencePlayer(audience);
  const teamAudience = TEAMS.find((team) => audience === `team:${team}`) ?? null;
  const sections: Table[] = [segmentTable(state)];
  if (audience === 'host') {
    for (const team of TEAMS) sections.push(...teamSections(state, team, ctx, { forHost: true }));
    sections.push(...hostSections(state, ctx, open));
  } else if (viewer) {
    sections.push(...teamSections(state, state.teamOf[viewer], ctx), ...playerSections(state, viewer, ctx, open));
  } else if (teamAudience && TEAMS.includes(teamAudience)) {
    sections.push(...teamSections(state, teamAudience, ctx));
  }
  const who =
    audience === 'host' ? 'host' : viewer ? ctx.playerName(viewer) : teamAudience ? `team ${teamAudience}` : 'public';
  return {
    title: `Paint You a Picture (${who})`,
    boards: boards(state),
    scoreboard: scoreboard(state, ctx),
    legend: legend(),
    sections,
  };
}
