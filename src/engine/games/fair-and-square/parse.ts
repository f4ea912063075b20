// Reading a round's answers. `pieces`: four `Type Cell` pairs in any separators
// ("Sprinter C3; Fortress E5, dasher a 1 Ranger G7"), checked against every placement rule; a
// placement that breaks any rule is rejected whole, with every reason. `priority`: one type and
// its option letters in the new order ("Marauder: C A B D"); letters left out follow in their
// usual order.

import { answerText } from '../../core/answers.js';
import { cellIndex, parseCell } from '../../core/coords.js';
import type { CheckResult, PhaseSpec, Submission } from '../../core/game.js';
import { quote } from '../../core/quote.js';
import { type Result, err, ok } from '../../core/result.js';
import { type Board, SHAPE, squareName, startProblem } from './board.js';
import { PIECES_PER_PLAYER } from './options.js';
import { MIN_TYPES, type PieceType, describeOptions, optionLetter } from './pieces.js';
import {
  type FasContext,
  type FasMove,
  type FasState,
  type Placement,
  type Priority,
  boardFor,
  garnetBalance,
  groupOf,
} from './state.js';

function typeByName(types: readonly PieceType[], text: string): number {
  const key = text.trim().replace(/\s+/g, ' ').toLowerCase();
  return types.findIndex((t) => t.name.toLowerCase() === key || t.short.toLowerCase() === key);
}

const CELL_WORD = /^[A-Za-z]\d{1,2}$/;

/** Splits the answer into (type words, cell text) pairs. */
function pairs(text: string): Result<{ name: string; cell: string }[]> {
  const words = text
    .split(/[\s,;|/]+/)
    .map((w) => w.replace(/^[:@=-]+|[:@=.-]+$/g, ''))
    .filter((w) => w !== '' && w.toLowerCase() !== 'and');
  const out: { name: string; cell: string }[] = [];
  let name: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let cell: string | null = null;
    if (CELL_WORD.test(words[i])) cell = words[i];
    else if (/^[A-Za-z]$/.test(words[i]) && /^\d{1,2}$/.test(words[i + 1] ?? '')) cell = words[i] + words[++i];
    if (cell === null) {
      name.push(words[i]);
      continue;
    }
    if (name.length === 0)
      return err(
        `pieces: ${cell.toUpperCase()} has no piece type before it; write Type Cell pairs, e.g. "Sprinter C3; Fortress E5"`,
      );
    out.push({ name: name.join(' '), cell });
    name = [];
  }
  if (name.length > 0)
    return err(
      `pieces: ${quote(name.join(' '))} has no cell after it; write Type Cell pairs, e.g. "Sprinter C3; Fortress E5"`,
    );
  return ok(out);
}

/** Reads and checks a placement on the player's group board. */
function parsePieces(text: string | undefined, types: readonly PieceType[], board: Board): Result<Placement[]> {
  const typeNames = types.map((t) => t.name).join(', ');
  const example = `e.g. "${types
    .slice(0, PIECES_PER_PLAYER)
    .map((t, i) => `${t.name} ${['B2', 'F2', 'B6', 'F6'][i]}`)
    .join('; ')}"`;
  if (!text) return err(`pieces: name ${PIECES_PER_PLAYER} pieces as Type Cell pairs (${example})`);
  const read = pairs(text);
  if (!read.ok) return read;
  if (read.value.length !== PIECES_PER_PLAYER) {
    return err(`pieces: name exactly ${PIECES_PER_PLAYER} pieces, not ${read.value.length} (${example})`);
  }

  const reasons: string[] = [];
  const placements: Placement[] = [];
  for (const entry of read.value) {
    const type = typeByName(types, entry.name);
    const cell = parseCell(entry.cell, SHAPE);
    if (type < 0) reasons.push(`${quote(entry.name)} is not a piece type this round (${typeNames})`);
    if (!cell.ok) reasons.push(cell.error);
    if (type >= 0 && cell.ok) placements.push({ type, square: cellIndex(cell.value, SHAPE) });
  }
  const seen = new Set<number>();
  for (const { square } of placements) {
    if (seen.has(square))
      reasons.push(
        `${squareName(square)} is named twice: your ${PIECES_PER_PLAYER} pieces need ${PIECES_PER_PLAYER} different cells`,
      );
    seen.add(square);
    const problem = startProblem(board, square);
    if (problem) reasons.push(problem);
  }
  const distinct = new Set(placements.map((p) => p.type));
  if (reasons.length === 0 && distinct.size < MIN_TYPES) {
    reasons.push(
      `only ${distinct.size} different piece type${distinct.size === 1 ? '' : 's'} (${[...distinct].map((t) => types[t].name).join(', ')}); use at least ${MIN_TYPES}`,
    );
  }
  if (reasons.length > 0) return err([...new Set(reasons)].map((r) => `pieces: ${r}`).join('; '));
  return ok(placements);
}

