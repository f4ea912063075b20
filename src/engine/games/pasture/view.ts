// Pasture views. Public: fences, the plans and which passed, which pasture each sheep is in, and
// scores. A player also sees their own exact cell, orders and votes; the host sees every cell, all
// orders and every tally. Exact cells of sheep appear only in host and owner views: the public
// grids mark pastures (with sheep counts), never cells.

import type { OpenPhaseInfo } from '../../core/game.js';
import { type Audience, type GameView, type LegendItem, type Table, audiencePlayer } from '../../core/view.js';
import { fenceWords, formatFence, formatRect, heightOf, pastureIndexAt, widthOf } from './geometry.js';
import { GATE_COLOUR, GRASS, PASTURE_FILLS, type Seer, boards, cellName } from './boards.js';
import { baseGrass, grassFactor } from './options.js';
import {
  type Orders,
  type PastureContext,
  type PastureMove,
  type PastureState,
  type Plan,
  garnetsLeft,
  plansOf,
  roundInPlay,
  sheepIn,
  totals,
} from './state.js';

function pastureOfPlayer(state: PastureState, player: string): string {
  return state.positions ? formatRect(state.pastures[pastureIndexAt(state.pastures, state.positions[player])]) : '';
}

function scoreboard(state: PastureState, ctx: PastureContext): Table {
  const sums = totals(state, ctx);
  const rows = ctx.players.map((p, i) => [
    i + 1,
    p.name,
    pastureOfPlayer(state, p.id),
    ...state.rounds.map((r) => r.scores[p.id]),
    sums[p.id],
    1 + ctx.players.filter((o) => sums[o.id] > sums[p.id]).length,
  ]);
  // By place (the last column), then by seat (the first).
  rows.sort((a, b) => Number(a[a.length - 1]) - Number(b[b.length - 1]) || Number(a[0]) - Number(b[0]));
  return {
    title: "Scores (each round: floor of the pasture's grass ÷ its sheep)",
    header: ['#', 'Player', 'Pasture now', ...state.rounds.map((r) => `R${r.round}`), 'Total', 'Rank'],
    rows,
  };
}

function pastureTable(state: PastureState, ctx: PastureContext): Table {
  const round = roundInPlay(state, ctx);
  return {
    title: 'Pastures now',
    header: ['Pasture', 'Size', `Grass (round ${round})`, 'Sheep', 'Who'],
    rows: state.pastures.map((rect) => {
      const flock = sheepIn(rect, state.positions, ctx);
      return [
        formatRect(rect),
        `${widthOf(rect)}×${heightOf(rect)}`,
        baseGrass(ctx.options.board, rect) * grassFactor(round),
        flock.length,
        flock.map(ctx.playerName).join(', '),
      ];
    }),
  };
}

/** The open round's plans: final once the plans phase has closed, live while it is open. */
function currentPlans(state: PastureState, open: OpenPhaseInfo<PastureMove> | null): readonly Plan[] {
  if (state.plans) return state.plans;
  return open?.phase.kind === 'plans' ? plansOf(state, open.moves) : [];
}

function plansTable(state: PastureState, ctx: PastureContext, open: OpenPhaseInfo<PastureMove> | null): Table | null {
  const plans = currentPlans(state, open);
  if (!open || open.phase.kind === 'pregame') return null;
  return {
    title: `Fence plans for round ${state.rounds.length + 1}${state.plans ? '' : ' (so far)'}`,
    header: ['Plan', 'By', 'Fence', 'In words', 'Pasture'],
    rows: plans.map((p) => [
      p.id,
      ctx.playerName(p.player),
      formatFence(p.fence),
      fenceWords(p.fence),
      formatRect(p.pasture),
    ]),
    caption:
      "Ids follow the order of submission; a player's new plan replaces their earlier one and takes a new id. A pasture with no plan is halved by the default plan.",
  };
}

