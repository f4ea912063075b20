// Fair and Square views. Every resolved round is public, turn by turn, so a host can show the
// replay: one tab per round holding both groups' boards from turn 0 (as placed) to turn 15.
//
// A square reads in words, without the Legend: its piece as the owner's number and the type's
// name ("5 Fortress", the number as in the board's title "5 Ben"), a stack as "3 pieces", a point
// square as its worth ("3 pts") and once captured as whose it is ("5's 3 pts", filled in that
// player's colour). A square holds one short line; its note says the rest in full (worth, owner,
// every piece of a stack, hold counts, forced moves). Placements for the round still open are
// private: a player sees only their own, the host sees all, the public none. Priority purchases
// become public with the round's replay (the pieces' behaviour shows them).

import type { OpenPhaseInfo } from '../../core/game.js';
import {
  type Audience,
  type BoardTab,
  type GameView,
  type Grid,
  PALETTE,
  type Table,
  audiencePlayer,
  boardCells,
  letterLabels,
  markChanges,
  textOn,
} from '../../core/view.js';
import { type Board, SIZE, squareName, startProblem } from './board.js';
import { NUMBER_FILLS, groupsTable, legend, piecesTable, resultsTable, scoreboard } from './view-tables.js';
import type { PieceInfo } from './choose.js';
import { ROUNDS } from './options.js';
import { type Direction, type PieceType, describeOptions } from './pieces.js';
import type { SeparationRule, TurnEvent, TurnRecord } from './play.js';
import {
  type FasContext,
  type FasMove,
  type FasState,
  type GroupRecord,
  boardFor,
  garnetBalance,
  garnetsSpent,
  groupOf,
  groupPlayers,
} from './state.js';

const THICK = { weight: 'thick' } as const;

interface Square {
  /** What the square shows of each piece: the owner's number and the type's name, "5 Fortress". */
  readonly pieces: string[];
  /** The player number of each piece, in the order of `pieces`. */
  readonly numbers: number[];
  /** Each piece in words for the note, with its hold count and forced move: "5 Ben's Fortress, held 2 turns". */
  readonly about: string[];
  owner: number | null;
}

/** Names a player number as the board's title does: "5 Ben". */
type Who = (number: number) => string;

const DIRECTION_WORDS: Readonly<Record<Direction, string>> = {
  N: 'north',
  NE: 'north-east',
  E: 'east',
  SE: 'south-east',
  S: 'south',
  SW: 'south-west',
  W: 'west',
  NW: 'north-west',
};

const SEPARATION_WORDS: Readonly<Record<SeparationRule, string>> = {
  orthogonal: 'to the free squares beside it',
  'all eight': 'to the free squares around it, diagonals too',
  'doubling up': 'with too few free squares, some next to a piece of their own',
};

function separationMove(direction: Direction | null): string {
  return direction ? `moves ${DIRECTION_WORDS[direction]} next turn` : 'has no free square';
}

/** "3 pts", "1 pt": a point square's worth in words short enough for a square. */
function points(value: number): string {
  return `${value} ${value === 1 ? 'pt' : 'pts'}`;
}

/** One 7×7 board as a grid: point values, captures, pieces, and (for planning) where no piece may start. */
function boardGrid(
  title: string,
  board: Board,
  squares: readonly Square[],
  who: Who,
  { caption, planning = false }: { caption?: string; planning?: boolean } = {},
): Grid {
  const cells = boardCells(SIZE, SIZE, (index) => {
    const value = board[index];
    const { pieces, numbers, about, owner } = squares[index];
    const problem = planning && pieces.length === 0 && value === 0 ? startProblem(board, index) : null;
    // One short line: a piece, or how many share the square, or else the square's worth and
    // whose it is; the note says everything (a piece standing on a point square hides its worth).
    const text =
      pieces.length > 1
        ? `${pieces.length} pieces`
        : pieces.length === 1
          ? pieces[0]
          : value > 0
            ? `${owner !== null ? `${owner}’s ` : ''}${points(value)}`
            : problem !== null
              ? '×'
              : '';
    // A piece is drawn in its player's colour; a captured square without a piece in its capturer's.
    const fill =
      numbers.length > 0
        ? NUMBER_FILLS[numbers[0]]
        : owner !== null
          ? NUMBER_FILLS[owner]
          : problem !== null
            ? PALETTE.lightGrey
            : undefined;
    const worth =
      value > 0
        ? [
            `a point square worth ${value === 1 ? '1 point' : `${value} points`}${owner !== null ? `, captured by ${who(owner)}` : ''}`,
          ]
        : [];
    const notes = [...worth, ...about, ...(problem !== null ? [problem] : [])];
    return {
      ...(text ? { text } : {}),
      ...(fill ? { fill, textColour: textOn(fill) } : {}),
      ...(value > 0 && pieces.length === 0 ? { bold: true } : {}),
      ...(value > 0 ? { borders: { top: THICK, right: THICK, bottom: THICK, left: THICK } } : {}),
      ...(notes.length > 0 ? { note: `${squareName(index)}: ${notes.join('; ')}` } : {}),
    };
  });
  return {
    title,
    ...letterLabels(SIZE, SIZE),
    cells,
    ...(caption ? { caption } : {}),
  };
}

