// Reading and checking answers: the starting cell, a fence plan, and a round's orders.
//
// Orders are five independent parts (move, votes, extra, gate, buyGate). A part that does not
// parse or breaks a rule is refused with its own reason while the others still count; only when
// every part given is refused is the whole submission rejected, so the player's earlier orders
// (if any) keep counting.

import { type Cell, formatCell, parseCell, parseCellList, sameCell } from '../../core/coords.js';
import { answerText, readYesNo } from '../../core/answers.js';
import type { Answers, CheckResult, PhaseProgress, PhaseSpec, Submission } from '../../core/game.js';
import { quote } from '../../core/quote.js';
import { type Result, err, ok } from '../../core/result.js';
import {
  SHAPE,
  areAdjacent,
  contains,
  fencesSplitting,
  formatFence,
  formatRect,
  heightOf,
  parseFence,
  pastureIndexAt,
  splits,
  widthOf,
} from './geometry.js';
import type { Rect } from './geometry.js';
import {
  EXTRA_VOTE_COST,
  GATE_COST,
  type Orders,
  type PastureContext,
  type PastureMove,
  type PastureState,
  garnetsLeft,
  positionOf,
} from './state.js';

type Check = CheckResult<PastureMove>;

function checkStart(answers: Answers): Check {
  const text = answerText(answers, 'start');
  if (text === undefined) return { ok: false, reason: 'start: name one cell for your sheep, e.g. C12' };
  const cell = parseCell(text, SHAPE);
  return cell.ok
    ? { ok: true, move: { kind: 'start', cell: cell.value } }
    : { ok: false, reason: `start: ${cell.error}` };
}

function splitRange(rect: Rect, dir: 'V' | 'H'): string {
  const all = fencesSplitting(rect).filter((f) => f.dir === dir);
  return `${formatFence(all[0])} to ${formatFence(all[all.length - 1])}`;
}

/** Why `fence` cannot split the player's pasture, naming the fences that can. */
function planProblem(rect: Rect, dir: 'V' | 'H', fenceName: string): string {
  const name = formatRect(rect);
  if (widthOf(rect) === 1 && heightOf(rect) === 1)
    return `plan: your pasture ${name} is a single cell and cannot be split`;
  if (dir === 'V' && widthOf(rect) === 1)
    return `plan: your pasture ${name} is one column wide, so only a horizontal fence can split it (${splitRange(rect, 'H')})`;
  if (dir === 'H' && heightOf(rect) === 1)
    return `plan: your pasture ${name} is one row high, so only a vertical fence can split it (${splitRange(rect, 'V')})`;
  return `plan: ${fenceName} does not split your pasture ${name} strictly inside it (a ${dir === 'V' ? 'vertical' : 'horizontal'} fence there is ${splitRange(rect, dir)})`;
}

/**
 * A plan must split the submitter's pasture (where they stand at the start of the round). Each
 * valid plan takes the next id; a blank answer or "none" withdraws the player's plan.
 */
function checkPlan(
  state: PastureState,
  player: string,
  answers: Answers,
  moves: ReadonlyMap<string, PastureMove>,
): Check {
  let counter = 0;
  for (const move of moves.values()) if (move.kind === 'plan') counter = Math.max(counter, move.counter);
  const text = answerText(answers, 'plan');
  if (text === undefined || /^(none|no plan|withdraw)$/i.test(text))
    return { ok: true, move: { kind: 'plan', plan: null, counter } };
  const fence = parseFence(text);
  if (!fence.ok) return { ok: false, reason: `plan: ${fence.error}` };
  const rect = state.pastures[pastureIndexAt(state.pastures, positionOf(state, player))];
  if (!splits(rect, fence.value))
    return { ok: false, reason: planProblem(rect, fence.value.dir, formatFence(fence.value)) };
  return { ok: true, move: { kind: 'plan', plan: { number: counter + 1, fence: fence.value }, counter: counter + 1 } };
}

/** Plan ids in free text: "P1 P3", "p1, 3". */
function readPlanIds(question: string, text: string, known: ReadonlySet<string>): Result<string[]> {
  const ids: string[] = [];
  for (const token of text.split(/[\s,;/&+]+|\band\b/i).filter((t) => t !== '')) {
    const match = /^P?(\d+)$/i.exec(token);
    if (!match) return err(`${question}: ${quote(token)} is not a plan id (write ids such as P1 P3)`);
    const id = `P${Number(match[1])}`;
    if (!known.has(id))
      return err(`${question}: ${id} is not a plan of this round (the plans are ${[...known].join(', ')})`);
    ids.push(id);
  }
  return ok(ids);
}

function readMove(text: string, from: Cell): Result<Cell | null> {
  const target = parseCell(text, SHAPE);
  if (!target.ok) return err(`move: ${target.error}; your sheep stays`);
  if (sameCell(target.value, from)) return ok(null);
  if (target.value.row !== from.row && target.value.col !== from.col) {
    return err(
      `move: ${formatCell(target.value, SHAPE)} is neither in your sheep's row (${from.row + 1}) nor its column (${formatCell(from, SHAPE).replace(/\d+$/, '')}); a sheep moves only along its row or column, so it stays`,
    );
  }
  return ok(target.value);
}

function usedGateRounds(state: PastureState, player: string): number[] {
  return state.rounds.filter((r) => r.gates.some((g) => g.player === player)).map((r) => r.round);
}