function fenceTable(state: PastureState, ctx: PastureContext): Table {
  const planBy = (round: number, id: string | null) => {
    if (id === null) return 'starting fence';
    if (id === 'default') return 'default plan (halving)';
    const plan = state.rounds[round - 1].plans.find((p) => p.id === id);
    return `${id} by ${plan ? ctx.playerName(plan.player) : '?'}`;
  };
  return {
    title: 'Fences (the plan that passed in each pasture)',
    header: ['Round', 'Fence', 'In words', 'Pasture it split', 'Plan'],
    rows: state.fences.map((f) => [
      f.round === 0 ? 'start' : f.round,
      formatFence(f.fence),
      fenceWords(f.fence),
      formatRect(f.pasture),
      planBy(f.round, f.plan),
    ]),
  };
}

function ordersText(orders: Orders): string[] {
  const count = new Map<string, number>();
  for (const id of orders.extra) count.set(id, (count.get(id) ?? 0) + 1);
  return [
    orders.votes.join(' ') || '—',
    [...count].map(([id, n]) => (n > 1 ? `${id}×${n}` : id)).join(' ') || '—',
    orders.gate ? `${cellName(orders.gate[0])}–${cellName(orders.gate[1])}` : '—',
    orders.buyGate ? 'yes' : '—',
  ];
}

/** Each round's orders and where each sheep went: for the host (everyone) or a player (own). */
function ordersTable(state: PastureState, ctx: PastureContext, players: readonly string[], title: string): Table {
  const rows = state.rounds.flatMap((r) =>
    players.map((id) => {
      const orders = r.orders[id];
      return [
        r.round,
        ctx.playerName(id),
        cellName(r.from[id]),
        orders.move ? cellName(orders.move) : 'stay',
        cellName(r.positions[id]),
        ...ordersText(orders),
      ];
    }),
  );
  return {
    title,
    header: ['Round', 'Player', 'From', 'Target', 'Ended on', 'Votes', 'Extra votes', 'Gate', 'Bought gate'],
    rows,
  };
}

function talliesTable(state: PastureState): Table {
  const rows = state.rounds.flatMap((r) =>
    r.results.flatMap((result) => {
      const outcome = result.passed
        ? `${result.passed.plan} passed (${result.decidedBy}${result.drawnAmong ? ` among ${result.drawnAmong.join(', ')}` : ''})`
        : 'single cell: no fence';
      if (result.tallies.length === 0)
        return [
          [
            r.round,
            formatRect(result.pasture),
            result.passed?.plan ?? '—',
            result.passed ? formatFence(result.passed.fence) : '—',
            '',
            '',
            outcome,
          ],
        ];
      return result.tallies.map((t) => [
        r.round,
        formatRect(result.pasture),
        t.plan,
        formatFence(t.fence),
        t.dominant,
        t.influence,
        outcome,
      ]);
    }),
  );
  return {
    title: 'Votes and tallies (host only)',
    header: ['Round', 'Pasture', 'Plan', 'Fence', 'Dominant', 'Influence', 'Result'],
    rows,
  };
}

function walletTable(state: PastureState, ctx: PastureContext, players: readonly string[], title: string): Table {
  return {
    title,
    header: ['Player', 'Cell', 'Pasture', 'Gates left', 'Extra gate bought', 'Garnets spent', 'Garnets left'],
    rows: players.map((id) => [
      ctx.playerName(id),
      state.positions ? cellName(state.positions[id]) : '',
      pastureOfPlayer(state, id),
      state.gatesLeft[id] ?? 0,
      state.gateBoughtIn[id] ? `round ${state.gateBoughtIn[id]}` : 'no',
      state.spent[id] ?? 0,
      garnetsLeft(state, ctx, id),
    ]),
    ...(players.some((id) => state.placedAtRandom.includes(id))
      ? {
          caption: `Named no starting cell, so placed by the seeded draw: ${players
            .filter((id) => state.placedAtRandom.includes(id))
            .map(ctx.playerName)
            .join(', ')}`,
        }
      : {}),
  };
}

