// The Highest Unique board: one row a player (with their colour swatch), one column a round, each
// cell the number that player sent. The round's unique high pick is outlined, bold and filled with
// its sender's colour; a number two or more players sent is struck out in grey. A last row (★) names
// each round's unique high number. Only finished rounds are filled: an open round's picks are secret.

import { type CellBorders, type Grid, type GridCell, PALETTE, textOn } from '../../core/view.js';
import { type HuContext, type HuState, type RoundRecord, countsOf } from './state.js';

/** Each player's colour, in player order; after seven players the colours repeat (the name and initial tell them apart). */
const PLAYER_COLOURS = ['red', 'blue', 'yellow', 'green', 'purple', 'orange', 'sky'] as const;

export function colourOf(ctx: HuContext, player: string): { name: string; hex: string } {
  const index = Math.max(
    0,
    ctx.players.findIndex((p) => p.id === player),
  );
  const name = PLAYER_COLOURS[index % PLAYER_COLOURS.length];
  return { name, hex: PALETTE[name] };
}

/**
 * A player's mark in their swatch: the shortest start of their name no other player's name shares
 * (Ann and Abe are "An" and "Ab", not both "A"), at most four letters, then their row number where
 * even that is shared; the colour is never the only sign of whose row it is.
 */
export function markOf(ctx: Pick<HuContext, 'players'>, player: string): string {
  const letters = (name: string) => [...name.trim()];
  const mine = ctx.players.find((p) => p.id === player);
  if (!mine) return '';
  const others = ctx.players.filter((p) => p.id !== player).map((p) => letters(p.name).join('').toUpperCase());
  const own = letters(mine.name);
  for (let length = 1; length <= Math.min(4, own.length); length++) {
    const start = own.slice(0, length).join('');
    if (!others.some((other) => other.startsWith(start.toUpperCase())))
      return start.charAt(0).toUpperCase() + start.slice(1);
  }
  const row = ctx.players.findIndex((p) => p.id === player) + 1;
  return `${own.slice(0, 2).join('')}${row}`;
}

const OUTLINE: CellBorders = {
  top: { weight: 'thick' },
  right: { weight: 'thick' },
  bottom: { weight: 'thick' },
  left: { weight: 'thick' },
};

function pickCell(record: RoundRecord | undefined, player: string, ctx: HuContext): GridCell {
  if (!record) return {};
  const pick = record.picks[player];
  const name = ctx.playerName(player);
  const where = `${name}, round ${record.round}`;
  if (pick === null || pick === undefined)
    return { text: '–', textColour: PALETTE.darkGrey, note: `${where}: sent nothing` };
  if (record.scorer === player) {
    const fill = colourOf(ctx, player).hex;
    return {
      text: String(pick),
      fill,
      textColour: textOn(fill),
      bold: true,
      borders: OUTLINE,
      note: `${where}: ${pick}, the highest number nobody else sent: scores ${pick}`,
    };
  }
  const shared = countsOf(record.picks).get(pick) ?? 0;
  if (shared > 1)
    return {
      text: String(pick),
      textColour: PALETTE.darkGrey,
      italic: true,
      note: `${where}: ${pick}, sent by ${shared} players: scores nothing`,
    };
  return { text: String(pick), note: `${where}: ${pick}, sent by nobody else but lower than ${record.number}` };
}

/**
 * What the board's marks mean, under it, so a spectator needs no Legend: whose each row is (its
 * swatch's mark and the name), then how a number is drawn.
 */
function picksCaption(ctx: HuContext): string {
  const rows = ctx.players.map((p, i) => `${i + 1} ${markOf(ctx, p.id)}: ${p.name}`).join(', ');
  return `Rows: ${rows}. R1, R2, …: the number each player sent that round. Bold, in its sender's colour with a thick outline: the highest number nobody else sent, which scores; grey italics: sent by two or more, which scores nothing; –: sent nothing; ★: the round's highest unique number.`;
}

/** The grid of picks over every round of the match, the rounds still to play left blank. */
export function picksGrid(state: HuState, ctx: HuContext, title: string): Grid {
  const rounds = Array.from({ length: ctx.options.rounds }, (_, i) => state.rounds[i]);
  const rows: GridCell[][] = ctx.players.map((p) => {
    const colour = colourOf(ctx, p.id);
    const swatch: GridCell = {
      text: markOf(ctx, p.id),
      fill: colour.hex,
      textColour: textOn(colour.hex),
      note: `${p.name} plays in ${colour.name}`,
    };
    return [swatch, ...rounds.map((record) => pickCell(record, p.id, ctx))];
  });
  const high: GridCell[] = rounds.map((record) => {
    if (!record) return {};
    if (record.number === null)
      return { text: '—', note: `Round ${record.round}: no number was sent by one player alone` };
    const scorer = record.scorer ?? '';
    return {
      text: String(record.number),
      bold: true,
      note: `Round ${record.round}: ${ctx.playerName(scorer)} scores ${record.number}`,
    };
  });
  return {
    title,
    caption: picksCaption(ctx),
    columnLabels: ['', ...rounds.map((_, i) => `R${i + 1}`)],
    // A board's labels are one square wide: players by number (the legend names them), the last row a star.
    rowLabels: [...ctx.players.map((_, i) => String(i + 1)), '★'],
    cells: [...rows, [{}, ...high]],
  };
}
