// Reading Peg Domain answers and checking them against the rules: the cut-out in either notation
// (a peg and a U/D/L/R path, or every square), its placement on the domain, and the final
// variant's `remove`, `subtract` and `extraPeg`. Every refusal names the question, the square and
// the rule, e.g. `cut: D5 is not on your pallet any more (cut in turn 3)`.

import { answerTexts, readYesNo } from '../../core/answers.js';
import {
  cellIndex,
  describeBounds,
  kingIndices,
  orthogonalIndices,
  parseCell,
  parseCellList,
} from '../../core/coords.js';
import type { CheckResult, PhaseSpec, Submission } from '../../core/game.js';
import { quote } from '../../core/quote.js';
import { type Result, err, ok } from '../../core/result.js';
import { DOMAIN, PALLET, ROTATIONS, landingSquares } from './geometry.js';
import { type Pallet, domainName, goneReason, isLivePeg, palletName, touchingPeg } from './pallet.js';
import { type Cutout, type PegContext, type PegMove, type PegState, type PlaceSpec, opponentOf } from './state.js';

const STEPS: Readonly<Record<string, [number, number]>> = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };
const PATH = /^([A-Za-z]\s*\d{1,2})[\s,:;>-]*([UDLR][UDLR\s,]*?)[\s.]*$/i;