function emptySquares(): Square[] {
  return Array.from({ length: SIZE * SIZE }, () => ({ pieces: [], numbers: [], about: [], owner: null }));
}

/** A piece as a square shows it: "5 Fortress". */
function pieceLabel(piece: PieceInfo, types: readonly PieceType[]): string {
  return `${piece.number} ${types[piece.type].name}`;
}

/** A piece in words, for notes and captions: "5 Ben's Fortress". */
function pieceWords(piece: PieceInfo, types: readonly PieceType[], who: Who): string {
  return `${who(piece.number)}’s ${types[piece.type].name}`;
}

/** "5 Ben": a player number with the name the board's title gives it. */
function whoIs(ctx: FasContext): Who {
  const names = new Map(ctx.players.map((p) => [ctx.options.numbers[p.id], ctx.playerName(p.id)]));
  return (number) => `${number} ${names.get(number) ?? ''}`.trim();
}

function turnSquares(
  group: GroupRecord,
  turn: TurnRecord,
  types: readonly PieceType[],
  numbers: Readonly<Record<string, number>>,
  who: Who,
): Square[] {
  const squares = emptySquares();
  turn.captures.forEach((owner, square) => {
    if (owner !== null) squares[square].owner = numbers[owner];
  });
  turn.cells.forEach((cell, piece) => {
    if (cell < 0) return;
    const info = group.pieces[piece];
    squares[cell].pieces.push(pieceLabel(info, types));
    squares[cell].numbers.push(info.number);
    const hold = turn.holds[piece];
    const next = turn.forced[piece];
    squares[cell].about.push(
      `${pieceWords(info, types, who)}${hold > 0 ? `, held ${hold} turn${hold === 1 ? '' : 's'}` : ''}${next ? `, moves ${DIRECTION_WORDS[next]} next turn` : ''}`,
    );
  });
  return squares;
}

function eventText(
  event: TurnEvent,
  group: GroupRecord,
  types: readonly PieceType[],
  numbers: Readonly<Record<string, number>>,
  who: Who,
): string {
  const words = (piece: number) => pieceWords(group.pieces[piece], types, who);
  const player = (id: string) => who(numbers[id]);
  switch (event.kind) {
    case 'cycle':
      return `${event.pieces.map(words).join(', ')} predicted each other in a circle and moved at random (${event.pieces.map((p, i) => `${words(p)} to ${squareName(event.squares[i])}`).join(', ')})`;
    case 'battle':
      return `battle on ${squareName(event.square)}: ${event.removed.map(words).join(', ')} removed`;
    case 'separation':
      return `pieces on ${squareName(event.square)} separate ${SEPARATION_WORDS[event.rule]}: ${event.pieces.map((p, i) => `${words(p)} ${separationMove(event.directions[i])}`).join(', ')}`;
    case 'capture':
      return event.from === null
        ? `${player(event.player)} captured ${squareName(event.square)} (${points(group.board[event.square])})`
        : `${player(event.player)} took ${squareName(event.square)} (${points(group.board[event.square])}) over from ${player(event.from)}`;
  }
}

