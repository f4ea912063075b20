// Peg Domain views. Public: the domain, both pallets (what each turn cut, what was removed), the
// clocks, every turn's move. A pending removal (and a pending Additional Peg) is the submitter's
// and the host's alone until it is applied at the end of the turn.

import { zonedText } from '../../core/zones.js';
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
  textOn,
} from '../../core/view.js';
import { DOMAIN, PALLET, PALLET_CELLS } from './geometry.js';
import { ITEM_NAMES } from './options.js';
import { type Domain, countCut, countRemoved, domainName, isLivePeg, palletName, rapidArea } from './pallet.js';
import { hasLegalMove } from './search.js';
import {
  type Cutout,
  type PegContext,
  type PegMove,
  type PegState,
  type TurnRecord,
  maySubtract,
  opponentOf,
  standings,
} from './state.js';

export const SIDE_COLOURS = [PALETTE.red, PALETTE.blue];
export const PENDING = PALETTE.purple;
/**
 * Each player's mark on the domain: a shape, never a letter, so that no reader takes a square's
 * owner for one of the board's column letters A–I (the initials did: "A" in column B). Shapes that
 * Arial and its stand-ins (Liberation Sans, in LibreOffice) all draw; the scoreboard and the
 * legend show each on its player's colour, and ● stays the peg.
 */
const MARKS = ['▲', '■'];

function playerMarks(ctx: PegContext): Record<string, string> {
  return Object.fromEntries(ctx.players.map((p, i) => [p.id, MARKS[i]]));
}

function colourOf(ctx: PegContext, player: string): string {
  return SIDE_COLOURS[ctx.players.findIndex((p) => p.id === player)] ?? PALETTE.grey;
}

function domainGrid(
  domain: Domain,
  ctx: PegContext,
  title: string,
  highlight: readonly number[],
  subtracted: ReadonlyMap<number, number>,
  caption?: string,
): Grid {
  const marks = playerMarks(ctx);
  const placed = new Set(highlight);
  const cells = boardCells(DOMAIN.rows, DOMAIN.cols, (i) => {
    const owner = domain.owner[i];
    const fill = owner ? colourOf(ctx, owner) : undefined;
    const lifted = subtracted.get(i);
    const note = `${domainName(i)}: ${owner ? ctx.playerName(owner) : 'nobody'}'s${domain.peg[i] ? ', a peg' : ''}${lifted ? `; its peg was subtracted in turn ${lifted}` : ''}`;
    return {
      text: owner ? `${marks[owner]}${domain.peg[i] ? '●' : ''}` : '',
      ...(fill ? { fill, textColour: textOn(fill) } : {}),
      bold: domain.peg[i],
      // The cut-out placed in that turn, with the shared marker of what changed.
      ...(placed.has(i) ? { changed: true } : {}),
      note,
    };
  });
  return { title, ...letterLabels(DOMAIN.rows, DOMAIN.cols), cells, ...(caption ? { caption } : {}) };
}

/** Pending marks by pallet owner: squares about to be removed, an Additional Peg about to be placed. */
interface PendingMarks {
  readonly removal: ReadonlyMap<string, ReadonlySet<number>>;
  readonly extraPeg: ReadonlyMap<string, number>;
}

/** A pallet; the squares cut out or removed in turn `latest` carry the marker of what changed. */
function palletGrid(state: PegState, ctx: PegContext, player: string, pending: PendingMarks, latest: number): Grid {
  const pallet = state.pallets[player];
  const cells = boardCells(PALLET.rows, PALLET.cols, (i) => {
    const cell = palletCell(state, ctx, player, pending, i);
    const changed = latest > 0 && (pallet.cutIn[i] === latest || pallet.removedIn[i] === latest);
    return changed ? { ...cell, changed } : cell;
  });
  const caption = `${countCut(pallet)} squares cut out, ${countRemoved(pallet)} removed, ${PALLET_CELLS - countCut(pallet) - countRemoved(pallet)} left`;
  return { title: `${ctx.playerName(player)}'s pallet`, ...letterLabels(PALLET.rows, PALLET.cols), cells, caption };
}

