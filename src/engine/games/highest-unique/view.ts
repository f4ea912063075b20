// Highest Unique views. Every pick of a finished round is public (the board); the round still open
// is secret: a player sees only their own number counted so far, the host every player's, and the
// spectators only who has answered (the status, names only).

import type { OpenPhaseInfo } from '../../core/game.js';
import {
  type Audience,
  type GameView,
  type LegendItem,
  PALETTE,
  type Table,
  audiencePlayer,
  textOn,
} from '../../core/view.js';
import { colourOf, markOf, picksGrid } from './board.js';
import { type HuContext, type HuMove, type HuState, countsOf, rank } from './state.js';

function scoreboard(state: HuState, ctx: HuContext): Table {
  const { order } = rank(state, ctx);
  const over = state.rounds.length >= ctx.options.rounds;
  const rows = order.map((s, place) => [
    ctx.playerName(s.player),
    colourOf(ctx, s.player).name,
    ...state.rounds.map((r) => (r.scorer === s.player ? r.number : 0)),
    s.points,
    s.scored,
    place + 1,
  ]);
  return {
    title: over ? 'Final scores' : 'Scores if the game ended now',
    header: ['Player', 'Colour', ...state.rounds.map((r) => `R${r.round}`), 'Points', 'Rounds scored', 'Rank'],
    rows,
    // Each player's colour as a swatch, with its name written in it.
    fills: order.map((s) => rows[0].map((_, c) => (c === 1 ? colourOf(ctx, s.player).hex : null))),
    caption: 'Ties: more rounds scored ranks higher, then the seeded draw.',
  };
}

function roundsTable(state: HuState, ctx: HuContext): Table {
  return {
    title: 'Rounds',
    header: ['Round', 'Unique high', 'Scored by', 'Numbers sent by more than one'],
    rows: state.rounds.map((r) => {
      const shared = [...countsOf(r.picks)]
        .filter(([, count]) => count > 1)
        .sort(([a], [b]) => b - a)
        .map(([number, count]) => `${number} ×${count}`)
        .join(', ');
      return [r.round, r.number ?? 'none', r.scorer ? ctx.playerName(r.scorer) : 'nobody', shared || 'none'];
    }),
  };
}

function legend(ctx: HuContext): LegendItem[] {
  const first = colourOf(ctx, ctx.players[0]?.id ?? '');
  const players: LegendItem[] = ctx.players.map((p, i) => {
    const colour = colourOf(ctx, p.id);
    return {
      symbol: markOf(ctx, p.id),
      fill: colour.hex,
      textColour: textOn(colour.hex),
      meaning: `row ${i + 1}: ${p.name} (${colour.name})`,
    };
  });
  return [
    ...players,
    {
      symbol: '7',
      fill: first.hex,
      textColour: textOn(first.hex),
      meaning: "outlined, bold, in the player's colour: the round's unique high pick, which scores its value",
    },
    {
      symbol: '9',
      textColour: PALETTE.darkGrey,
      meaning: 'grey italic: a number more than one player sent; it scores nothing',
    },
    { symbol: '4', meaning: 'plain: a number nobody else sent, but lower than the unique high one' },
    { symbol: '–', textColour: PALETTE.darkGrey, meaning: 'sent nothing (or nothing valid) that round' },
    {
      symbol: '★',
      meaning: "the last row: each round's unique high number, or — where every number was shared",
    },
  ];
}

function moveText(move: HuMove | undefined): string {
  return move ? String(move.pick) : 'nothing yet';
}

export function huView(
  state: HuState,
  audience: Audience,
  ctx: HuContext,
  open: OpenPhaseInfo<HuMove> | null,
): GameView {
  const viewer = audiencePlayer(audience);
  const sections: Table[] = [roundsTable(state, ctx)];
  if (open && viewer) {
    sections.push({
      title: `Your number for ${open.phase.title}`,
      header: ['Counts now'],
      rows: [[moveText(open.moves.get(viewer))]],
    });
  }
  if (open && audience === 'host') {
    sections.push({
      title: `Numbers counted so far for ${open.phase.title} (host only)`,
      header: ['Player', 'Counts now'],
      rows: ctx.players.map((p) => [p.name, moveText(open.moves.get(p.id))]),
    });
  }
  const last = state.rounds[state.rounds.length - 1];
  const title = last ? `Every pick after round ${last.round}` : 'Every pick (none yet: round 1 is open)';
  const who = audience === 'host' ? 'host' : viewer ? ctx.playerName(viewer) : 'public';
  return {
    title: `Highest Unique (${who})`,
    boards: [{ tab: 'Current', title, grids: [picksGrid(state, ctx, title)] }],
    scoreboard: scoreboard(state, ctx),
    legend: legend(ctx),
    sections,
  };
}
