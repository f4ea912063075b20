// Not Flower Field views. The board, colours and scores are public after each round; what each
// player placed (and who put which colour where) is the host's, and a player sees only their own
// placement for the round still open.

import { formatCell } from '../../core/coords.js';
import type { OpenPhaseInfo } from '../../core/game.js';
import {
  type Audience,
  type BoardTab,
  type GameView,
  type Grid,
  type GridCell,
  type LegendItem,
  PALETTE,
  type Table,
  audiencePlayer,
  boardCells,
  letterLabels,
  markChanges,
  swatches,
  textOn,
} from '../../core/view.js';
import { type Board, type Placement, isBlack } from './board.js';
import { hexOf, letterOf, multiplierGrid, shapeOf } from './options.js';
import { PATTERN_NAMES } from './patterns.js';
import { type NffContext, type NffMove, type NffState, rank, scoresOn } from './state.js';

/** "×2": how much more a pattern through a multiplier cell scores, as a reader says it. */
function times(multiplier: number): string {
  return `×${multiplier}`;
}

/** A colour in words with whose it is, once colours are settled: "red (Ann)". */
type ColourWords = (colour: string) => string;

function colourWords(state: NffState, ctx: NffContext): ColourWords {
  const owners = new Map(
    Object.entries(state.colours ?? {}).map(([player, colour]) => [colour, ctx.playerName(player)]),
  );
  return (colour) => (owners.has(colour) ? `${colour} (${owners.get(colour)})` : colour);
}

/**
 * What the field's cells mean, under every field: whose each colour is, then the two marks a
 * colour cannot say (black, ×2), so a spectator reads the board without the Legend.
 */
function fieldCaption(state: NffState, ctx: NffContext): string {
  const colours = state.colours ?? {};
  const whose = ctx.players
    .filter((p) => colours[p.id])
    .map((p) => `${letterOf(colours[p.id])} ${colours[p.id]} is ${p.name}`);
  const values = [...new Set(Object.values(ctx.options.multipliers))].filter((v) => v > 1).sort((a, b) => a - b);
  return [
    ...(whose.length > 0 ? [`${whose.join(', ')}.`] : []),
    'A cell of two colours is drawn in two halves; ■ is a black cell (a third colour arrived), which stays black.',
    ...(values.length > 0
      ? [
          `${values.map(times).join(', ')} in a thick outline: a pattern through that cell scores ${values.map((v) => `${v} times`).join(', ')} as much.`,
        ]
      : []),
  ].join(' ');
}

function boardGrid(board: Board, ctx: NffContext, title: string, words: ColourWords, caption: string): Grid {
  const size = ctx.options.size;
  const multipliers = multiplierGrid(ctx.options);
  const cells = boardCells(size, size, (index, cell) => {
    const colours = board[index];
    const multiplier = multipliers[index];
    // The colours' letters (for readers who cannot tell the fills apart), then the multiplier as
    // "×2" (and a thick outline), one short line: `Y×2`, `RB×2` (drawn `R` | `B×2`), `■×3`, `×2`.
    const text = colours.map(letterOf).join('') + (multiplier > 1 ? times(multiplier) : '');
    const fill = colours.length > 0 ? hexOf(colours[0]) : undefined;
    const fill2 = colours.length > 1 ? hexOf(colours[1]) : undefined;
    const name = formatCell(cell, shapeOf(size));
    const held = isBlack(colours)
      ? 'black (three colours met here)'
      : colours.length > 0
        ? colours.map(words).join(' and ')
        : 'empty';
    return {
      ...(text ? { text } : {}),
      ...(fill ? { fill } : {}),
      ...(fill2 ? { fill2 } : {}),
      textColour: textOn(fill),
      bold: isBlack(colours),
      ...(multiplier > 1
        ? {
            borders: {
              top: { weight: 'thick' },
              right: { weight: 'thick' },
              bottom: { weight: 'thick' },
              left: { weight: 'thick' },
            },
          }
        : {}),
      note: `${name}: ${held}${multiplier > 1 ? `; patterns through it score ×${multiplier}` : ''}`,
    } satisfies GridCell;
  });
  return {
    title,
    ...letterLabels(size, size),
    cells,
    caption,
  };
}