/** One pallet square, by what became of it: cut out, removed, about to be removed, about to take the Additional Peg, a peg, or a square. */
function palletCell(state: PegState, ctx: PegContext, player: string, pending: PendingMarks, i: number): GridCell {
  const pallet = state.pallets[player];
  const name = palletName(i);
  const peg = pallet.pegs[i];
  if (pallet.cutIn[i] > 0) {
    const colour = colourOf(ctx, player);
    return {
      text: `${pallet.cutIn[i]}${peg ? '●' : ''}`,
      fill: colour,
      textColour: textOn(colour),
      note: `${name}: ${peg ? 'peg ' : ''}cut out in turn ${pallet.cutIn[i]}`,
    };
  }
  if (pallet.removedIn[i] > 0) {
    return {
      text: '✕',
      fill: PALETTE.black,
      textColour: PALETTE.white,
      note: `${name}: removed by ${ctx.playerName(opponentOf(ctx, player))} in turn ${pallet.removedIn[i]}`,
    };
  }
  if (pending.removal.get(player)?.has(i)) {
    return {
      text: '?',
      fill: PENDING,
      textColour: textOn(PENDING),
      note: `${name}: your pending removal, applied at the end of the turn unless ${ctx.playerName(player)} cuts it`,
    };
  }
  if (pending.extraPeg.get(player) === i) {
    return {
      text: '+?',
      fill: PALETTE.green,
      textColour: textOn(PALETTE.green),
      note: `${name}: your Additional Peg, placed when the pregame closes`,
    };
  }
  const extra = state.extraPegs[player];
  if (peg)
    return {
      text: extra === i ? '●+' : '●',
      bold: true,
      note: `${name}: ${extra === i ? 'the Additional Peg' : 'a peg'}`,
    };
  return { text: '', note: `${name}: a square` };
}

