// The demo season `npm start` plays after its matches (docs/season.md): a main match, the death
// match of its elimination candidate, and the next main match of everyone still in, each started
// where the season's ledger says (nextMatch: players, balances, the hash of the match before), each
// played by bots and written with its workbooks, whose Season tab shows the ledger so far. The
// games are picked by what the season needs of them (a main match that names an elimination
// candidate for six players and for five, a death match for two), never by name.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  GAME_LIST,
  type MatchFile,
  type SeasonLedger,
  loadMatch,
  newMatch,
  playMatch,
  replayMatch,
  samplePlayers,
  seasonOf,
  stringifyMatchFile,
} from '../engine/index.js';
import type { AnyGame } from '../engine/core/game.js';
import { inert } from '../engine/core/quote.js';
import { type NextPlayer, choosableOpponents, nextMatch, waitingCandidate } from '../engine/season/next.js';
import { DEFAULT_SEASON_RULES, type SeasonField } from '../engine/season/schema.js';
import { seasonTables } from '../engine/season/season-tables.js';
import { makeDirs } from '../node/dirs.js';
import { type MatchOutputs, type OutputProgress, writeMatchOutputs } from './outputs.js';

const PLAYERS = 6;
const SEASON = 'Demo season';

export interface DemoSeason {
  /** The season's match files, in order (`genius-host season DIR` reads them). */
  readonly files: readonly string[];
  readonly ledger: SeasonLedger;
  readonly outputs: readonly MatchOutputs[];
}

const takes = (game: AnyGame, n: number) => game.playerCount.min <= n && n <= game.playerCount.max;

/** A match file of `game` for `players`, in the season: checked as any file is. */
function seasonMatch(game: AnyGame, seed: string, players: readonly NextPlayer[], season: SeasonField): MatchFile {
  const fresh = newMatch(game.id, {
    seed,
    players: players.map((p) => ({ ...p, email: `${p.name.toLowerCase()}@example.com` })),
  });
  if (!fresh.ok) throw new Error(`internal: the demo season's ${game.title}: ${fresh.error}`);
  const loaded = loadMatch(JSON.parse(stringifyMatchFile({ ...fresh.value, season })));
  if (!loaded.ok) throw new Error(`internal: the demo season's ${game.title}: ${loaded.error}`);
  return loaded.value;
}

const play = (match: MatchFile) => playMatch(match, { answerDecisions: true });

/** The first game whose main match of six bots leaves an elimination candidate for a death match, and a game for two. */
function pickGames(opening: readonly NextPlayer[]): { main: AnyGame; first: MatchFile; death: AnyGame } {
  const death = GAME_LIST.find((g) => g.playerCount.max === 2) ?? GAME_LIST.find((g) => takes(g, 2));
  if (!death) throw new Error('internal: no game plays a death match of two');
  for (const main of GAME_LIST.filter((g) => g !== death && takes(g, PLAYERS) && takes(g, PLAYERS - 1))) {
    const first = play(
      seasonMatch(main, 'demo-season-1', opening, { name: SEASON, kind: 'main', rules: DEFAULT_SEASON_RULES }),
    );
    // A candidate a Token of Life saves plays no death match: the demo wants one who does.
    if (waitingCandidate(seasonOf([{ label: '1-main.json', match: first }]))) return { main, first, death };
  }
  throw new Error('internal: no game names an elimination candidate for the demo season');
}

/** The demo season's matches, each played by bots and started where the ledger says: `{ label, match }` in order (1-main, 2-death, 3-main). */
export function demoSeasonMatches(): { label: string; match: MatchFile }[] {
  // The host's opening balances: garnets from before the season (a qualifier, say).
  const opening = samplePlayers(PLAYERS).map((p, i) => ({ id: p.id, name: p.name, garnets: [2, 1, 0, 3, 1, 0][i] }));
  const { main, first, death } = pickGames(opening);
  const played: { label: string; match: MatchFile }[] = [{ label: '1-main', match: first }];
  let ledger = seasonOf(played);
  const candidate = waitingCandidate(ledger);
  if (candidate) {
    // The candidate's choice, as a bot makes it: the richest player it may choose, whose garnets the death match's winner takes.
    const choices = choosableOpponents(ledger).sort((a, b) => b.garnets - a.garnets);
    const next = nextMatch(ledger, 'death', choices[0].id);
    if (!next.ok) throw new Error(`internal: ${next.error}`);
    played.push({
      label: '2-death',
      match: play(seasonMatch(death, 'demo-season-2', next.value.players, next.value.season)),
    });
    ledger = seasonOf(played);
  }
  const next = nextMatch(ledger, 'main');
  if (!next.ok) throw new Error(`internal: ${next.error}`);
  const label = `${played.length + 1}-main`;
  played.push({
    label,
    match: play(seasonMatch(main, `demo-season-${played.length + 1}`, next.value.players, next.value.season)),
  });
  return played;
}

/** Plays the demo season and writes each match file (`DIR/1-main.json`, …) and its workbooks (`DIR/1-main/`), with the Season tab as of that match. */
export async function playDemoSeason(
  outDir: string,
  say: (text: string) => void,
  progress: OutputProgress,
): Promise<DemoSeason> {
  makeDirs(outDir);
  const matches = demoSeasonMatches();
  const outputs: MatchOutputs[] = [];
  const files: string[] = [];
  let ledger: SeasonLedger | null = null;
  for (const [i, { label, match }] of matches.entries()) {
    ledger = seasonOf(matches.slice(0, i + 1).map((m) => ({ label: `${m.label}.json`, match: m.match })));
    const file = join(outDir, `${label}.json`);
    writeFileSync(file, stringifyMatchFile(match));
    files.push(file);
    const column = ledger.columns[i];
    say(`\n━━ ${column.heading}: ${column.title}, ${match.players.map((p) => inert(p.name)).join(', ')}`);
    say(`  ${inert(column.summary)}`);
    if (column.kind === 'death')
      say(
        `  ${inert(match.players[0].name)}, the elimination candidate, chose ${inert(match.players[1].name)} (the richest player without a Token of Life: the winner takes the loser's garnets)`,
      );
    for (const event of column.events) say(`  ${inert(event)}`);
    outputs.push(
      await writeMatchOutputs(
        match,
        replayMatch(match),
        join(outDir, label),
        progress,
        undefined,
        seasonTables(ledger),
      ),
    );
  }
  if (!ledger) throw new Error('internal: the demo season played no match');
  return { files, ledger, outputs };
}
