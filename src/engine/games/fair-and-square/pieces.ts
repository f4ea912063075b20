// Fair and Square pieces are data: a name, a rank (higher beats lower) and an ordered list of
// lettered options (A, B, C … in list order). This module is the small language those options are
// written in, the default sets for rounds 1–3 exactly as docs/games/fair-and-square.md ("Rules") gives them, and the
// `priority` reordering a player may buy.
//
// The language (case-insensitive, any spacing):
//   hold                 stay if standing on a point square its owner has not captured
//   stay                 stay
//   step DIR             one square in DIR (N NE E SE S SW W NW; N is toward row 1)
//   dash DIR N           up to N squares in DIR, stopping at the edge
//   toward TARGET N      toward the nearest TARGET: point, enemy, weaker or stronger
//   away TARGET          the king-step furthest from the nearest TARGET piece
//   intercept TARGET     onto where the nearest TARGET piece moves this turn, if within 1 step
// The rules name only `away stronger` and `intercept weaker`; the language takes any piece target
// (enemy, weaker, stronger) for toward, away and intercept, so a host can write new pieces.

import { quote } from '../../core/quote.js';
import { type Result, err, ok } from '../../core/result.js';

export const DIRECTIONS = {
  N: [-1, 0],
  NE: [-1, 1],
  E: [0, 1],
  SE: [1, 1],
  S: [1, 0],
  SW: [1, -1],
  W: [0, -1],
  NW: [-1, -1],
} as const satisfies Record<string, readonly [number, number]>;
export type Direction = keyof typeof DIRECTIONS;
function isDirection(word: string): word is Direction {
  return Object.hasOwn(DIRECTIONS, word);
}
export const DIRECTION_NAMES: readonly Direction[] = Object.keys(DIRECTIONS).filter(isDirection);
export const ORTHOGONAL: readonly Direction[] = ['N', 'E', 'S', 'W'];

export type PieceTarget = 'enemy' | 'weaker' | 'stronger';
const PIECE_TARGETS: readonly PieceTarget[] = ['enemy', 'weaker', 'stronger'];

export type PieceOption =
  | { readonly kind: 'hold' }
  | { readonly kind: 'stay' }
  | { readonly kind: 'step'; readonly direction: Direction }
  | { readonly kind: 'dash'; readonly direction: Direction; readonly distance: number }
  | { readonly kind: 'toward'; readonly target: 'point' | PieceTarget; readonly distance: number }
  | { readonly kind: 'away'; readonly target: PieceTarget }
  | { readonly kind: 'intercept'; readonly target: PieceTarget };

/** A piece type as the match options write it. */
export interface PieceSpec {
  readonly name: string;
  readonly rank: number;
  readonly options: readonly string[];
}

/** A piece type ready for play. */
export interface PieceType {
  readonly name: string;
  readonly rank: number;
  readonly options: readonly PieceOption[];
  /** Short text for boards ("F" for Fortress): the shortest prefix no other type of the round shares. */
  readonly short: string;
}

export const MAX_DISTANCE = 6;

export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

const FORMS = 'hold, stay, step DIR, dash DIR N, toward TARGET N, away TARGET or intercept TARGET';

function readDirection(word: string | undefined, text: string): Result<Direction> {
  const direction = (word ?? '').toUpperCase();
  if (isDirection(direction)) return ok(direction);
  return err(
    word === undefined
      ? `${quote(text)} needs a direction (${DIRECTION_NAMES.join(' ')})`
      : `${quote(text)}: ${quote(word)} is not a direction (${DIRECTION_NAMES.join(' ')})`,
  );
}

function readDistance(word: string | undefined, text: string, example: string): Result<number> {
  const distance = Number(word);
  if (word === undefined || !Number.isInteger(distance) || distance < 1 || distance > MAX_DISTANCE) {
    return err(`${quote(text)} needs a distance from 1 to ${MAX_DISTANCE} at the end, e.g. ${example}`);
  }
  return ok(distance);
}

function readPieceTarget(word: string | undefined, text: string, kind: string): Result<PieceTarget> {
  const target = PIECE_TARGETS.find((t) => t === (word ?? '').toLowerCase());
  if (target !== undefined) return ok(target);
  return err(
    `${quote(text)}: ${kind} takes a piece target (${PIECE_TARGETS.join(', ')}), e.g. ${kind} ${kind === 'away' ? 'stronger' : 'weaker'}`,
  );
}

/** Reads one option, e.g. "toward point 1", "dash N 2". */
export function parseOption(raw: string): Result<PieceOption> {
  const text = raw.trim().replace(/\s+/g, ' ');
  const [kindWord, ...rest] = text.split(' ');
  const kind = (kindWord ?? '').toLowerCase();
  const arity = (count: number, example: string): Result<true> =>
    rest.length === count ? ok(true) : err(`${quote(text)}: write ${example}`);

  switch (kind) {
    case 'hold':
    case 'stay': {
      const shape = arity(0, `just "${kind}"`);
      return shape.ok ? ok({ kind }) : shape;
    }
    case 'step': {
      const shape = arity(1, 'step DIR, e.g. step E');
      if (!shape.ok) return shape;
      const direction = readDirection(rest[0], text);
      return direction.ok ? ok({ kind, direction: direction.value }) : direction;
    }
    case 'dash': {
      const shape = arity(2, 'dash DIR N, e.g. dash N 2');
      if (!shape.ok) return shape;
      const direction = readDirection(rest[0], text);
      if (!direction.ok) return direction;
      const distance = readDistance(rest[1], text, 'dash N 2');
      return distance.ok ? ok({ kind, direction: direction.value, distance: distance.value }) : distance;
    }
    case 'toward': {
      const shape = arity(2, 'toward TARGET N, e.g. toward point 1');
      if (!shape.ok) return shape;
      const target = (['point', ...PIECE_TARGETS] as const).find((t) => t === rest[0].toLowerCase());
      if (target === undefined) {
        return err(`${quote(text)}: ${quote(rest[0])} is not a target (point, ${PIECE_TARGETS.join(', ')})`);
      }
      const distance = readDistance(rest[1], text, `toward ${target} 1`);
      return distance.ok ? ok({ kind, target, distance: distance.value }) : distance;
    }
    case 'away':
    case 'intercept': {
      const shape = arity(1, `${kind} TARGET, e.g. ${kind} ${kind === 'away' ? 'stronger' : 'weaker'}`);
      if (!shape.ok) return shape;
      const target = readPieceTarget(rest[0], text, kind);
      return target.ok ? ok({ kind, target: target.value }) : target;
    }
    default:
      return err(`${quote(text)} is not an option: an option is ${FORMS}`);
  }
}