/** "Group 0: 0 Ann, 1 Ben, 2 Cara, 3 Dan": the players by name, with the numbers the board shows. */
function groupTitle(ctx: FasContext, round: number, group: number): string {
  const players = groupPlayers(ctx, round, group).sort((a, b) => ctx.options.numbers[a] - ctx.options.numbers[b]);
  return `Group ${group}: ${players.map((p) => `${ctx.options.numbers[p]} ${ctx.playerName(p)}`).join(', ') || 'nobody'}`;
}

/** How each round's groups are drawn, in words: each tab says it, so no reader has to work out bits. */
const GROUP_RULE = [
  'even numbers play on group 0’s board, odd numbers on group 1’s',
  'numbers leaving 0 or 1 when divided by 4 play on group 0’s board, those leaving 2 or 3 on group 1’s',
  'numbers below 4 play on group 0’s board, 4 and up on group 1’s',
];

function groupRule(round: number): string {
  const numbers = (group: number) => Array.from({ length: 8 }, (_, n) => n).filter((n) => groupOf(n, round) === group);
  return `Groups in round ${round}: ${GROUP_RULE[round - 1]} (${numbers(0).join(', ')} | ${numbers(1).join(', ')}).`;
}

function roundTab(state: FasState, ctx: FasContext, round: number): BoardTab {
  const record = state.rounds[round - 1];
  const types = state.types[round - 1];
  const grids: Grid[] = [];
  // Each turn's board marks what that turn changed (markChanges against the group's turn before).
  const before = new Map<number, Grid>();
  const who = whoIs(ctx);
  for (let turn = 0; turn < record.groups[0].turns.length; turn++) {
    for (const group of record.groups) {
      const at = group.turns[turn];
      const events = at.events.map((e) => eventText(e, group, types, ctx.options.numbers, who));
      const caption = turn === 0 ? 'as placed' : events.join('; ') || undefined;
      const grid = boardGrid(
        `${groupTitle(ctx, round, group.group)} · turn ${turn}`,
        group.board,
        turnSquares(group, at, types, ctx.options.numbers, who),
        who,
        { caption },
      );
      grids.push(markChanges(grid, before.get(group.group)));
      before.set(group.group, grid);
    }
  }
  const results = record.groups.map(
    (g) =>
      `group ${g.group}: ${g.players.map((p) => `${ctx.playerName(p)} ${g.standings.find((s) => s.player === p)?.points ?? 0} → ${g.rankPoints[p]}`).join(', ')}`,
  );
  return {
    tab: `Round ${round}`,
    title: `Round ${round}: both groups turn by turn`,
    grids,
    caption: `${groupRule(round)} Points on the board → match points for the round: ${results.join(' · ')}`,
  };
}

/** What the planning boards show of the open round's placements, as this audience sees them. */
function placedSoFar(audience: Audience): string {
  if (audience === 'host') return 'Every placement counted so far is drawn. ';
  return audiencePlayer(audience)
    ? 'Your placement counted so far is drawn; nobody sees it until the round ends. '
    : '';
}

/** The open round's boards for planning, with the placements this audience may see. */
function planningTab(
  state: FasState,
  ctx: FasContext,
  round: number,
  visible: ReadonlyMap<string, FasMove>,
  audience: Audience,
): BoardTab {
  const types = state.types[round - 1];
  const who = whoIs(ctx);
  const grids = [0, 1].map((group) => {
    const squares = emptySquares();
    for (const player of groupPlayers(ctx, round, group)) {
      for (const placement of visible.get(player)?.placements ?? []) {
        const piece = { owner: player, number: ctx.options.numbers[player], type: placement.type, order: [] };
        squares[placement.square].pieces.push(pieceLabel(piece, types));
        squares[placement.square].numbers.push(piece.number);
        squares[placement.square].about.push(`${pieceWords(piece, types, who)}, placed`);
      }
    }
    return boardGrid(
      `${groupTitle(ctx, round, group)} · place your pieces`,
      boardFor(state, round, group),
      squares,
      who,
      {
        caption: `${placedSoFar(audience)}No piece may start on a square marked ×, nor on a point square.`,
        planning: true,
      },
    );
  });
  return { tab: 'Current', title: `Round ${round}: the boards to place on`, grids, caption: groupRule(round) };
}

