// Reading a round's answers: `own` (three cells) and `others` ("blue D4, yellow E5, green F6",
// by colour or by player name), then checking every placement rule against the board at the
// start of the round. A submission that breaks any rule is rejected whole, with every reason.

import { answerText } from '../../core/answers.js';
import { type BoardShape, type Cell, cellIndex, formatCell, parseCell, parseCellList } from '../../core/coords.js';
import type { CheckResult, PhaseProgress, PhaseSpec, Submission } from '../../core/game.js';
import { quote } from '../../core/quote.js';
import { type Result, err, ok } from '../../core/result.js';
import { type Board, type Placement, placementProblem } from './board.js';
import { OWN_CELLS } from './legal.js';
import { shapeOf } from './options.js';
import { type NffContext, type NffMove, type NffState, opponentsOf } from './state.js';

export interface Opponent {
  readonly id: string;
  readonly name: string;
  readonly colour: string;
}

interface Labelled {
  readonly colour: string;
  readonly cell: Cell;
}

/** Text that has the shape of a coordinate (`D4`, `d 4`, `AB12`, `R3C12`), on the board or not. */
const CELL_SHAPE = /^([a-z]{1,3}\s*\d{1,4}|r\s*\d{1,4}\s*c\s*\d{1,4})$/i;
/** What may stand between a label and its cell: `blue D4`, `blue: D4`, `D4 = blue`, `blue@D4`. */
const SEPARATORS = /^[\s:=@-]+|[\s:=@-]+$/g;

/** `entry` less `label` at its start (or end), separators trimmed: the cell part. */
function restOf(entry: string, label: string, atStart: boolean): string {
  const rest = atStart ? entry.slice(label.length) : entry.slice(0, entry.length - label.length);
  return rest.replace(SEPARATORS, '');
}

/** The colour word an entry begins or ends with, followed (or preceded) by a cell, if any: `blue D4`, `D4 blue`, `blueD4`. */
function colourOf(entry: string, colours: readonly string[]): { colour: string; cell: string } | null {
  const lower = entry.toLowerCase();
  for (const colour of colours) {
    for (const atStart of [true, false]) {
      if (!(atStart ? lower.startsWith(colour) : lower.endsWith(colour))) continue;
      const cell = restOf(entry, colour, atStart);
      if (CELL_SHAPE.test(cell)) return { colour, cell };
    }
  }
  return null;
}

/**
 * Reads "blue D4, yellow E5" into colour/cell pairs. Colours are read first, by one rule: an entry
 * that is a colour of the palette (or black) and a cell names that colour, whoever plays it, and is
 * never read as a player's name. So a player called "Red" or "Red Rover" cannot capture the cells
 * meant for red: "red D4" is red's, "Red Rover D4" (not a colour and a cell) is Red Rover's. Only
 * an entry that is not a colour and a cell is read as a player's name (the longest first, so a
 * name that starts with another still reads as itself).
 */
function parseOthers(
  text: string,
  opponents: readonly Opponent[],
  own: { colour: string; name: string },
  palette: readonly string[],
  shape: BoardShape,
): Result<Labelled[]> {
  const choices = () => opponents.map((o) => `${o.colour} (${o.name})`).join(', ');
  // Longest first: no colour word is the start of another today, but a palette may grow.
  const colours = [...palette, 'black'].map((c) => c.toLowerCase()).sort((a, b) => b.length - a.length);
  const names = opponents
    .map((o) => ({ text: o.name.toLowerCase(), colour: o.colour }))
    .sort((a, b) => b.text.length - a.text.length);
  const out: Labelled[] = [];
  const entries = text
    .split(/[,;\n]+/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const entry of entries) {
    const lower = entry.toLowerCase();
    const byColour = colourOf(entry, colours);
    let label: { colour: string; cell: string } | null = null;
    if (byColour) {
      if (byColour.colour === own.colour.toLowerCase())
        return err(`others: ${quote(entry)} names your own colour; put your own three cells in "own"`);
      const opponent = opponents.find((o) => o.colour.toLowerCase() === byColour.colour);
      // A colour nobody else plays (or black) is still a colour, never a player's name.
      if (!opponent)
        return err(`others: could not tell whose colour ${quote(entry)} is; start each entry with one of ${choices()}`);
      label = { colour: opponent.colour, cell: byColour.cell };
    } else {
      const atStart = names.find((n) => lower.startsWith(n.text));
      const atEnd = atStart ? undefined : names.find((n) => lower.endsWith(n.text));
      const name = atStart ?? atEnd;
      if (name) label = { colour: name.colour, cell: restOf(entry, name.text, Boolean(atStart)) };
    }
    if (!label) {
      const ownName = own.name.toLowerCase();
      if (lower.startsWith(ownName) || lower.endsWith(ownName)) {
        return err(`others: ${quote(entry)} names your own colour; put your own three cells in "own"`);
      }
      return err(`others: could not tell whose colour ${quote(entry)} is; start each entry with one of ${choices()}`);
    }
    const cell = parseCell(label.cell, shape);
    if (!cell.ok) return err(`others: ${label.colour}: ${cell.error}`);
    out.push({ colour: label.colour, cell: cell.value });
  }
  return ok(out);
}

