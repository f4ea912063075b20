// The season a host spreadsheet keeps (src/triggers/season.ts): New match… archives each ended
// match's log, so the spreadsheet holds the season; Next match… and Death match… fill the sidebar
// from its ledger: the players still in, their balances and addresses, the hash of the last match.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSeasonMatches } from '../../src/cli/demo-season.js';
import { type MatchFile, matchHash, replayMatch } from '../../src/engine/index.js';
import { MatchLog } from '../../src/triggers/log.js';
import { opponentQuestion, seasonPrefill, spreadsheetSeason } from '../../src/triggers/season.js';
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
