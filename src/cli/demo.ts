// `npm start`: the main job on the embedded default. Plays a whole match of each game with bots,
// then renders every audience's workbook exactly as the add-on would write it to Google Sheets
// (one batchUpdate each, several for one over 2 MB, into the embedded workbook) and saves it as
// .xlsx and as an HTML page, with the match file. `genius-host render FILE` does the same for any match file.

import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { makeDirs } from '../node/dirs.js';
import { join, relative, resolve } from 'node:path';
import {
  GAMES,
  GAME_LIST,
  type MatchFile,
  type ReplayResult,
  gameById,
  loadMatchText,
  newMatch,
  playMatch,
  replayMatch,
  resultLine,
  viewFor,
} from '../engine/index.js';
import type { AnyGame } from '../engine/core/game.js';
import { errorMessage } from '../engine/core/guards.js';
import { inert } from '../engine/core/quote.js';
import { escapeHtml } from '../sheets/escape-html.js';
import { InputError, closest, isErrnoException } from '../node/errors.js';
import { type DemoSeason, playDemoSeason } from './demo-season.js';
import { type MatchOutputs, type OutputProgress, writeMatchOutputs } from './outputs.js';
import { tableText } from './text.js';

export interface DemoOptions {
  readonly games: readonly string[];
  readonly seed?: string;
  readonly players?: number;
  readonly bot?: string;
  readonly outDir: string;
  readonly print: (text: string) => void;
  /** Where progress goes while workbooks are written (stderr), and whether it is a terminal. */
  readonly progress?: ProgressSink;
}

export interface ProgressSink {
  readonly write: (text: string) => void;
  /** A terminal: one line rewritten in place. Otherwise (a log, a pipe) the line grows and ends. */
  readonly live: boolean;
}

/** Reports the workbooks of one match as they are written (4–7 s for a large match). */
function workbookProgress(sink: ProgressSink | undefined): OutputProgress {
  if (!sink) return () => {};
  return (done, total, reader) => {
    if (sink.live) {
      sink.write(reader === null ? '\r\x1b[K' : `\r\x1b[K  writing workbook ${done + 1} of ${total}: ${reader}…`);
    } else if (reader === null) {
      sink.write(' done\n');
    } else {
      sink.write(done === 0 ? `  writing ${total} workbooks (.xlsx and .html): ${reader}` : `, ${reader}`);
    }
  };
}

/** Refuses an output directory that is a file before anything is played or written. */
export function checkOutDir(dir: string): void {
  let stats;
  try {
    stats = statSync(dir);
  } catch {
    return; // made when it is needed
  }
  if (!stats.isDirectory())
    throw new InputError(
      `--out: ${dir} is a file, not a directory; name a directory (made if missing), e.g. --out out`,
    );
}

function makeOutDir(dir: string): void {
  checkOutDir(dir);
  try {
    makeDirs(dir);
  } catch (error) {
    const code = isErrnoException(error) ? error.code : undefined;
    const why =
      code === 'ENOTDIR' || code === 'EEXIST'
        ? 'a part of that path is a file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'not allowed'
          : code === 'ENOENT'
            ? 'that place takes no new directories'
            : errorMessage(error);
    throw new InputError(`--out: cannot make the directory ${dir}: ${why}`);
  }
}

/** How the outputs of one match are listed at the end. */
function outputsText(outputs: MatchOutputs, base = '.'): string {
  // Paths as the user can type them: relative to here unless that climbs out of here.
  const rel = (path: string) => {
    const near = relative(base, path);
    return near === '' || near.startsWith('..') ? resolve(path) : near;
  };
  const host = outputs.workbooks.find((w) => w.audience === 'host');
  const pub = outputs.workbooks.find((w) => w.audience === 'public');
  const lines = [
    `  ${rel(outputs.index)}  every workbook of the match`,
    ...(pub ? [`  ${rel(pub.html)}  the spectators' sheet (also ${rel(pub.xlsx)})`] : []),
    ...(host ? [`  ${rel(host.html)}  the host's sheet (also ${rel(host.xlsx)})`] : []),
    `  ${rel(outputs.match)}  the match file: npx genius-host replay ${rel(outputs.match)}`,
    ...(outputs.published
      ? [
          `  ${rel(outputs.published)}  the file as published at the end: npx genius-host verify ${rel(outputs.published)} --commitment ${outputs.commitment ?? ''}`,
        ]
      : []),
  ];
  return lines.join('\n');
}

