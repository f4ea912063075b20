// Fair and Square's tables beside the boards (view.ts): the match points, the legend, the pieces
// of each round, the players' numbers and groups, and each round's results.

import { type LegendItem, PALETTE, type Table, swatches, textOn } from '../../core/view.js';
import { ROUNDS } from './options.js';
import { describeOptions } from './pieces.js';
import { type FasContext, type FasState, groupOf, matchRanking, roundResult } from './state.js';

/** A fill per player number, readable by colour-blind viewers; the text always carries the number. */
export const NUMBER_FILLS = [
  PALETTE.red,
  PALETTE.blue,
  PALETTE.yellow,
  PALETTE.green,
  PALETTE.purple,
  PALETTE.orange,
  PALETTE.sky,
  PALETTE.black,
];
export function scoreboard(state: FasState, ctx: FasContext): Table {
  const ranking = matchRanking(state, ctx);
  const rows = ranking.order.map((id) => {
    const perRound = Array.from({ length: ROUNDS }, (_, i) =>
      state.rounds[i] ? roundResult(state.rounds[i], id).rankPoints : null,
    );
    return [
      ctx.playerName(id),
      ctx.options.numbers[id],
      ...perRound,
      perRound.reduce<number>((sum, v) => sum + (v ?? 0), 0),
      ranking.places[id],
    ];
  });
  return {
    title: 'Match points (3, 2, 1, 0 per round by group rank)',
    header: ['Player', 'No.', 'Round 1', 'Round 2', 'Round 3', 'Total', 'Place'],
    rows,
    // Each number on its colour, as the boards draw that player's pieces.
    fills: swatches(rows, 1, (line) => (typeof line[1] === 'number' ? (NUMBER_FILLS[line[1]] ?? null) : null)),
    ...(ranking.notes.length > 0 && state.rounds.length > 0 ? { caption: ranking.notes.join('; ') } : {}),
  };
}

export function legend(state: FasState, ctx: FasContext): LegendItem[] {
  const items: LegendItem[] = ctx.players
    .slice()
    .sort((a, b) => ctx.options.numbers[a.id] - ctx.options.numbers[b.id])
    .map((p) => {
      const fill = NUMBER_FILLS[ctx.options.numbers[p.id]];
      return {
        symbol: String(ctx.options.numbers[p.id]),
        fill,
        textColour: textOn(fill),
        meaning: `${p.name} (number ${ctx.options.numbers[p.id]})`,
      };
    });
  items.push({ symbol: '3 pts', meaning: 'a point square worth 3 (thick border), not captured' });
  items.push({
    symbol: '5’s 3 pts',
    fill: NUMBER_FILLS[5],
    textColour: textOn(NUMBER_FILLS[5]),
    meaning: 'a point square worth 3 captured by number 5, filled in their colour',
  });
  const example = state.types[0]?.[0]?.name ?? 'Fortress';
  items.push({
    symbol: `5 ${example}`,
    fill: NUMBER_FILLS[5],
    textColour: textOn(NUMBER_FILLS[5]),
    meaning:
      "a piece, in its player's colour: the player's number and the piece's type (on a point square it hides the square's worth: the note says it)",
  });
  items.push({
    symbol: '3 pieces',
    fill: NUMBER_FILLS[5],
    textColour: textOn(NUMBER_FILLS[5]),
    meaning: "a stack, in its first piece's colour: the square's note names every piece",
  });
  if (state.rounds.length < ROUNDS)
    items.push({
      symbol: '×',
      fill: PALETTE.lightGrey,
      meaning: 'no piece may start here (the boards of the round still open)',
    });
  return items;
}

export function piecesTable(state: FasState): Table {
  return {
    title: 'Pieces by round (options are tried in letter order)',
    header: ['Round', 'Type', 'Short name (forms)', 'Rank', 'Options'],
    rows: state.types.flatMap((set, i) => set.map((t) => [i + 1, t.name, t.short, t.rank, describeOptions(t.options)])),
  };
}

export function groupsTable(ctx: FasContext): Table {
  return {
    title: 'Players, numbers and groups (round r: bit r − 1 of the number)',
    header: ['Player', 'No.', 'Round 1', 'Round 2', 'Round 3'],
    rows: ctx.players.map((p) => {
      const n = ctx.options.numbers[p.id];
      return [p.name, n, ...Array.from({ length: ROUNDS }, (_, i) => `group ${groupOf(n, i + 1)}`)];
    }),
  };
}

export function resultsTable(state: FasState, ctx: FasContext, round: number): Table {
  const record = state.rounds[round - 1];
  return {
    title: `Round ${round} results`,
    header: [
      'Group',
      'Player',
      'Points',
      'Squares worth 3',
      'Squares worth 2',
      'Pieces left',
      'Place',
      'Rank points',
      'Priority',
    ],
    rows: record.groups.flatMap((g) =>
      g.ranking.order.map((id) => {
        const s = g.standings.find((x) => x.player === id);
        if (!s) throw new Error(`no standing for ${id} in group ${g.group}`);
        const priority = record.moves[id]?.priority;
        const type = priority ? state.types[round - 1][priority.type] : null;
        return [
          g.group,
          ctx.playerName(id),
          s.points,
          s.threes,
          s.twos,
          s.pieces,
          g.ranking.places[id],
          g.rankPoints[id],
          type && priority ? `${type.name}: ${describeOptions(type.options, priority.order)}` : '',
        ];
      }),
    ),
    ...(record.groups.some((g) => g.ranking.notes.length > 0)
      ? { caption: record.groups.flatMap((g) => g.ranking.notes).join('; ') }
      : {}),
  };
}