function finalTab(state: FasState, ctx: FasContext): BoardTab {
  const record = state.rounds[state.rounds.length - 1];
  const types = state.types[record.round - 1];
  const who = whoIs(ctx);
  const grids = record.groups.map((group) => {
    const last = group.turns[group.turns.length - 1];
    const previous: TurnRecord | undefined = group.turns[group.turns.length - 2];
    const title = `${groupTitle(ctx, record.round, group.group)} · after turn ${last.turn}`;
    const squaresAt = (turn: TurnRecord) => turnSquares(group, turn, types, ctx.options.numbers, who);
    const caption = `Points on this board: ${group.players.map((p) => `${who(ctx.options.numbers[p])}: ${points(group.standings.find((s) => s.player === p)?.points ?? 0)}`).join(', ')}`;
    // Marked: what the last turn changed.
    const grid = boardGrid(title, group.board, squaresAt(last), who, { caption });
    return previous ? markChanges(grid, boardGrid(title, group.board, squaresAt(previous), who, { caption })) : grid;
  });
  return {
    tab: 'Current',
    title: `Round ${record.round}: the final boards`,
    grids,
    caption: groupRule(record.round),
  };
}

export function moveText(move: FasMove | null | undefined, types: readonly PieceType[]): string {
  if (!move) return 'no valid placement (no pieces)';
  const pieces = move.placements.map((p) => `${types[p.type].name} ${squareName(p.square)}`).join('; ');
  if (!move.priority) return pieces;
  const type = types[move.priority.type];
  return `${pieces} | priority ${type.name}: ${describeOptions(type.options, move.priority.order)}`;
}

export function fasView(
  state: FasState,
  audience: Audience,
  ctx: FasContext,
  open: OpenPhaseInfo<FasMove> | null,
): GameView {
  const viewer = audiencePlayer(audience);
  const round = state.rounds.length + 1;
  const openMoves = open?.moves ?? new Map<string, FasMove>();
  const visible = new Map([...openMoves].filter(([player]) => audience === 'host' || player === viewer));
  const boards: BoardTab[] = [
    state.rounds.length < ROUNDS ? planningTab(state, ctx, round, visible, audience) : finalTab(state, ctx),
    ...state.rounds.map((r) => roundTab(state, ctx, r.round)).reverse(),
  ];

  const sections: Table[] = [groupsTable(ctx), piecesTable(state)];
  for (const record of [...state.rounds].reverse()) sections.push(resultsTable(state, ctx, record.round));
  const types = state.types[Math.min(round, ROUNDS) - 1];
  if (open && viewer) {
    sections.push({
      title: `Your submission for ${open.phase.title}`,
      header: ['Counts now'],
      rows: [[openMoves.has(viewer) ? moveText(openMoves.get(viewer), types) : 'nothing yet']],
    });
  }
  if (viewer) {
    sections.push({
      title: 'Your garnets',
      header: ['Given at the start', 'Spent on priority', 'Left to spend'],
      rows: [
        [
          garnetBalance(state, ctx, viewer) + garnetsSpent(state, viewer),
          garnetsSpent(state, viewer),
          garnetBalance(state, ctx, viewer),
        ],
      ],
    });
  }
  if (audience === 'host') {
    if (open) {
      sections.push({
        title: `Submissions counted so far for ${open.phase.title}`,
        header: ['Player', 'No.', 'Counts now'],
        rows: ctx.players.map((p) => [
          p.name,
          ctx.options.numbers[p.id],
          openMoves.has(p.id) ? moveText(openMoves.get(p.id), types) : 'nothing yet',
        ]),
      });
    }
    sections.push({
      title: 'Garnets (host only)',
      header: ['Player', 'Given at the start', 'Spent on priority', 'Left to spend'],
      rows: ctx.players.map((p) => [p.name, p.garnets, garnetsSpent(state, p.id), garnetBalance(state, ctx, p.id)]),
    });
  }
  const who = audience === 'host' ? 'host' : viewer ? ctx.playerName(viewer) : 'public';
  return {
    title: `Fair and Square (${who})`,
    boards,
    scoreboard: scoreboard(state, ctx),
    legend: legend(state, ctx),
    sections,
  };
}