function workbooksLine(outputs: MatchOutputs): string {
  const kb = Math.round(Math.max(...outputs.workbooks.map((w) => w.bytes)) / 1024);
  const requests = Math.max(...outputs.workbooks.map((w) => w.requests));
  // Over 2 MB a workbook takes several batchUpdates (src/sheets/chunk.ts): say so rather than "one".
  const split = outputs.workbooks.filter((w) => w.batches > 1);
  const writes =
    split.length === 0
      ? 'one batchUpdate each'
      : `one batchUpdate each but ${split.map((w) => `${w.reader} (${w.batches}, each under 2 MB)`).join(', ')}`;
  return `  wrote ${outputs.workbooks.length} workbooks (${outputs.workbooks.map((w) => w.reader.replace(/ \(.*\)$/, '')).join(', ')}) as .xlsx and .html: ${writes}, at most ${requests} requests / ${kb} KB`;
}

/**
 * Without --bot, players take the game's bots in turn, its default bot first: identical bots
 * think alike (every greedy sheep in the same pasture), which makes a dull demo.
 */
function mixedBots(game: AnyGame, players: readonly string[]): Record<string, string> {
  const names = botNames(game);
  return Object.fromEntries(players.map((id, i) => [id, names[i % names.length]]));
}

/** A game's bots, its default first (as `genius-host help` lists them). */
export function botNames(game: AnyGame): string[] {
  return [game.defaultBot, ...Object.keys(game.bots).filter((name) => name !== game.defaultBot)];
}

/** Checks every game, the bot and the player count before any match is played. */
function prepareMatches(options: DemoOptions): { game: AnyGame; match: MatchFile }[] {
  const ids = options.games.length > 0 ? options.games : [...GAMES.keys()];
  for (const id of ids) {
    if (!GAMES.has(id)) {
      const guess = closest(id, [...GAMES.keys()]);
      throw new InputError(
        `unknown game "${id}"${guess ? `; did you mean ${guess}?` : ''} (one of ${[...GAMES.keys()].join(', ')})`,
      );
    }
  }
  const games = [...new Set(ids)].map((id) => gameById(id));
  const bot = options.bot;
  if (bot !== undefined) {
    const botsOf = botNames;
    const lacking = games.filter((game) => !Object.hasOwn(game.bots, bot));
    if (lacking.length === games.length && !GAME_LIST.some((game) => Object.hasOwn(game.bots, bot))) {
      const guess = closest(bot, [...new Set(games.flatMap(botsOf))]);
      throw new InputError(
        `--bot: no game has a bot "${bot}"${guess ? `; did you mean ${guess}?` : ''} (${games.map((g) => `${g.id}: ${botsOf(g).join(', ')}`).join('; ')})`,
      );
    }
    if (lacking.length > 0) {
      const having = GAME_LIST.filter((game) => Object.hasOwn(game.bots, bot)).map((game) => game.id);
      const common = botsOf(games[0]).filter((name) => games.every((game) => Object.hasOwn(game.bots, name)));
      const titles = lacking.map((g) => g.title);
      throw new InputError(
        `--bot ${bot}: ${titles.length === 1 ? `${titles[0]} has` : `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]} have`} no bot "${bot}"; it plays ${having.join(', ')} (genius-host start ${having.join(' ')} --bot ${bot}); ${games.length === 1 ? `${games[0].title}'s bots: ${botsOf(games[0]).join(', ')}` : `the bots all ${games.length} games have: ${common.join(', ') || 'none'}`}`,
      );
    }
  }
  const prepared = games.map((game) => ({
    game,
    fresh: newMatch(game.id, { seed: options.seed ?? `demo-${game.id}`, players: options.players }),
  }));
  const refused = prepared
    .filter((p) => !p.fresh.ok)
    .map((p) => (p.fresh.ok ? '' : p.fresh.error.replace(/^players: /, '')));
  if (refused.length > 0) {
    const fits = prepared.filter((p) => p.fresh.ok).map((p) => p.game.id);
    const hint =
      fits.length > 0 && options.players !== undefined
        ? ` (${fits.join(', ')} ${fits.length === 1 ? 'takes' : 'take'} ${options.players}: genius-host start ${fits.join(' ')} --players ${options.players})`
        : '';
    throw new InputError(
      `${options.players !== undefined ? `--players ${options.players}: ` : ''}${refused.join('; ')}${hint}`,
    );
  }
  // Every match is made by now (a refusal was thrown above).
  return prepared.flatMap((p) => (p.fresh.ok ? [{ game: p.game, match: p.fresh.value }] : []));
}

