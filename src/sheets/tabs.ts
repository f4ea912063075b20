// Which tabs an audience's workbook has, in which order, and what each holds.
//
// Order: the current board first, then the tabs a reader comes back to (Scoreboard, Status,
// Legend, Details, Log, and the spectators' and the host's Seed) at fixed places, then the game's
// other boards, newest first. So the scoreboard never moves as rounds are added, and the newest
// round is always next to them.

import { CHANGED_NOTE, type StatusView, type Table, type View, marksChanges } from '../engine/core/view.js';
import { zonedTexts } from '../engine/core/zones.js';
import { isOneOf } from '../engine/core/guards.js';
import { boardLayout } from './boards.js';
import { SEED_TAB, seedLayout } from './seed.js';
import type { TabLayout } from './layout.js';
import { legendLayout, tablesLayout } from './tables.js';

/** Tab names the renderer uses itself; a game's board tab may not take them. */
const FIXED_TABS = [
  'Scoreboard',
  'Status',
  'Legend',
  'Rules',
  'Details',
  'Log',
  'Host actions',
  SEED_TAB,
  'Season',
] as const;

/** The Season tab's one line on what it is for. */
const SEASON_PURPOSE =
  "This match is one match of a season. The season's ledger below is replayed from its match files, in order: each player's garnets, Tokens of Life and status after each match. Each match names the one before it by its hash, so a balance changed between two matches shows.";

/** The Seed tab's one line on what it is for. */
const SEED_PURPOSE =
  'Every random draw of this match (boards, teams, tie-breaks) comes from its seed. The commitment below was shown from the start; at the end the seed and the match file appear here, so anyone can check that the seed was never changed and that replaying the file gives the published result.';

/** Sheets allows up to 100 characters in a tab name. */
const MAX_TITLE = 100;

function statusTable(status: StatusView): Table {
  const phase = status.phase;
  // In the reader's zones: a player's own, the spectators' UTC and the match's (core/views.ts).
  const timeText = (iso: string) => zonedTexts(iso, status.zones ?? ['UTC']);
  const rows: [string, string][] = [
    ['Game', status.game],
    ['Now', status.headline],
    ['Phase', phase ? phase.title : 'none: the match is over'],
  ];
  // The last resolution in words, a line a row, before the open phase's details.
  for (const [i, line] of (status.news ?? []).entries()) rows.push([i === 0 ? 'Last result' : '', line]);
  if (status.pausedSince)
    rows.push([
      'Paused',
      `since ${timeText(status.pausedSince)}: nothing closes and nothing sent counts until the host resumes`,
    ]);
  if (phase) {
    if (phase.opensAt) rows.push(['Opened', timeText(phase.opensAt)]);
    rows.push(['Deadline', phase.deadline ? timeText(phase.deadline) : 'none set: the host closes this phase']);
    if (status.asOf) rows.push(['Closes in', status.asOf.text]);
    if (status.closesWhenReady) rows.push(['Closes early', 'as soon as every player has an answer accepted whole']);
    rows.push(['Submitted', status.submitted.join(', ') || 'nobody yet']);
    rows.push(['Waiting for', status.waitingFor.join(', ') || 'nobody']);
  }
  for (const [i, line] of (status.todo ?? []).entries()) rows.push([i === 0 ? 'What to do' : '', line]);
  rows.push(['Host decisions pending', status.pendingDecisions.join('; ') || 'none']);
  if (status.discord) rows.push(['Discord', status.discord]);
  if (status.notEmailed) rows.push(['Not emailed', status.notEmailed]);
  if (status.guardrails) rows.push(['Guardrails', status.guardrails]);
  return { title: 'Where the match stands', header: ['', ''], rows };
}

/** Every tab of the audience's workbook, laid out, in order. */
export function layoutView(view: View): TabLayout[] {
  const head = (what: string, lines: readonly string[] = [], narrow = false) => ({
    title: `${view.title} · ${what}`,
    lines,
    ...(narrow ? { narrow } : {}),
  });
  const boards = view.boards.map((tab, i) =>
    boardLayout(
      tab,
      head(
        tab.title,
        [
          // A player's sheet starts with what to do; everyone's with where the match stands.
          ...(i === 0 ? (view.status.todo ?? [view.status.headline]) : []),
          ...(tab.caption ? [tab.caption] : []),
          // The marker explained where it is seen, so a spectator needs no Legend tab for it.
          ...(marksChanges([tab]) ? [CHANGED_NOTE] : []),
        ],
        // What to do is read on a phone: it wraps within a phone's width, not the boards'.
        i === 0 && view.status.todo !== undefined,
      ),
    ),
  );
  const fixed: TabLayout[] = [
    tablesLayout('Scoreboard', head('Scoreboard', view.status.result ?? []), [view.scoreboard]),
    tablesLayout('Status', head('Status'), [statusTable(view.status)]),
    legendLayout('Legend', head('Legend: colours, symbols and marks'), view.legend),
  ];
  if (view.rules && view.rules.length > 0)
    fixed.push(
      tablesLayout('Rules', head(`Rules of ${view.status.game}`), [
        { title: 'How the game is played', header: ['Rule'], rows: view.rules.map((line) => [line]) },
      ]),
    );
  if (view.sections.length > 0) fixed.push(tablesLayout('Details', head('Details'), view.sections));
  if (view.log) fixed.push(tablesLayout('Log', head('Log'), [view.log]));
  if (view.hostActions)
    fixed.push(
      tablesLayout('Host actions', head('Host actions'), [view.hostActions, ...(view.rowEdits ? [view.rowEdits] : [])]),
    );
  if (view.seed) fixed.push(seedLayout(head('Seed', [SEED_PURPOSE]), view.seed));
  if (view.season && view.season.length > 0)
    fixed.push(tablesLayout('Season', head('Season', [SEASON_PURPOSE]), view.season));
  const tabs = [...boards.slice(0, 1), ...fixed, ...boards.slice(1)];

  const seen = new Set<string>();
  for (const [i, tab] of view.boards.entries()) {
    if (isOneOf(FIXED_TABS, tab.tab))
      throw new Error(`board tab ${i + 1} is named "${tab.tab}", a name the renderer keeps for its own tab`);
  }
  for (const tab of tabs) {
    if (tab.title.trim() === '' || tab.title.length > MAX_TITLE)
      throw new Error(`tab name "${tab.title}" must have 1–${MAX_TITLE} characters`);
    if (seen.has(tab.title.toLowerCase())) throw new Error(`two tabs are named "${tab.title}"; tab names must differ`);
    seen.add(tab.title.toLowerCase());
  }
  return tabs;
}