function minutes(seconds: number | null): string {
  if (seconds === null) return '';
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A cut-out as written, or summed up when the list is long (the log keeps every square). */
function cutText(cut: Cutout): string {
  if (cut.notation.length <= 40) return cut.notation;
  return `a ${cut.cells.length}-square cut-out anchored on ${palletName(cut.anchor)}`;
}

function turnText(record: TurnRecord, ctx: PegContext): string {
  const name = ctx.playerName(record.mover);
  let text: string;
  if (record.placement) {
    const { cut, place, gained, captured } = record.placement;
    text = `${name} cut ${cutText(cut)} and placed it at ${domainName(place.at)} turned ${place.rotation}°: +${gained} square${gained === 1 ? '' : 's'}${captured > 0 ? ` (${captured} from ${ctx.playerName(opponentOf(ctx, record.mover))})` : ''}`;
    if (record.subtracted !== undefined)
      text += `, after lifting the peg on ${domainName(record.subtracted)} (Peg Subtraction)`;
  } else if (record.outcome === 'finished') {
    text = `${name} finished`;
  } else if (record.outcome === 'out-of-time') {
    text = `${name} ran out of time and reserve: finished automatically`;
  } else {
    text = `${name} sent no valid move (this record has no times): treated as finishing`;
  }
  if (record.removal) text += `. ${ctx.playerName(record.removal.by)}: ${record.removal.note}`;
  return text;
}

function subtractions(state: PegState, upTo: number): Map<number, number> {
  return new Map(
    state.turns
      .filter((t) => t.turn <= upTo)
      .flatMap((t) => (t.subtracted === undefined ? [] : [[t.subtracted, t.turn] as const])),
  );
}

/** Turns per history tab: a match of 30 turns is 8 tabs, not 30. */
const TURNS_PER_TAB = 4;

function boards(state: PegState, ctx: PegContext, pending: PendingMarks): BoardTab[] {
  const last = state.turns[state.turns.length - 1];
  const currentTitle = last ? `The domain after turn ${last.turn}` : 'The domain at the start';
  // Where both players stand, under the latest move: "Ann: finished in turn 27 · Ben: to move".
  const standing = ctx.players.map((p) => `${p.name}: ${statusOf(state, p.id)}`).join(' · ');
  const tabs: BoardTab[] = [
    {
      tab: 'Current',
      title: currentTitle,
      grids: [
        domainGrid(
          state.domain,
          ctx,
          currentTitle,
          last?.placement?.covered ?? [],
          subtractions(state, Infinity),
          last ? `${turnText(last, ctx)}. ${standing}` : standing,
        ),
        ...ctx.players.map((p) => palletGrid(state, ctx, p.id, pending, last?.turn ?? 0)),
      ],
    },
  ];
  // The history: every turn before the latest (Current shows that one), a few turns a tab, newest
  // tab first. A tab keeps its name as it fills ("Turns 5–8"), so adding a turn never renames one.
  const history = state.turns.slice(0, -1);
  for (
    let first = Math.floor((history.length - 1) / TURNS_PER_TAB) * TURNS_PER_TAB;
    first >= 0;
    first -= TURNS_PER_TAB
  ) {
    const records = history.slice(first, first + TURNS_PER_TAB);
    const grids = records.map((record) =>
      domainGrid(
        record.domain,
        ctx,
        `After turn ${record.turn}`,
        record.placement?.covered ?? [],
        subtractions(state, record.turn),
        turnText(record, ctx),
      ),
    );
    const name = `Turns ${first + 1}–${first + TURNS_PER_TAB}`;
    const shown = records.length === 1 ? `turn ${first + 1}` : `turns ${first + 1}–${first + records.length}`;
    tabs.push({ tab: name, title: `The domain after ${shown}`, grids });
  }
  return tabs;
}

function statusOf(state: PegState, player: string): string {
  if (state.finishedIn[player] !== undefined) return `finished in turn ${state.finishedIn[player]}`;
  return state.nextMover === player ? 'to move' : 'playing';
}

function scoreboard(state: PegState, ctx: PegContext): Table {
  const sides = ['columns A–D', 'columns F–I'];
  const marks = playerMarks(ctx);
  const order = standings(state, ctx);
  return {
    title: 'Standing (more domain squares wins; then more pallet squares used)',
    header: [
      'Player',
      'Mark',
      'Side',
      'Domain squares',
      'Pallet squares used',
      'Pegs left',
      'Removed from pallet',
      'Status',
    ],
    // The mark on the player's colour, as the domain shows their squares.
    fills: order.map((s) => [null, colourOf(ctx, s.player)]),
    rows: order.map((s, i) => {
      const pallet = state.pallets[s.player];
      const pegsLeft = Array.from({ length: PALLET_CELLS }, (_, c) => c).filter((c) => isLivePeg(pallet, c)).length;
      return [
        ctx.playerName(s.player),
        marks[s.player],
        sides[i],
        s.domain,
        s.used,
        pegsLeft,
        countRemoved(pallet),
        statusOf(state, s.player),
      ];
    }),
  };
}

function clocks(state: PegState, ctx: PegContext, open: OpenPhaseInfo<PegMove> | null): Table {
  const mover = state.nextMover;
  const rows = ctx.players.map((p) => {
    const mine = state.turns.filter((t) => t.mover === p.id);
    const timed = mine.filter((t) => t.secondsUsed !== null);
    const total = timed.reduce((sum, t) => sum + (t.secondsUsed ?? 0), 0);
    const last = mine[mine.length - 1];
    return [
      p.name,
      minutes(state.reserve[p.id]),
      minutes(ctx.options.reserveSeconds - state.reserve[p.id]),
      timed.length > 0 ? minutes(total) : '',
      last ? minutes(last.secondsUsed) : '',
      mine.length,
    ];
  });
  const turnOpen = open && open.phase.kind === 'turn' && mover;
  return {
    title: `Clocks: ${minutes(ctx.options.turnSeconds)} a turn, then the reserve in 10-second steps`,
    header: ['Player', 'Reserve left', 'Reserve used', 'Time used in all', 'Last turn', 'Turns'],
    rows,
    ...(turnOpen
      ? {
          caption: `${open.phase.title}: ${ctx.playerName(mover)} may move until ${open.timing.deadline ? zonedText(open.timing.deadline, 'UTC') : 'the host closes the turn'} (the Status tab gives it in your zone)`,
        }
      : {}),
  };
}

function turnLog(state: PegState, ctx: PegContext): Table {
  return {
    title: 'Turns',
    header: ['Turn', 'Player', 'Move', 'Time', 'Reserve used', 'Reserve left', 'Removal'],
    rows: [...state.turns]
      .reverse()
      .map((t) => [
        t.turn,
        ctx.playerName(t.mover),
        turnText({ ...t, removal: undefined }, ctx),
        minutes(t.secondsUsed),
        t.reserveUsed > 0 ? minutes(t.reserveUsed) : '',
        minutes(t.reserveLeft),
        t.removal ? `${ctx.playerName(t.removal.by)}: ${t.removal.note}` : '',
      ]),
  };
}

function legalMoves(state: PegState, ctx: PegContext): Table {
  return {
    title: 'Legal moves left (a player with none can only finish)',
    header: ['Player', 'Has a legal move'],
    rows: ctx.players.map((p) => {
      if (state.finishedIn[p.id] !== undefined) return [p.name, 'finished'];
      const board = { pallet: state.pallets[p.id], domainPegs: state.domain.peg };
      if (hasLegalMove(board)) return [p.name, 'yes'];
      return [
        p.name,
        maySubtract(state, ctx, p.id) && hasLegalMove(board, { subtract: true })
          ? 'only with Peg Subtraction'
          : 'no: finishing is forced',
      ];
    }),
  };
}

function itemsTable(state: PegState, ctx: PegContext): Table {
  return {
    title: 'Items',
    header: ['Player', 'Item', 'Used'],
    rows: ctx.players.flatMap((p) =>
      (ctx.options.items[p.id] ?? []).map((item) => {
        const used = state.itemsUsed[p.id][item];
        return [
          p.name,
          ITEM_NAMES[item],
          used === undefined ? 'not yet' : used === 0 ? 'in the pregame' : `in turn ${used}`,
        ];
      }),
    ),
  };
}

function moveText(move: PegMove | undefined): string {
  if (!move) return 'nothing yet';
  switch (move.kind) {
    case 'extra-peg':
      return `Additional Peg on ${palletName(move.square)}`;
    case 'finish':
      return 'finish';
    case 'remove':
      return move.rapid ? `Rapid Removal centred on ${palletName(move.square)}` : `remove ${palletName(move.square)}`;
    case 'place':
      return `cut ${move.cut.notation}, place ${domainName(move.place.at)} ${move.place.rotation}${move.subtract !== null ? `, subtract ${domainName(move.subtract)}` : ''}`;
  }
}

/** The pending marks an audience may see: the host all of them, a player their own. */
function pendingFor(
  state: PegState,
  ctx: PegContext,
  open: OpenPhaseInfo<PegMove> | null,
  { viewer, host }: { viewer: string | null; host: boolean },
): PendingMarks {
  const removal = new Map<string, Set<number>>();
  const extraPeg = new Map<string, number>();
  for (const [player, move] of open?.moves ?? []) {
    if (!host && player !== viewer) continue;
    if (move.kind === 'remove') {
      const target = opponentOf(ctx, player);
      const squares = move.rapid ? rapidArea(move.square, state.pallets[target]) : [move.square];
      removal.set(target, new Set(squares));
    }
    if (move.kind === 'extra-peg') extraPeg.set(player, move.square);
  }
  return { removal, extraPeg };
}

export function pegView(
  state: PegState,
  audience: Audience,
  ctx: PegContext,
  open: OpenPhaseInfo<PegMove> | null,
): GameView {
  const viewer = audiencePlayer(audience);
  const host = audience === 'host';
  const sections: Table[] = [clocks(state, ctx, open), turnLog(state, ctx), legalMoves(state, ctx)];
  if (ctx.options.variant === 'final') sections.push(itemsTable(state, ctx));
  if (open && viewer && open.moves.has(viewer)) {
    sections.push({
      title: `Your submission for ${open.phase.title}`,
      header: ['Counts now'],
      rows: [[moveText(open.moves.get(viewer))]],
    });
  }
  if (host && open) {
    sections.push({
      title: `Submissions counted so far for ${open.phase.title} (host only)`,
      header: ['Player', 'Counts now'],
      rows: Object.keys(open.phase.questions).map((id) => [ctx.playerName(id), moveText(open.moves.get(id))]),
    });
  }
  const who = host ? 'host' : viewer ? ctx.playerName(viewer) : 'public';
  return {
    title: `Peg Domain${ctx.options.variant === 'final' ? ' (final)' : ''} (${who})`,
    boards: boards(state, ctx, pendingFor(state, ctx, open, { viewer, host })),
    scoreboard: scoreboard(state, ctx),
    legend: legend(ctx, audience),
    sections,
  };
}

function legend(ctx: PegContext, audience: Audience): LegendItem[] {
  const marks = playerMarks(ctx);
  const items: LegendItem[] = ctx.players.map((p) => ({
    symbol: marks[p.id],
    fill: colourOf(ctx, p.id),
    textColour: textOn(colourOf(ctx, p.id)),
    meaning: `${p.name}'s domain square; on ${p.name}'s pallet, the number is the turn a square was cut out in`,
  }));
  items.push(
    { symbol: '●', meaning: 'a peg (●+ the Additional Peg)' },
    { symbol: '✕', fill: PALETTE.black, textColour: PALETTE.white, meaning: 'a pallet square removed by the opponent' },
  );
  // Pending marks are only ever on the host's and their sender's boards: only they need them explained.
  if (audience === 'host') {
    items.push(
      {
        symbol: '?',
        fill: PENDING,
        textColour: textOn(PENDING),
        meaning: 'a pending removal (its sender and the host see it until the turn ends)',
      },
      {
        symbol: '+?',
        fill: PALETTE.green,
        textColour: textOn(PALETTE.green),
        meaning: 'a pending Additional Peg (its holder and the host see it until the pregame closes)',
      },
    );
  } else if (audiencePlayer(audience)) {
    items.push(
      {
        symbol: '?',
        fill: PENDING,
        textColour: textOn(PENDING),
        meaning: 'your pending removal (only you and the host see it until the turn ends)',
      },
      {
        symbol: '+?',
        fill: PALETTE.green,
        textColour: textOn(PALETTE.green),
        meaning: 'your pending Additional Peg (only you and the host see it until the pregame closes)',
      },
    );
  }
  return items;
}
