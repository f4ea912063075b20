// The season a host spreadsheet keeps (src/triggers/saved/season-logs.ts): New match… archives each ended
// match's log, so the spreadsheet holds the season; Next match… and Death match… fill the sidebar
// from its ledger: the players still in, their balances and addresses, the hash of the last match.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSeasonMatches } from '../../src/cli/demo-season.js';
import { type MatchFile, matchHash, replayMatch } from '../../src/engine/index.js';
import { MatchLog } from '../../src/triggers/saved/match-log.js';
import { opponentQuestion, seasonPrefill, spreadsheetSeason } from '../../src/triggers/saved/season-logs.js';
import { workbookHtml } from '../../src/workbook/html.js';
import { Table } from './players.js';
import { Sandbox } from './sandbox.js';
import { SheetFile, spreadsheetPort } from './sheets.js';

let matches: MatchFile[] = [];

// Five bot matches (the demo tries main-match games until one leaves a candidate): room for 2 busy cores.
beforeAll(() => {
  matches = demoSeasonMatches().map((m) => m.match);
}, 300_000);

/** A host spreadsheet that played `played` one after another: each ended log archived as New match… does, the last one the log. */
function spreadsheet(played: readonly MatchFile[]) {
  const file = new SheetFile(`1Season${played.length}`, 'Host', 'host@example.com');
  played.forEach((match, i) => {
    const log = new MatchLog(spreadsheetPort(file));
    if (i > 0) log.archive(`ended, archived 2026-11-2${i}T20:00`);
    new MatchLog(spreadsheetPort(file)).create(match);
  });
  return spreadsheetPort(file);
}

const hashOf = (match: MatchFile) => {
  const final = replayMatch(match).final;
  if (!final) throw new Error('a demo match is over');
  return matchHash(match, final);
};

describe('the season a host spreadsheet keeps', () => {
  it('reads the archived logs and the log as the season, in the order of its chain', () => {
    const season = spreadsheetSeason(spreadsheet(matches));
    expect(season?.ledger.columns.map((c) => c.heading)).toEqual(['Main match 1', 'Death match 1', 'Main match 2']);
    expect(season?.ledger.issues).toEqual([]);
  });

  it('fills the death match with the candidate and the opponent named, their balances and addresses, chained to the last match', () => {
    const sheet = spreadsheet(matches);
    const question = opponentQuestion(sheet);
    if (!question.ok) throw new Error(question.error);
    const candidate = matches[2].players.find((p) => p.name === question.value.candidate);
    expect(candidate).toBeDefined();
    // The candidate chooses (the season's default rule), among the players without a Token of Life.
    expect(question.value.chooser).toBe(candidate?.name);
    const opponent = question.value.choices[0];
    const prefill = seasonPrefill(sheet, 'death', opponent.name.toUpperCase());
    if (!prefill.ok) throw new Error(prefill.error);
    expect(prefill.value.players.map((p) => p.id)).toEqual([candidate?.id, opponent.id]);
    expect(prefill.value.players[0].email).toBe(candidate?.email);
    expect(prefill.value.season).toEqual({ name: 'Demo season', kind: 'death', previous: hashOf(matches[2]) });
    expect(prefill.value.game).toBe(matches[1].game);
    // A main match first is refused: the candidate plays their death match.
    expect(seasonPrefill(sheet, 'main')).toEqual({
      ok: false,
      error: `${candidate?.name}, the elimination candidate, plays a death match first`,
    });
  });

  it('fills the next main match with everyone still in, as the season left them, once New match… archived the death match', () => {
    const sheet = spreadsheet(matches.slice(0, 2));
    // The host's New match… archives the ended death match; the season is then read from the archived logs alone.
    new MatchLog(sheet).archive('ended, archived 2026-11-23T20:00');
    const prefill = seasonPrefill(sheet, 'main');
    if (!prefill.ok) throw new Error(prefill.error);
    expect(prefill.value.players.map((p) => [p.id, p.garnets])).toEqual(
      matches[2].players.map((p) => [p.id, p.garnets]),
    );
    expect(prefill.value.season.previous).toBe(hashOf(matches[1]));
    expect(prefill.value.note).toMatch(/^Main match 2 of the season "Demo season"/);
  });

  it('says why when the match is not one of a season, or the opponent named cannot be chosen', () => {
    const sheet = spreadsheet(matches.slice(0, 1));
    const eliminatedLater = matches[1].players[0];
    expect(seasonPrefill(sheet, 'death', eliminatedLater.name)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/cannot be chosen/),
    });
    const plain = spreadsheet([{ ...matches[0], season: undefined }]);
    expect(seasonPrefill(plain, 'main')).toEqual({
      ok: false,
      error: 'this match is not one of a season (its match file has no season field)',
    });
  });

  it('in the bundle, Next match… and Death match… open the sidebar filled from the season, the opponent asked first', () => {
    const sandbox = new Sandbox({ owner: 'host@gmail.com', start: '2026-11-25T17:00:00.000Z' });
    const port = spreadsheetPort(sandbox.google.host);
    matches.forEach((match, i) => {
      if (i > 0) new MatchLog(port).archive(`ended, archived 2026-11-2${i}T20:00`);
      new MatchLog(port).create(match);
    });
    sandbox.call('onOpen');
    const items = sandbox.google.ui.menus.at(-1)!.items;
    expect(items.map(([, fn]) => fn)).toEqual(expect.arrayContaining(['showNextMatch', 'showDeathMatch']));

    // The last match left a candidate: a main match first is refused, in words.
    sandbox.call('showNextMatch');
    expect(sandbox.google.ui.alerts.at(-1)).toMatch(
      /^Genius Host: Next match: .*, the elimination candidate, plays a death match first\.$/,
    );
    expect(sandbox.google.ui.sidebars).toEqual([]);

    const ledger = spreadsheetSeason(port)!.ledger;
    const candidate = ledger.players.find((p) => ledger.columns[2].cells[p.id].status === 'candidate')!;
    const opponent = ledger.players.find((p) => ledger.columns[2].cells[p.id].status === 'playing')!;
    sandbox.google.promptAnswers.push({ button: 'OK', text: opponent.name });
    sandbox.call('showDeathMatch');
    expect(sandbox.google.ui.prompts.at(-1)).toContain(
      `${candidate.name} is the elimination candidate. By the season's rules ${candidate.name} chooses the opponent`,
    );
    const page = sandbox.google.ui.sidebars.at(-1)!;
    expect(page).toContain(`<script>var GH_NEXT = {"kind":"death","opponent":"${opponent.id}"};</script>`);
    expect(page).toMatch(/google\.script\.run/);
    // The sidebar's defaults call, as the page makes it.
    const defaults = sandbox.call<{ prefill?: { players: { id: string }[]; season: unknown } }>('newMatchDefaults', {
      kind: 'death',
      opponent: opponent.id,
    });
    expect(defaults.prefill?.players.map((p) => p.id)).toEqual([candidate.id, opponent.id]);
    expect(defaults.prefill?.season).toEqual({ name: 'Demo season', kind: 'death', previous: hashOf(matches[2]) });
    // Without a season asked, the defaults are as before.
    expect(sandbox.call<Record<string, unknown>>('newMatchDefaults')).not.toHaveProperty('prefill');
  });
});