/** "A1, B2 and C3"; a long list names the first few and counts the rest, so a reason stays short. */
export function listText(items: readonly string[], most = 6): string {
  if (items.length > most) return `${items.slice(0, most).join(', ')} and ${items.length - most} more`;
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Reads and checks a cut-out against the pallet as it stands at the start of the turn. */
export function parseCut(text: string, pallet: Pallet): Result<Cutout> {
  const path = PATH.exec(text.trim());
  return path ? parsePath(path[1], path[2], pallet) : parseSquareList(text, pallet);
}

function parsePath(startText: string, stepText: string, pallet: Pallet): Result<Cutout> {
  const start = parseCell(startText, PALLET);
  if (!start.ok) return err(`cut: ${start.error}`);
  const first = cellIndex(start.value, PALLET);
  const gone = goneReason(pallet, first);
  if (gone) return err(`cut: ${palletName(first)} is not on your pallet any more (${gone})`);
  if (!pallet.pegs[first])
    return err(`cut: ${palletName(first)} is not a peg; a path starts on a peg (or list every square of the cut-out)`);
  const steps = stepText.replace(/[\s,]/g, '').toUpperCase();
  const cells = [first];
  let row = start.value.row;
  let col = start.value.col;
  for (let i = 0; i < steps.length; i++) {
    const [dr, dc] = STEPS[steps[i]];
    row += dr;
    col += dc;
    const where = `step ${i + 1} (${steps[i]})`;
    if (row < 0 || row >= PALLET.rows || col < 0 || col >= PALLET.cols) {
      return err(
        `cut: ${where} goes off the pallet from ${palletName(cells[cells.length - 1])} (${describeBounds(PALLET)})`,
      );
    }
    const next = cellIndex({ row, col }, PALLET);
    if (cells.includes(next))
      return err(`cut: ${where} comes back to ${palletName(next)}; a path never revisits a square`);
    const gone = goneReason(pallet, next);
    if (gone) return err(`cut: ${palletName(next)} is not on your pallet any more (${gone})`);
    if (pallet.pegs[next] && i < steps.length - 1) {
      return err(`cut: the path passes the peg ${palletName(next)} before its end; a cut-out holds exactly 2 pegs`);
    }
    cells.push(next);
  }
  const last = cells[cells.length - 1];
  if (!pallet.pegs[last])
    return err(`cut: the path ends on ${palletName(last)}, which is not a peg; it must end on a second peg`);
  return ok({ cells, anchor: first, notation: `${palletName(first)} ${steps}` });
}

function parseSquareList(text: string, pallet: Pallet): Result<Cutout> {
  const listed = parseCellList(text, PALLET);
  if (!listed.ok) return err(`cut: ${listed.error}; write a peg and a path (C3 RRDR) or every square (C3 D3 E3 E4)`);
  const cells = listed.value.map((cell) => cellIndex(cell, PALLET));
  if (cells.length === 0)
    return err('cut: name a peg and a path (C3 RRDR) or every square of the cut-out (C3 D3 E3 E4)');
  const twice = cells.filter((cell, i) => cells.indexOf(cell) !== i);
  if (twice.length > 0) return err(`cut: ${listText([...new Set(twice)].map(palletName))} named twice`);

  const reasons: string[] = [];
  // One reason per way squares went (cut in turn 3, removed in turn 4), naming the squares.
  const goneBy = new Map<string, string[]>();
  for (const cell of cells) {
    const gone = goneReason(pallet, cell);
    if (gone) goneBy.set(gone, [...(goneBy.get(gone) ?? []), palletName(cell)]);
  }
  for (const [gone, names] of goneBy) {
    reasons.push(`cut: ${listText(names)} ${names.length === 1 ? 'is' : 'are'} not on your pallet any more (${gone})`);
  }
  const pegs = cells.filter((cell) => pallet.pegs[cell]);
  if (pegs.length !== 2) {
    const which = pegs.length > 0 ? ` (${listText(pegs.map(palletName))})` : '';
    reasons.push(
      `cut: the cut-out holds ${pegs.length} peg${pegs.length === 1 ? '' : 's'}${which}; it must hold exactly 2`,
    );
  }
  const apart = unreached(cells);
  if (apart.length > 0) {
    reasons.push(
      `cut: ${listText(apart.map(palletName))} ${apart.length === 1 ? 'is' : 'are'} not joined to ${palletName(cells[0])}; a cut-out's squares join orthogonally`,
    );
  }
  if (reasons.length > 0) return err(reasons.join('; '));
  return ok({ cells, anchor: pegs[0], notation: cells.map(palletName).join(' ') });
}

/** The cells not orthogonally connected to the first one, within the set. */
function unreached(cells: readonly number[]): number[] {
  const inSet = new Set(cells);
  const seen = new Set([cells[0]]);
  const queue = [cells[0]];
  for (let cell = queue.pop(); cell !== undefined; cell = queue.pop()) {
    for (const next of orthogonalIndices(cell, PALLET)) {
      if (inSet.has(next) && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return cells.filter((cell) => !seen.has(cell));
}

const PLACE =
  /^([A-Za-z]\s*\d{1,2})\s*(?:[,;:@]\s*)?(?:(?:rot(?:ate|ated|ation)?|turn(?:ed)?)\s*)?(?:(\d{1,3})\s*(?:°|deg(?:rees)?)?\s*(?:cw|clockwise)?)?$/i;

/** Reads `E5 90`: the domain square for the anchor peg and a clockwise rotation (default 0). */
export function parsePlace(text: string): Result<PlaceSpec> {
  const match = PLACE.exec(text.trim());
  if (!match)
    return err(
      `place: ${quote(text.trim())} is not a placement; write the domain square for your first peg and a clockwise rotation, e.g. E5 90`,
    );
  const at = parseCell(match[1], DOMAIN);
  if (!at.ok) return err(`place: ${at.error}`);
  const degrees = match[2] === undefined ? 0 : Number(match[2]);
  const rotation = ROTATIONS.find((r) => r === degrees);
  if (rotation === undefined)
    return err(`place: ${degrees} is not a rotation; turn the cut-out 0, 90, 180 or 270 degrees clockwise`);
  return ok({ at: cellIndex(at.value, DOMAIN), rotation });
}

/**
 * The domain squares a cut-out covers, or why it cannot go there: every square must land inside
 * the domain and none on a domain peg (`pegs` already without a subtracted peg).
 */
export function placeCutout(cut: Cutout, place: PlaceSpec, pegs: readonly boolean[]): Result<number[]> {
  const landing = landingSquares(cut.cells, cut.anchor, place.at, place.rotation);
  const outside = landing.filter((l) => l.index === null).map((l) => palletName(l.cell));
  const onPeg = landing.flatMap((l) => (l.index !== null && pegs[l.index] ? [{ cell: l.cell, index: l.index }] : []));
  const reasons: string[] = [];
  if (outside.length > 0) {
    reasons.push(`place: ${listText(outside)} would land outside the domain (${describeBounds(DOMAIN)})`);
  }
  const SHOWN = 3;
  for (const l of onPeg.slice(0, SHOWN))
    reasons.push(`place: ${palletName(l.cell)} would land on ${domainName(l.index)}, which holds a peg`);
  if (onPeg.length > SHOWN) reasons.push(`place: ${onPeg.length - SHOWN} more squares would land on domain pegs`);
  if (reasons.length > 0) return err(reasons.join('; '));
  // Nothing lands outside (refused above): every square has its index in the domain.
  return ok(landing.flatMap((l) => (l.index === null ? [] : [l.index])));
}

/** Reads a domain peg for Peg Subtraction. */
function parseSubtract(text: string, pegs: readonly boolean[]): Result<number> {
  const cell = parseCell(text, DOMAIN);
  if (!cell.ok) return err(`subtract: ${cell.error}`);
  const index = cellIndex(cell.value, DOMAIN);
  if (!pegs[index]) return err(`subtract: ${domainName(index)} holds no peg; name a peg on the domain`);
  return ok(index);
}

/**
 * Reads the opponent's `remove`. A single square must still be on the pallet, not be a peg, and
 * not touch a peg or an earlier removed square, even diagonally. With Rapid Removal the square is
 * the centre of a 3×3 area and may be anywhere on the pallet.
 */
export function parseRemove(
  text: string,
  pallet: Pallet,
  owner: string,
  { rapid }: { rapid: boolean },
): Result<number> {
  const cell = parseCell(text, PALLET);
  if (!cell.ok) return err(`remove: ${cell.error}`);
  const index = cellIndex(cell.value, PALLET);
  if (rapid) return ok(index);
  const name = palletName(index);
  const gone = goneReason(pallet, index);
  if (gone) return err(`remove: ${name} is not on ${owner}'s pallet any more (${gone})`);
  if (pallet.pegs[index]) return err(`remove: ${name} is a peg; only a square may be removed`);
  const peg = touchingPeg(pallet, index);
  if (peg !== undefined)
    return err(
      `remove: ${name} touches the peg ${palletName(peg)}; a removed square may not touch a peg, even diagonally`,
    );
  const removed = kingIndices(index, PALLET)
    .filter((n) => pallet.removedIn[n] > 0)
    .sort((a, b) => a - b)[0];
  if (removed !== undefined) {
    return err(
      `remove: ${name} touches ${palletName(removed)}, removed in turn ${pallet.removedIn[removed]}; a removed square may not touch an earlier one, even diagonally`,
    );
  }
  return ok(index);
}

/** Reads the Additional Peg: a square of the holder's pallet touching no peg, even diagonally. */
export function parseExtraPeg(text: string, pallet: Pallet): Result<number> {
  const cell = parseCell(text, PALLET);
  if (!cell.ok) return err(`extraPeg: ${cell.error}`);
  const index = cellIndex(cell.value, PALLET);
  const name = palletName(index);
  if (isLivePeg(pallet, index)) return err(`extraPeg: ${name} is already a peg`);
  const peg = touchingPeg(pallet, index);
  if (peg !== undefined)
    return err(
      `extraPeg: ${name} touches the peg ${palletName(peg)}; the Additional Peg may not touch a peg, even diagonally`,
    );
  return ok(index);
}

type Checked = CheckResult<PegMove>;

function checkMove(state: PegState, mover: string, answers: Record<string, string | undefined>): Checked {
  const finish =
    answers.finish === undefined
      ? ok(false)
      : readYesNo('finish', answers.finish, 'answer yes to finish, or no (or leave it blank) to play on');
  if (!finish.ok) return { ok: false, reason: finish.error };
  if (finish.value) {
    if (answers.cut || answers.place || answers.subtract) {
      return {
        ok: false,
        reason: 'finish: you answered yes and also sent a move; send either finish: yes or a cut-out and a placement',
      };
    }
    return { ok: true, move: { kind: 'finish' } };
  }
  const reasons: string[] = [];
  if (!answers.cut) reasons.push('cut: name your cut-out (C3 RRDR or C3 D3 E3 E4), or answer finish: yes');
  if (!answers.place) reasons.push('place: name the domain square for your first peg and a rotation, e.g. E5 90');
  if (reasons.length > 0 || !answers.cut || !answers.place) return { ok: false, reason: reasons.join('; ') };
  const cut = parseCut(answers.cut, state.pallets[mover]);
  const place = parsePlace(answers.place);
  if (!cut.ok || !place.ok)
    return { ok: false, reason: [cut, place].flatMap((r) => (r.ok ? [] : [r.error])).join('; ') };

  let pegs = state.domain.peg;
  let subtract: number | null = null;
  if (answers.subtract) {
    const lifted = parseSubtract(answers.subtract, pegs);
    if (!lifted.ok) return { ok: false, reason: lifted.error };
    subtract = lifted.value;
    pegs = pegs.map((peg, i) => peg && i !== subtract);
  }
  const covered = placeCutout(cut.value, place.value, pegs);
  if (!covered.ok) return { ok: false, reason: covered.error };
  return { ok: true, move: { kind: 'place', cut: cut.value, place: place.value, covered: covered.value, subtract } };
}

function checkRemoval(
  state: PegState,
  ctx: PegContext,
  remover: string,
  answers: Record<string, string | undefined>,
): Checked {
  const rapid =
    answers.rapid === undefined
      ? ok(false)
      : readYesNo('rapid', answers.rapid, 'answer yes to use Rapid Removal (or leave it blank)');
  if (!rapid.ok) return { ok: false, reason: rapid.error };
  const target = opponentOf(ctx, remover);
  if (!answers.remove) {
    return {
      ok: false,
      reason: rapid.value
        ? 'rapid: name the centre square of the 3×3 area in remove'
        : `remove: name a square of ${ctx.playerName(target)}'s pallet, e.g. H6`,
    };
  }
  const square = parseRemove(answers.remove, state.pallets[target], ctx.playerName(target), { rapid: rapid.value });
  return square.ok
    ? { ok: true, move: { kind: 'remove', square: square.value, rapid: rapid.value } }
    : { ok: false, reason: square.error };
}

/** The check hook: the Additional Peg in the pregame; in a turn, the mover's move or the opponent's removal. */
export function checkSubmission(state: PegState, phase: PhaseSpec, submission: Submission, ctx: PegContext): Checked {
  const answers = answerTexts(submission.answers);
  const player = submission.player;
  if (phase.kind === 'pregame') {
    if (!answers.extraPeg)
      return { ok: false, reason: 'extraPeg: name a square of your pallet for the Additional Peg, e.g. H6' };
    const square = parseExtraPeg(answers.extraPeg, state.pallets[player]);
    return square.ok
      ? { ok: true, move: { kind: 'extra-peg', square: square.value } }
      : { ok: false, reason: square.error };
  }
  return player === state.nextMover ? checkMove(state, player, answers) : checkRemoval(state, ctx, player, answers);
}
