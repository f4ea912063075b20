// `genius-host season FILES…|DIR` and `genius-host verify FILES…|DIR`: a season's match files, in
// the order they were played, replayed into the season's ledger (docs/season.md), and the chain
// from match to match checked. The first place where a match does not start from the players and
// balances the last one ended with is named, match and player, in one line on stderr (exit 1).

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inert } from '../engine/core/quote.js';
import { type SeasonLedger, seasonOf } from '../engine/index.js';
import { chainTable, ledgerTable, matchesTable, rulesLines } from '../engine/season/season-tables.js';
import { InputError } from '../node/errors.js';
import { readTextFile } from '../node/json-text.js';
import { tableText } from './text.js';
import { publishedFile } from './verify-command.js';

/** The files a season names: each path as given, a directory's .json files in the order of their names (1-main.json, 2-death.json, …, 10-main.json). */
function seasonFiles(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    let directory: boolean;
    try {
      directory = statSync(path).isDirectory();
    } catch {
      return [path]; // the read says what is wrong with it
    }
    if (!directory) return [path];
    const files = readdirSync(path)
      .filter((name) => name.toLowerCase().endsWith('.json'))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    if (files.length === 0)
      throw new InputError(
        `${path} holds no match file (.json): a season is its match files, e.g. 1-main.json, 2-death.json`,
      );
    return files.map((name) => join(path, name));
  });
}

/** The season's ledger, from its files in order (a file as saved or as copied from the Seed tab). */
export function readSeason(paths: readonly string[]): SeasonLedger {
  const files = seasonFiles(paths);
  return seasonOf(
    files.map((file) => {
      const { text, name } = readTextFile(file, 'not a match file; name the directory of a season');
      return { label: name, match: publishedFile(text, name) };
    }),
  );
}

/** The chain, a line a match, ending with the first break (thrown: one line on stderr, exit 1) or a line saying it holds. */
export function checkChain(ledger: SeasonLedger, out: (text: string) => void): number {
  for (const row of chainTable(ledger).rows) out(`${row.map((v) => inert(String(v ?? ''))).join(' · ')}\n`);
  const first = ledger.issues.at(0);
  if (first) {
    const more = ledger.issues.length - 1;
    throw new InputError(
      `season: ${first.label} (match ${first.match}): ${first.message}${more > 0 ? ` (and ${more} more: see above)` : ''}`,
    );
  }
  out(
    `verified: each of the ${ledger.columns.length} matches starts from the players and balances the one before it ended with\n`,
  );
  return 0;
}

/** `genius-host season`: the ledger, the matches, the rules and the chain. */
export function printSeason(ledger: SeasonLedger, out: (text: string) => void): number {
  const say = (text: string) => out(`${text}\n`);
  say(
    `Season "${inert(ledger.name)}": ${ledger.columns.length} match${ledger.columns.length === 1 ? '' : 'es'}, ${ledger.players.length} players`,
  );
  say('');
  say(tableText(ledgerTable(ledger)));
  say('');
  say(tableText(matchesTable(ledger)));
  say('');
  say(
    `Rules:\n${rulesLines(ledger)
      .map((line) => `  ${line}`)
      .join('\n')}`,
  );
  say('');
  say('Chain:');
  return checkChain(ledger, out);
}
