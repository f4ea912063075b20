// The season ledger as readers see it (the Season tab of the host's and the spectators' sheets, and
// `genius-host season`): one row a player, one column a match, each cell the player's garnets,
// Tokens of Life and status after that match in words, its fill the status in colour; then what
// happened around each match, and the chain of matches with the first place it breaks.

import { PALETTE, type Table } from '../core/view.js';
import type { SeasonCell, SeasonLedger, SeasonStatus } from './ledger.js';

/** Each status in words, and its colour (core/view.ts PALETTE: told apart in every colour vision; the words carry it all the same). */
const STATUS_LOOK: Readonly<Record<SeasonStatus, { readonly words: string; readonly fill: string | null }>> = {
  playing: { words: 'playing', fill: null },
  candidate: { words: 'elimination candidate', fill: PALETTE.orange },
  'death-match': { words: 'in a death match', fill: PALETTE.red },
  eliminated: { words: 'eliminated', fill: PALETTE.grey },
  winner: { words: 'season winner', fill: PALETTE.green },
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A player after one match, in words: "3 garnets (+2) · 1 Token of Life · elimination candidate"; `before`, the same player after the match before. */
function cellWords(cell: SeasonCell, before?: SeasonCell): string {
  const change = cell.garnets - (before?.garnets ?? cell.garnets);
  const parts = [
    `${count(cell.garnets, 'garnet', 'garnets')}${change !== 0 ? ` (${change > 0 ? '+' : ''}${change})` : ''}`,
  ];
  if (cell.tokensOfLife > 0) parts.push(count(cell.tokensOfLife, 'Token of Life', 'Tokens of Life'));
  parts.push(cell.played || cell.status !== 'playing' ? STATUS_LOOK[cell.status].words : 'playing (sat this one out)');
  return parts.join(' · ');
}

/** The rules the season plays by: what each rule is about, and what it says in this season. */
function rulesRows(ledger: SeasonLedger): [string, string][] {
  const r = ledger.rules;
  return [
    [
      'Death match',
      `The elimination candidate of a main match plays the next death match, against an opponent ${r.opponent === 'candidate' ? 'the candidate chooses' : 'the host chooses'} among the players without a Token of Life.`,
    ],
    [
      'Token of Life',
      r.tokens === 'next-main-match'
        ? 'A Token of Life lasts until the next main match starts.'
        : 'A Token of Life lasts until it is used.',
    ],
    [
      'A token saves',
      r.tokenSavesCandidate
        ? 'An elimination candidate holding a Token of Life uses it and plays no death match.'
        : 'A Token of Life does not save the elimination candidate: it only keeps its holder from being chosen as the opponent.',
    ],
    [
      'Elimination',
      r.eliminatedGarnets === 'to-winner'
        ? "The loser of a death match leaves the season; their garnets go to the death match's winner."
        : 'The loser of a death match leaves the season with their garnets.',
    ],
  ];
}

/** The rules, one line each. */
export function rulesLines(ledger: SeasonLedger): string[] {
  return rulesRows(ledger).map(([, line]) => line);
}

/** The ledger as a table: a row a player, a column a match, each cell filled by the player's status. */
export function ledgerTable(ledger: SeasonLedger): Table {
  const rows = ledger.players.map((p) => [
    p.name,
    ...ledger.columns.map((c, i) =>
      c.cells[p.id] ? cellWords(c.cells[p.id], ledger.columns[i - 1]?.cells[p.id]) : '',
    ),
  ]);
  const fills = ledger.players.map((p) => [
    null,
    ...ledger.columns.map((c) => (c.cells[p.id] ? STATUS_LOOK[c.cells[p.id].status].fill : null)),
  ]);
  return {
    title: `Season "${ledger.name}": each player after each match`,
    header: ['Player', ...ledger.columns.map((c) => `${c.heading}: ${c.title}${c.over ? '' : ' (not over)'}`)],
    rows,
    fills,
    caption: `Every number is replayed from the matches' own files; nothing here is typed by hand. Colours: ${Object.values(
      STATUS_LOOK,
    )
      .filter((look) => look.fill !== null)
      .map((look) => look.words)
      .join(', ')} (each also written in its cell).`,
  };
}

/** What happened in and around each match: its result, and the season's consequences. */
export function matchesTable(ledger: SeasonLedger): Table {
  return {
    title: 'The matches',
    header: ['Match', 'Game', 'Result', 'What it did to the season'],
    rows: ledger.columns.map((c) => [c.heading, c.title, c.summary, c.events.join('; ') || 'nothing more']),
  };
}

/** Each match chained to the one before it by its hash, and every place the chain breaks. */
export function chainTable(ledger: SeasonLedger): Table {
  const rows = ledger.columns.map((c) => {
    const issues = ledger.issues.filter((i) => i.match === c.number);
    const check =
      issues.length > 0
        ? issues.map((i) => i.message).join('; ')
        : c.number === 1
          ? "the season's first match: its balances open the season"
          : 'starts from the players and balances the match before it ended with';
    return [c.heading, c.label, c.hash ?? 'not over yet', check];
  });
  return {
    title: 'The chain: each match names the one before it by its hash',
    header: ['Match', 'File', 'Its hash (the next match names it)', 'Check'],
    rows,
    fills: rows.map((_, i) => [null, null, null, ledger.issues.some((x) => x.match === i + 1) ? PALETTE.orange : null]),
  };
}

/** Every table of the Season tab, in order. */
export function seasonTables(ledger: SeasonLedger): Table[] {
  return [
    ledgerTable(ledger),
    matchesTable(ledger),
    { title: 'The season\u2019s rules', header: ['Rule', 'In this season'], rows: rulesRows(ledger) },
    chainTable(ledger),
  ];
}