/** One game's demo match: played by bots, each phase shown as it resolves, its workbooks written, its result said. */
async function playDemoMatch(
  game: AnyGame,
  match: MatchFile,
  options: DemoOptions,
  say: (text: string) => void,
): Promise<{ title: string; line: string; outputs: MatchOutputs }> {
  const id = game.id;
  const bots =
    options.bot ??
    mixedBots(
      game,
      match.players.map((p) => p.id),
    );
  const botNames = typeof bots === 'string' ? bots : [...new Set(Object.values(bots))].join(' and ');
  say(`\n━━ ${game.title}: ${match.players.length} bots (${botNames}), seed "${match.seed}"`);
  let phases = 0;
  options.print('  played:');
  const played: MatchFile = playMatch(match, {
    bots,
    answerDecisions: true,
    onPhase: (title) => {
      phases += 1;
      options.print(phases <= 12 ? ` ${title} ✓` : phases === 13 ? ' …' : '');
    },
  });
  say(` (${phases} phases)`);
  const result = replayMatch(played);
  const outputs = await writeMatchOutputs(played, result, join(options.outDir, id), workbookProgress(options.progress));
  say(workbooksLine(outputs));
  if (result.rejected.length > 0) say(`  ${result.rejected.length} submission(s) rejected: see the host's Log tab`);
  say('');
  say(scoreboardText(result).replace(/^/gm, '  '));
  const line = inert(resultLine(result));
  say(`\n  ${line}`);
  return { title: game.title, line, outputs };
}