/** Reads a priority ("Marauder: C A B D"); the letters not named keep their order after them. */
function parsePriority(text: string, types: readonly PieceType[]): Result<Priority> {
  const lower = text.toLowerCase();
  const byLength = types
    .map((t, i) => ({ name: t.name.toLowerCase(), i }))
    .sort((a, b) => b.name.length - a.name.length);
  const found = byLength.find((t) => lower.startsWith(t.name));
  if (!found) {
    return err(
      `priority: start with a piece type of this round (${types.map((t) => t.name).join(', ')}), then its option letters, e.g. "${types[0].name}: B A"`,
    );
  }
  const type = types[found.i];
  const letters = text
    .slice(found.name.length)
    .replace(/[\s,;:>=-]+/g, '')
    .toUpperCase();
  const count = type.options.length;
  const last = optionLetter(count - 1);
  if (letters === '')
    return err(
      `priority: after ${type.name}, give its option letters in your order (A–${last}: ${describeOptions(type.options)})`,
    );
  const order: number[] = [];
  for (const letter of letters) {
    const index = letter.charCodeAt(0) - 65;
    if (index < 0 || index >= count)
      return err(
        `priority: ${type.name} has options A–${last} (${describeOptions(type.options)}); ${quote(letter)} is not one of them`,
      );
    if (order.includes(index)) return err(`priority: ${letter} is named twice for ${type.name}`);
    order.push(index);
  }
  for (let i = 0; i < count; i++) if (!order.includes(i)) order.push(i);
  return ok({ type: found.i, order });
}

/** The check hook: a round's pieces (rejected whole on any broken rule) and its optional priority (refused alone). */
export function checkSubmission(
  state: FasState,
  _phase: PhaseSpec,
  submission: Submission,
  ctx: FasContext,
): CheckResult<FasMove> {
  const round = state.rounds.length + 1;
  const player = submission.player;
  const types = state.types[round - 1];
  const board = boardFor(state, round, groupOf(ctx.options.numbers[player], round));
  const placements = parsePieces(answerText(submission.answers, 'pieces'), types, board);
  if (!placements.ok) return { ok: false, reason: placements.error };

  const priorityText = answerText(submission.answers, 'priority');
  const refused: string[] = [];
  let priority: FasMove['priority'] = null;
  if (priorityText) {
    const parsed = parsePriority(priorityText, types);
    if (!parsed.ok) refused.push(`${parsed.error}; no garnet spent, your pieces still count`);
    else {
      const type = types[parsed.value.type];
      const order = describeOptions(type.options, parsed.value.order);
      if (!placements.value.some((p) => p.type === parsed.value.type)) {
        refused.push(
          `priority: you placed no ${type.name} this round, so its order would change nothing; no garnet spent`,
        );
      } else if (parsed.value.order.every((option, i) => option === i)) {
        refused.push(`priority: ${order} is already ${type.name}'s order; no garnet spent`);
      } else if (garnetBalance(state, ctx, player) < 1) {
        refused.push('priority: costs 1 garnet and you have none to spend; your pieces still count');
      } else {
        priority = parsed.value;
      }
    }
  }
  return {
    ok: true,
    move: { placements: placements.value, priority },
    ...(refused.length > 0 ? { partsRejected: refused } : {}),
  };
}