function boards(state: NffState, ctx: NffContext): BoardTab[] {
  const tabs: BoardTab[] = [];
  const words = colourWords(state, ctx);
  const caption = fieldCaption(state, ctx);
  // Each round's field marks the squares that round changed (markChanges against the field before).
  let before = boardGrid(
    state.board.map(() => []),
    ctx,
    '',
    words,
    caption,
  );
  const rounds = state.rounds.map((record) => {
    const title = `The field after round ${record.round}`;
    const grid = markChanges(boardGrid(record.board, ctx, title, words, caption), before);
    before = grid;
    return { tab: `Round ${record.round}`, title, grids: [grid] };
  });
  const last = rounds[rounds.length - 1];
  const currentTitle = last ? last.title : 'The field before round 1';
  tabs.push({
    tab: 'Current',
    title: currentTitle,
    grids: last ? last.grids : [boardGrid(state.board, ctx, currentTitle, words, caption)],
  });
  // Current is the newest round's board: the round tabs are the history before it.
  tabs.push(...rounds.slice(0, -1).reverse());
  return tabs;
}

function scoreboard(state: NffState, ctx: NffContext): Table {
  const colours = state.colours ?? {};
  const { order } = rank(state, ctx);
  const place = new Map(order.map((s, i) => [s.player, i + 1]));
  const rows = ctx.players.map((p) => [
    p.name,
    colours[p.id] ?? '',
    ...state.rounds.map((r) => r.scores[p.id]),
    order.find((s) => s.player === p.id)?.points ?? 0,
    order.find((s) => s.player === p.id)?.cells ?? 0,
    place.get(p.id) ?? null,
  ]);
  // By place (the last column; none counts as 0, as before any round).
  rows.sort((a, b) => Number(a[a.length - 1]) - Number(b[b.length - 1]));
  // Each player's colour as a swatch, with its name written in it.
  const fills = swatches(rows, 1, (line) => (typeof line[1] === 'string' && line[1] !== '' ? hexOf(line[1]) : null));
  return {
    title: `${state.ended || state.rounds.length >= ctx.options.rounds ? 'Final scores' : 'Scores if the game ended now'} (each round's column is the score on that round's board)`,
    header: ['Player', 'Colour', ...state.rounds.map((r) => `After R${r.round}`), 'Score', 'Cells held', 'Rank'],
    rows,
    fills,
  };
}

function legend(state: NffState, ctx: NffContext): LegendItem[] {
  const colours = state.colours ?? {};
  const items: LegendItem[] = ctx.players
    .filter((p) => colours[p.id])
    .map((p) => ({
      symbol: letterOf(colours[p.id]),
      fill: hexOf(colours[p.id]),
      textColour: textOn(hexOf(colours[p.id])),
      meaning: `${colours[p.id]}: ${p.name}`,
    }));
  items.push({
    symbol: 'RB',
    fill: PALETTE.red,
    fill2: PALETTE.blue,
    textColour: '#FFFFFF',
    meaning: 'a cell holding two colours, drawn as two halves',
  });
  items.push({
    symbol: '■',
    fill: PALETTE.black,
    textColour: '#FFFFFF',
    meaning: 'black: a cell that would have held three colours; it stays black',
  });
  const values = [...new Set(Object.values(ctx.options.multipliers))].sort((a, b) => a - b);
  for (const value of values) {
    const cells = Object.entries(ctx.options.multipliers)
      .filter(([, v]) => v === value)
      .map(([k]) => k);
    items.push({
      symbol: times(value),
      meaning: `${times(value)} after the letters, and a thick outline: a multiplier cell (${cells.join(', ')}); a pattern through it scores ×${value}`,
    });
  }
  return items;
}