export async function runDemo(options: DemoOptions): Promise<number> {
  const started = performance.now();
  const matches = prepareMatches(options);
  makeOutDir(options.outDir);
  const say = (text: string) => options.print(`${text}\n`);
  const done: { title: string; line: string; outputs: MatchOutputs }[] = [];
  say(
    `genius-host: playing ${matches.length === 1 ? 'a match' : `a match of each of ${matches.length} games`} with bots; everything goes to ${options.outDir}/`,
  );

  for (const { game, match } of matches) done.push(await playDemoMatch(game, match, options, say));

  // A plain `npm start` (every game) also plays a short season: a main match, its death match, the next main match.
  let season: DemoSeason | null = null;
  if (
    options.games.length === 0 &&
    options.players === undefined &&
    options.bot === undefined &&
    options.seed === undefined
  ) {
    say(
      `\n━━ A demo season: a main match, its death match, the next main match, each started where the season's ledger says`,
    );
    season = await playDemoSeason(join(options.outDir, 'season'), say, workbookProgress(options.progress));
  }

  const index = join(options.outDir, 'index.html');
  writeFileSync(
    index,
    indexPage(indexEntries(options.outDir, done), season ? seasonEntries(options.outDir, season) : []),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  say(`\n━━ Done in ${seconds} s. Open ${index} to see every workbook, or:`);
  for (const d of done) say(`${d.title}\n${outputsText(d.outputs)}`);
  if (season) {
    const near = relative('.', join(options.outDir, 'season'));
    const dir = near.startsWith('..') ? resolve(options.outDir, 'season') : near;
    say(
      `Demo season (${season.ledger.columns.map((c) => c.heading).join(', ')}): its Season tab is on every host's and spectators' sheet`,
    );
    for (const outputs of season.outputs) say(outputsText(outputs));
    say(`  npx genius-host season ${dir}  the season's ledger, and its chain checked`);
  }
  say('\nResults of the finished matches (final scores in brackets)');
  const width = Math.max(...done.map((d) => d.title.length));
  for (const d of done) say(`  ${d.title.padEnd(width)}  ${d.line}`);
  return 0;
}

/**
 * The public scoreboard. A game's running table may be titled for a match still in play ("if the
 * game ended now"); at the end of a match the scores are final, and the heading says so.
 */
function scoreboardText(result: ReplayResult): string {
  const table = viewFor(result, 'public').scoreboard;
  if (!result.final) return tableText(table);
  return `Final scoreboard\n${tableText({ ...table, title: table.title.replace(/\s*if the game (had )?ended now/i, '') })}`;
}

/**
 * Every game whose folder is in `outDir`, in the games' order: those played now, and those an
 * earlier `start GAME --out` run left there (their line read from their match file), so that a run
 * of one game does not drop the others from the index.
 */
function indexEntries(
  outDir: string,
  done: readonly { title: string; line: string; outputs: MatchOutputs }[],
): { title: string; line: string; link: string }[] {
  const entries: { title: string; line: string; link: string }[] = [];
  for (const game of GAME_LIST) {
    const now = done.find((d) => d.outputs.dir === join(outDir, game.id));
    if (now) entries.push({ title: now.title, line: now.line, link: relative(outDir, now.outputs.index) });
    else if (existsSync(join(outDir, game.id, 'index.html')))
      entries.push({
        title: game.title,
        line: earlierLine(join(outDir, game.id, 'match.json')),
        link: `${game.id}/index.html`,
      });
  }
  return entries;
}

/** The result line of a match file an earlier run wrote, or a note when it cannot be read (a file edited since, or gone). */
function earlierLine(file: string): string {
  try {
    const match = loadMatchText(readFileSync(file, 'utf8'));
    return match.ok ? inert(resultLine(replayMatch(match.value))) : 'played earlier (its match file no longer loads)';
  } catch {
    return 'played earlier (no match file)';
  }
}

/** The demo season's matches for the index page: each match's workbooks. */
function seasonEntries(outDir: string, season: DemoSeason): { title: string; line: string; link: string }[] {
  return season.ledger.columns.map((c, i) => ({
    title: `${c.heading} (${c.title})`,
    line: inert(c.summary),
    link: relative(outDir, season.outputs[i].index),
  }));
}

function indexPage(
  games: readonly { title: string; line: string; link: string }[],
  season: readonly { title: string; line: string; link: string }[] = [],
): string {
  const seasonItems = season
    .map((g) => `<li><a href="${escapeHtml(g.link)}">${escapeHtml(g.title)}</a>: ${escapeHtml(g.line)}</li>`)
    .join('\n');
  const items = games
    .map((g) => `<li><a href="${escapeHtml(g.link)}">${escapeHtml(g.title)}</a>: ${escapeHtml(g.line)}</li>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>genius-host: bot matches</title>
<style>body{font-family:Arial,sans-serif;margin:24px;color:#202124;line-height:1.6}</style></head>
<body><h1>genius-host: a match of each game, played by bots</h1>
<p>Every workbook below was written by the same Sheets API requests the add-on sends to Google Sheets.</p>
<ul>${items}</ul>${seasonItems ? `\n<h2>A demo season</h2>\n<p>Each match started where the season's ledger says; each host's and spectators' workbook has a Season tab.</p>\n<ul>${seasonItems}</ul>` : ''}</body></html>
`;
}

/** `genius-host render FILE --out DIR`: the same outputs for any match file. */
export async function renderMatch(
  match: MatchFile,
  result: ReplayResult,
  outDir: string,
  print: (text: string) => void,
  progress?: ProgressSink,
  now?: string,
): Promise<number> {
  makeOutDir(outDir);
  const outputs = await writeMatchOutputs(match, result, outDir, workbookProgress(progress), now);
  print(`${result.game.title}: ${inert(resultLine(result))}\n${workbooksLine(outputs)}\n${outputsText(outputs)}\n`);
  return 0;
}