function moveText(move: PastureMove | undefined): string {
  if (!move) return 'nothing yet';
  if (move.kind === 'start') return `start ${cellName(move.cell)}`;
  if (move.kind === 'plan') return move.plan ? `plan P${move.plan.number}: ${formatFence(move.plan.fence)}` : 'no plan';
  const [votes, extra, gate, buy] = ordersText(move.orders);
  return `move ${move.orders.move ? cellName(move.orders.move) : 'stay'}; votes ${votes}; extra ${extra}; gate ${gate}; buy gate ${buy}`;
}

function legend(seer: Seer, ctx: PastureContext): LegendItem[] {
  const values = ctx.options.board.flat();
  const items: LegendItem[] = [
    {
      symbol: String(Math.min(...values)),
      fill: GRASS[0],
      meaning: 'the least grass on the board (lightest green); numbers are base values × 2^(round − 1)',
    },
    {
      symbol: String(Math.max(...values)),
      fill: GRASS[GRASS.length - 1],
      textColour: '#FFFFFF',
      meaning: 'the richest grass (darkest green)',
    },
    { symbol: '┃', meaning: 'thick line: a fence (pastures are the areas between fences)' },
    {
      symbol: '(n)',
      fill: PASTURE_FILLS.flock,
      meaning: 'how many sheep are in the pasture; white pastures are empty',
    },
  ];
  if (seer.audience !== 'host')
    items.push({
      symbol: ctx.players[0]?.name ?? 'Ann',
      fill: PASTURE_FILLS.flock,
      meaning: 'in italics: a sheep in the pasture (who, not where)',
    });
  if (seer.audience === 'host')
    items.push({ symbol: '3', fill: PASTURE_FILLS.sheep, meaning: "a sheep's cell, by player number" });
  if (seer.viewer) items.push({ symbol: '★', fill: PASTURE_FILLS.sheep, meaning: 'your sheep' });
  if (seer.audience === 'host' || seer.viewer)
    items.push({
      symbol: '┃',
      textColour: GATE_COLOUR,
      meaning: 'red line: a gate placed that round' + (seer.viewer ? ' (yours)' : ''),
    });
  return items;
}

export function pastureView(
  state: PastureState,
  audience: Audience,
  ctx: PastureContext,
  open: OpenPhaseInfo<PastureMove> | null,
): GameView {
  const viewer = audiencePlayer(audience);
  const seer: Seer = { audience, viewer, canSee: (player) => audience === 'host' || player === viewer };
  const sections: Table[] = [pastureTable(state, ctx)];
  const plans = plansTable(state, ctx, open);
  if (plans) sections.push(plans);
  sections.push(fenceTable(state, ctx));
  if (viewer) {
    sections.push(walletTable(state, ctx, [viewer], 'Your sheep, gates and garnets'));
    if (open)
      sections.push({
        title: `Your submission for ${open.phase.title}`,
        header: ['Counts now'],
        rows: [[moveText(open.moves.get(viewer))]],
      });
    sections.push(ordersTable(state, ctx, [viewer], 'Your orders and votes by round'));
  }
  if (audience === 'host') {
    const everyone = ctx.players.map((p) => p.id);
    if (open) {
      sections.push({
        title: `Submissions counted so far for ${open.phase.title}`,
        header: ['Player', 'Counts now'],
        rows: ctx.players.map((p) => [p.name, moveText(open.moves.get(p.id))]),
      });
    }
    sections.push(walletTable(state, ctx, everyone, 'Sheep, gates and garnets (host only)'));
    sections.push(talliesTable(state));
    sections.push(ordersTable(state, ctx, everyone, 'Orders by round (host only)'));
  }
  const who = audience === 'host' ? 'host' : viewer ? ctx.playerName(viewer) : 'public';
  return {
    title: `Pasture (${who})`,
    boards: boards(state, ctx, seer),
    scoreboard: scoreboard(state, ctx),
    legend: legend(seer, ctx),
    sections,
  };
}