function patternTable(state: NffState, ctx: NffContext): Table {
  const colours = state.colours ?? {};
  const breakdown = scoresOn(state.board, colours, ctx);
  return {
    title: 'Patterns on the current board (how many of each, 4 points each × multipliers)',
    // Each pattern by its name, not a number the reader would look up in the Legend.
    header: ['Player', ...PATTERN_NAMES.map((name) => name.charAt(0).toUpperCase() + name.slice(1)), 'Points'],
    rows: ctx.players.map((p) => [p.name, ...breakdown[p.id].counts, breakdown[p.id].total]),
  };
}

function colourTable(state: NffState, ctx: NffContext): Table {
  return {
    title: 'Colours',
    header: ['Player', 'Colour'],
    rows: ctx.players.map((p) => [p.name, state.colours?.[p.id] ?? '(not yet settled)']),
    fills: ctx.players.map((p) => [null, state.colours?.[p.id] ? hexOf(state.colours[p.id]) : null]),
    ...(state.colourNotes.length > 0 ? { caption: state.colourNotes.join('; ') } : {}),
  };
}

function placementText(
  placements: readonly Placement[] | null,
  ctx: NffContext,
  ownColour: string | undefined,
): string {
  if (!placements) return 'nothing';
  const shape = shapeOf(ctx.options.size);
  const name = (p: Placement) =>
    formatCell({ row: Math.floor(p.index / ctx.options.size), col: p.index % ctx.options.size }, shape);
  const own = placements
    .filter((p) => p.colour === ownColour)
    .map(name)
    .join(' ');
  const others = placements
    .filter((p) => p.colour !== ownColour)
    .map((p) => `${p.colour} ${name(p)}`)
    .join(', ');
  return `own ${own}; others ${others}`;
}

function moveText(move: NffMove | undefined, ctx: NffContext, ownColour: string | undefined): string {
  if (!move) return 'nothing yet';
  return move.kind === 'colour' ? `colour ${move.colour}` : placementText(move.placements, ctx, ownColour);
}

export function nffView(
  state: NffState,
  audience: Audience,
  ctx: NffContext,
  open: OpenPhaseInfo<NffMove> | null,
): GameView {
  const viewer = audiencePlayer(audience);
  const colours = state.colours ?? {};
  const sections: Table[] = [colourTable(state, ctx), patternTable(state, ctx)];
  const ended = state.ended;
  if (ended?.reason === 'no-legal-placement') {
    sections.push({
      title: 'Early end',
      header: ['Round', 'Why'],
      rows: [
        [
          ended.beforeRound,
          `${ended.players.map(ctx.playerName).join(', ')} had no legal full placement, so the game ended before round ${ended.beforeRound}`,
        ],
      ],
    });
  }
  if (open && viewer) {
    sections.push({
      title: `Your submission for ${open.phase.title}`,
      header: ['Counts now'],
      rows: [[moveText(open.moves.get(viewer), ctx, colours[viewer])]],
    });
  }
  if (audience === 'host') {
    if (open) {
      sections.push({
        title: `Submissions counted so far for ${open.phase.title}`,
        header: ['Player', 'Counts now'],
        rows: ctx.players.map((p) => [p.name, moveText(open.moves.get(p.id), ctx, colours[p.id])]),
      });
    }
    sections.push({
      title: 'Placements by round (host only)',
      header: ['Round', 'Player', 'Placed'],
      rows: state.rounds.flatMap((r) =>
        ctx.players.map((p) => [r.round, p.name, placementText(r.placements[p.id], ctx, colours[p.id])]),
      ),
    });
  }
  const who = audience === 'host' ? 'host' : viewer ? ctx.playerName(viewer) : 'public';
  return {
    title: `Not Flower Field (${who})`,
    boards: boards(state, ctx),
    scoreboard: scoreboard(state, ctx),
    legend: legend(state, ctx),
    sections,
  };
}