export interface PlacementInput {
  readonly own: string | undefined;
  readonly others: string | undefined;
  readonly player: { colour: string; name: string };
  readonly opponents: readonly Opponent[];
  /** Every colour of the match's palette: read as colours before any name (parseOthers). */
  readonly palette: readonly string[];
  readonly board: Board;
  readonly shape: BoardShape;
}

/** All six (or 3 + opponents) placements, or the reasons the submission is rejected. */
function parsePlacement(input: PlacementInput): Result<Placement[]> {
  const { shape, board, player, opponents } = input;
  const example = 'e.g. own "A1 B2 C3"';
  if (!input.own) return err(`own: name ${OWN_CELLS} cells for your colour (${example})`);
  const ownCells = parseCellList(input.own, shape);
  if (!ownCells.ok) return err(`own: ${ownCells.error}`);
  if (ownCells.value.length !== OWN_CELLS) {
    return err(`own: name exactly ${OWN_CELLS} cells for your colour, not ${ownCells.value.length}`);
  }
  const othersExample = opponents
    .map((o, i) => `${o.colour} ${formatCell({ row: 3 + i, col: 3 + i }, shape)}`)
    .join(', ');
  if (!input.others) return err(`others: name one cell for each opponent's colour (e.g. "${othersExample}")`);
  const others = parseOthers(input.others, opponents, player, input.palette, shape);
  if (!others.ok) return others;

  const reasons: string[] = [];
  for (const opponent of opponents) {
    const given = others.value.filter((o) => o.colour === opponent.colour).length;
    if (given === 0) reasons.push(`others: no cell given for ${opponent.colour} (${opponent.name})`);
    if (given > 1)
      reasons.push(`others: ${given} cells given for ${opponent.colour} (${opponent.name}); give exactly one`);
  }

  const all = [...ownCells.value.map((cell) => ({ cell, colour: player.colour })), ...others.value];
  const seen = new Set<string>();
  for (const { cell } of all) {
    const name = formatCell(cell, shape);
    if (seen.has(name))
      reasons.push(`${name} is named twice: all ${OWN_CELLS + opponents.length} cells must be different`);
    seen.add(name);
  }

  for (const { cell, colour } of all) {
    const name = formatCell(cell, shape);
    const current = board[cellIndex(cell, shape)];
    const problem = placementProblem(current, colour);
    if (problem === 'black') reasons.push(`${name} is black: nothing can be placed on a black cell`);
    if (problem === 'full')
      reasons.push(`${name} already holds ${current.join(' and ')}: a cell with two colours takes no more`);
    if (problem === 'same')
      reasons.push(`${name} already holds ${colour}: the same colour cannot be placed there again`);
  }

  if (reasons.length > 0) return err([...new Set(reasons)].join('; '));
  return ok(all.map(({ cell, colour }) => ({ index: cellIndex(cell, shape), colour })));
}

/** The check hook: a public colour choice in the pregame, then a round's placements (rejected whole on any broken rule). */
export function checkSubmission(
  state: NffState,
  phase: PhaseSpec,
  submission: Submission,
  ctx: NffContext,
  progress: PhaseProgress<NffMove>,
): CheckResult<NffMove> {
  const me = ctx.players.find((p) => p.id === submission.player);
  // Replay offers only submissions of the match's players.
  if (!me) return { ok: false, reason: `${submission.player} is not a player of this match` };
  if (phase.kind === 'pregame') {
    const given = answerText(submission.answers, 'colour');
    const text = (given ?? '').toLowerCase();
    if (text === '') return { ok: false, reason: `colour: choose one of ${ctx.options.palette.join(', ')}` };
    if (text === 'black')
      return { ok: false, reason: "colour: black is what three colours make; it is nobody's colour" };
    const colour = ctx.options.palette.find((c) => c === text);
    if (!colour)
      return { ok: false, reason: `colour: ${quote(given ?? '')} is not on offer (${ctx.options.palette.join(', ')})` };
    for (const [other, move] of progress.moves) {
      if (other !== me.id && move.kind === 'colour' && move.colour === colour) {
        return { ok: false, reason: `colour: ${colour} is already taken by ${ctx.playerName(other)}` };
      }
    }
    return { ok: true, move: { kind: 'colour', colour } };
  }
  const parsed = parsePlacement({
    own: answerText(submission.answers, 'own'),
    others: answerText(submission.answers, 'others'),
    player: { colour: state.colours?.[me.id] ?? '', name: me.name },
    opponents: opponentsOf(state, ctx, me.id),
    palette: ctx.options.palette,
    board: state.board,
    shape: shapeOf(ctx.options.size),
  });
  return parsed.ok
    ? { ok: true, move: { kind: 'placement', placements: parsed.value } }
    : { ok: false, reason: parsed.error };
}