/** Every text of a tab, row by row. */
function tabRows(file: SheetFile, title: string): string[][] {
  return file
    .sheet(title)
    .cells.map((row) => (row ?? []).map((cell) => String(cell?.userEnteredValue?.stringValue ?? '')));
}

const hasTab = (file: SheetFile, title: string) =>
  (file.workbook.getMetadata().sheets ?? []).some((s) => s.properties?.title === title);

/**
 * A host spreadsheet whose last match (the season's death match) has ended, the main match before
 * it archived, and the season's next main match started from Next match…'s defaults; `season`
 * false: the same match started as a match of no season, in a spreadsheet with no archived log.
 */
function nextMainMatch(season = true): Table {
  const emails = matches[2].players.map((p) => p.email ?? '');
  const table = new Table(matches[2].game, emails, undefined, '2026-11-25T17:00:00.000Z');
  const port = spreadsheetPort(table.google.host);
  if (season) {
    new MatchLog(port).create(matches[0]);
    new MatchLog(port).archive('ended, archived 2026-11-23T20:00');
    new MatchLog(port).create(matches[1]);
  }
  table.run('onOpen');
  const prefill = season
    ? table.sandbox.call<{ prefill?: { game?: string; players: object[]; season: unknown } }>('newMatchDefaults', {
        kind: 'main',
      }).prefill
    : undefined;
  if (season && !prefill) throw new Error('Next match… gave no defaults');
  const started = table.startMatch({
    game: prefill?.game ?? matches[2].game,
    players:
      prefill?.players ?? matches[2].players.map(({ id, name, email, garnets }) => ({ id, name, email, garnets })),
    startAt: '2026-11-25T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes: { default: 60 },
    ...(prefill ? { season: prefill.season } : {}),
  });
  expect(started).toMatchObject({ ok: true });
  return table;
}