function readGate(text: string, state: PastureState, player: string, available: number): Result<[Cell, Cell]> {
  const cells = parseCellList(text, SHAPE);
  if (!cells.ok) return err(`gate: ${cells.error}`);
  if (cells.value.length !== 2)
    return err(`gate: name the two cells on either side of a fence, e.g. G5 H5 (you named ${cells.value.length})`);
  const [a, b] = cells.value;
  const [nameA, nameB] = [formatCell(a, SHAPE), formatCell(b, SHAPE)];
  if (!areAdjacent(a, b))
    return err(`gate: ${nameA} and ${nameB} are not next to each other; a gate joins two orthogonally adjacent cells`);
  const pasture = state.pastures[pastureIndexAt(state.pastures, a)];
  if (contains(pasture, b))
    return err(
      `gate: no fence lies between ${nameA} and ${nameB} (both are in pasture ${formatRect(pasture)}); a gate must cross a fence`,
    );
  if (available <= 0) {
    const used = usedGateRounds(state, player);
    const history =
      used.length === 0 ? 'this match gives none' : `used in round${used.length > 1 ? 's' : ''} ${used.join(' and ')}`;
    const extra = state.gateBoughtIn[player]
      ? 'your one extra gate is already bought'
      : `buy one with buyGate for ${GATE_COST} garnets`;
    return err(`gate: you have no gate left (${history}); ${extra}`);
  }
  return ok([a, b]);
}

/** The buyGate part: yes buys the one extra gate a game allows, if the garnets are there. */
function readBuyGate(text: string, state: PastureState, player: string, balance: number): Result<boolean> {
  const wants = readYesNo(
    'buyGate',
    text,
    `answer yes to buy a gate for ${GATE_COST} garnets, or no (or leave it blank)`,
  );
  if (!wants.ok || !wants.value) return wants;
  const bought = state.gateBoughtIn[player];
  if (bought) return err(`buyGate: you already bought your extra gate in round ${bought} (one per game)`);
  if (balance < GATE_COST) return err(`buyGate: a gate costs ${GATE_COST} garnets and you have ${balance}`);
  return ok(true);
}

/** The extra part: plans to give a bought vote each, all of them paid for or none. */
function readExtraVotes(
  text: string,
  known: ReadonlySet<string>,
  { balance, buyGate }: { balance: number; buyGate: boolean },
): Result<string[]> {
  const ids = readPlanIds('extra', text, known);
  if (!ids.ok) return ids;
  const cost = ids.value.length * EXTRA_VOTE_COST;
  if (cost > balance) {
    const after = buyGate ? ` left after ${GATE_COST} for the gate` : '';
    return err(
      `extra: ${ids.value.length} extra vote${ids.value.length === 1 ? '' : 's'} cost${ids.value.length === 1 ? 's' : ''} ${cost} garnet${cost === 1 ? '' : 's'} and you have ${balance}${after}; no extra votes were bought`,
    );
  }
  return ids;
}

/** Checks a round's orders part by part; see the file comment. */
function checkOrders(state: PastureState, ctx: PastureContext, player: string, answers: Answers): Check {
  const refused: string[] = [];
  let given = 0;
  const part = <T>(key: string, read: (text: string) => Result<T>, use: (value: T) => void) => {
    const text = answerText(answers, key);
    if (text === undefined) return;
    given++;
    const result = read(text);
    if (result.ok) use(result.value);
    else refused.push(result.error);
  };
  const known = new Set((state.plans ?? []).map((p) => p.id));
  let move: Cell | null = null;
  let votes: string[] = [];
  let extra: string[] = [];
  let gate: [Cell, Cell] | null = null;
  let buyGate = false;
  let balance = garnetsLeft(state, ctx, player);

  part(
    'move',
    (text) => readMove(text, positionOf(state, player)),
    (cell) => {
      move = cell;
    },
  );
  part(
    'votes',
    (text) => {
      const ids = readPlanIds('votes', text, known);
      if (!ids.ok) return ids;
      const twice = ids.value.find((id, i) => ids.value.indexOf(id) !== i);
      return twice ? err(`votes: ${twice} is named twice; you have one vote per plan (buy more in "extra")`) : ids;
    },
    (ids) => {
      votes = ids;
    },
  );
  // The gate purchase is paid first, as it happens first at the end of the round.
  part(
    'buyGate',
    (text) => readBuyGate(text, state, player, balance),
    (yes) => {
      buyGate = yes;
      if (yes) balance -= GATE_COST;
    },
  );
  part(
    'extra',
    (text) => readExtraVotes(text, known, { balance, buyGate }),
    (ids) => {
      extra = ids;
    },
  );
  part(
    'gate',
    (text) => readGate(text, state, player, (state.gatesLeft[player] ?? 0) + (buyGate ? 1 : 0)),
    (cells) => {
      gate = cells;
    },
  );

  if (given > 0 && refused.length === given) return { ok: false, reason: refused.join('; ') };
  const orders: Orders = { move, votes, extra, gate, buyGate };
  return { ok: true, move: { kind: 'orders', orders }, ...(refused.length > 0 ? { partsRejected: refused } : {}) };
}

/** The check hook: a starting cell, a public fence plan, or a round's orders, by the phase's kind. */
export function checkSubmission(
  state: PastureState,
  phase: PhaseSpec,
  submission: Submission,
  ctx: PastureContext,
  progress: PhaseProgress<PastureMove>,
): Check {
  if (phase.kind === 'pregame') return checkStart(submission.answers);
  if (phase.kind === 'plans') return checkPlan(state, submission.player, submission.answers, progress.moves);
  return checkOrders(state, ctx, submission.player, submission.answers);
}