/** The canonical text of an option ("toward point 1"). */
function formatOption(option: PieceOption): string {
  switch (option.kind) {
    case 'hold':
    case 'stay':
      return option.kind;
    case 'step':
      return `step ${option.direction}`;
    case 'dash':
      return `dash ${option.direction} ${option.distance}`;
    case 'toward':
      return `toward ${option.target} ${option.distance}`;
    default:
      return `${option.kind} ${option.target}`;
  }
}

/** "A hold, B toward point 1" for help texts and tables. */
export function describeOptions(options: readonly PieceOption[], order?: readonly number[]): string {
  return (order ?? options.map((_, i) => i)).map((i) => `${optionLetter(i)} ${formatOption(options[i])}`).join(', ');
}

export interface SetIssue {
  readonly path: (string | number)[];
  readonly message: string;
}

/** The shortest prefix of each name that no other name of the set starts with. */
function shortNames(names: readonly string[]): string[] {
  const lower = names.map((n) => n.replace(/[^A-Za-z]/g, '').toLowerCase());
  return names.map((name, i) => {
    for (let length = 1; length <= lower[i].length; length++) {
      const prefix = lower[i].slice(0, length);
      if (lower.every((other, j) => j === i || !other.startsWith(prefix))) {
        return prefix.charAt(0).toUpperCase() + prefix.slice(1);
      }
    }
    return lower[i].charAt(0).toUpperCase() + lower[i].slice(1);
  });
}

/** Every player places at least this many different types, so a round offers at least as many. */
export const MIN_TYPES = 3;

/** Parses one round's piece set; issues carry their path inside that round's list. */
export function parsePieceSet(specs: readonly PieceSpec[]): { types: PieceType[]; issues: SetIssue[] } {
  const issues: SetIssue[] = [];
  if (specs.length < MIN_TYPES) {
    issues.push({
      path: [],
      message: `a round needs at least ${MIN_TYPES} piece types (players place at least ${MIN_TYPES} different ones), got ${specs.length}`,
    });
  }
  const seen = new Map<string, number>();
  specs.forEach((spec, index) => {
    const key = spec.name.trim().toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined)
      issues.push({
        path: [index, 'name'],
        message: `${quote(spec.name)} is also the name of piece ${earlier}; names must differ`,
      });
    seen.set(key, index);
  });
  const shorts = shortNames(specs.map((s) => s.name.trim()));
  const types = specs.map((spec, index): PieceType => {
    const options: PieceOption[] = [];
    spec.options.forEach((text, j) => {
      const option = parseOption(text);
      if (option.ok) options.push(option.value);
      else issues.push({ path: [index, 'options', j], message: option.error });
    });
    return { name: spec.name.trim(), rank: spec.rank, options, short: shorts[index] };
  });
  return { types, issues };
}

const ROUND_1: PieceSpec[] = [
  { name: 'Fortress', rank: 3, options: ['hold', 'toward point 1'] },
  { name: 'Marauder', rank: 2, options: ['hold', 'intercept weaker', 'toward weaker 1', 'toward point 1'] },
  { name: 'Dasher', rank: 2, options: ['hold', 'toward point 2'] },
  { name: 'Sprinter', rank: 1, options: ['hold', 'toward point 3'] },
  { name: 'Traveller', rank: 1, options: ['hold', 'toward point 1', 'step E'] },
  { name: 'Ranger', rank: 1, options: ['hold', 'dash N 2', 'dash E 2', 'dash S 2', 'dash W 2'] },
];

function replaced(
  set: readonly PieceSpec[],
  changes: Record<string, Partial<PieceSpec>>,
  drop: readonly string[] = [],
): PieceSpec[] {
  return set.filter((s) => !drop.includes(s.name)).map((s) => ({ ...s, ...changes[s.name] }));
}

/** Round 2: no Ranger; Sprinter and Dasher updated. */
const ROUND_2 = replaced(
  ROUND_1,
  {
    Sprinter: { options: ['hold', 'toward point 2', 'away stronger'] },
    Dasher: { options: ['hold', 'toward weaker 2', 'toward point 2'] },
  },
  ['Ranger'],
);

/** Round 3: Fortress rank 4; Traveller and Marauder move differently. */
const ROUND_3 = replaced(ROUND_2, {
  Fortress: { rank: 4 },
  Traveller: { options: ['hold', 'toward point 2'] },
  Marauder: { options: ['hold', 'toward weaker 2', 'intercept weaker', 'toward point 1'] },
});

export const DEFAULT_PIECES: readonly (readonly PieceSpec[])[] = [ROUND_1, ROUND_2, ROUND_3];