describe("the Season tab of the add-on's sheets", () => {
  it("a season's next match started from Next match… shows the season on the host's and the public sheet, its own column added when it ends", () => {
    const table = nextMainMatch();
    const host = table.google.host;
    const shared = table.google.sheets.get(table.sharedId())!;
    for (const file of [host, shared]) {
      const rows = tabRows(file, 'Season');
      const header = rows.find((row) => row[0] === 'Player');
      expect(header?.slice(1, 4).map((h) => h.replace(/:.*?( \(not over\))?$/, '$1'))).toEqual([
        'Main match 1',
        'Death match 1',
        'Main match 2 (not over)',
      ]);
      // The earlier matches' columns as the season's ledger says: each player's garnets after each.
      const ledger = spreadsheetSeason(spreadsheetPort(host))!.ledger;
      expect(ledger.columns).toHaveLength(3);
      for (const player of ledger.players) {
        const row = rows.find((r) => r[0] === player.name)!;
        expect(row[2]).toMatch(new RegExp(`^${ledger.columns[1].cells[player.id].garnets} garnets?\\b`));
      }
      // The chain checks: this match starts where the death match ended.
      expect(rows.flat().join('\n')).toContain('starts from the players and balances the match before it ended with');
      expect(rows.flat().join('\n')).not.toContain('archived 2026');
    }
    // A player's own sheet has none.
    const player = table.playerFile(matches[2].players[0].id).sheet;
    expect(hasTab(table.google.sheets.get(player)!, 'Season')).toBe(false);

    table.playToEnd();
    const final = replayMatch(table.state().match).final!;
    for (const file of [host, shared]) {
      const rows = tabRows(file, 'Season');
      const header = rows.find((row) => row[0] === 'Player')!;
      expect(header[3]).toMatch(/^Main match 2: [^(]*$/);
      // Its hash, which the season's next match names, is on the chain.
      expect(rows.flat()).toContain(matchHash(table.state().match, final));
    }
    // To look at the tab as drawn: SEASON_HTML=DIR writes the host's and the public sheet's HTML export there.
    const dir = process.env.SEASON_HTML;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'host.html'), workbookHtml(host.workbook));
      writeFileSync(join(dir, 'public.html'), workbookHtml(shared.workbook));
    }
  }, 600_000);

  it("a season's first match, started with a season name, shows its own column alone", () => {
    const table = new Table(
      matches[0].game,
      matches[0].players.map((p) => p.email ?? ''),
      undefined,
      '2026-11-25T17:00:00.000Z',
    );
    table.run('onOpen');
    const started = table.startMatch({
      game: matches[0].game,
      players: matches[0].players.map(({ id, name, email, garnets }) => ({ id, name, email, garnets })),
      startAt: '2026-11-25T18:00:00.000Z',
      timeZone: 'Europe/London',
      minutes: { default: 60 },
      season: { name: 'Spring', kind: 'main' },
    });
    expect(started).toMatchObject({ ok: true });
    for (const file of [table.google.host, table.google.sheets.get(table.sharedId())!]) {
      const rows = tabRows(file, 'Season');
      // Its one column (the tables beside it start after an empty column).
      expect(rows.find((row) => row[0] === 'Player')?.slice(0, 3)).toEqual([
        'Player',
        expect.stringMatching(/^Main match 1: .* \(not over\)$/),
        '',
      ]);
      expect(rows.flat()).toContain("the season's first match: its balances open the season");
    }
  }, 600_000);

  it('an execution of a season match makes no Google call a match of no season does not make, drawing or not', () => {
    const remote = (table: Table) =>
      table.google.executions
        .at(-1)!
        .calls.filter((c) => c.remote)
        .map((c) => c.name)
        .sort();
    const season = nextMainMatch();
    const plain = nextMainMatch(false);
    expect(hasTab(season.google.host, 'Season')).toBe(true);
    expect(hasTab(plain.google.host, 'Season')).toBe(false);
    // A tick once the match is open: it reads the log, and finds nothing to draw.
    for (const table of [season, plain]) {
      table.google.clock.set('2026-11-25T18:00:30.000Z');
      table.fire('CLOCK');
    }
    expect(remote(season)).toContain('Sheets.Spreadsheets.Values.get');
    expect(remote(season)).toEqual(remote(plain));
    // Re-render draws every sheet and form: one batchUpdate a spreadsheet, the Season tab in the host's and the public one.
    for (const table of [season, plain]) table.run('rerender');
    expect(remote(season).filter((name) => name === 'Sheets.Spreadsheets.batchUpdate')).toHaveLength(
      2 + matches[2].players.length,
    );
    expect(remote(season)).toEqual(remote(plain));
  }, 600_000);
});
