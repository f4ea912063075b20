// `npm start`: the main job on the embedded default. Plays a whole match of each game with bots,
// then renders every audience's workbook exactly as the add-on would write it to Google Sheets
// (one batchUpdate each, into the embedded workbook) and saves it as .xlsx and as an HTML page,
// with the match file. `genius-host render FILE` does the same for any match file.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { GAMES, type MatchFile, type ReplayResult, newMatch, playMatch, replayMatch, viewFor } from '../engine/index.js';
import type { AnyGame } from '../engine/core/game.js';
import { InputError } from './errors.js';
import { type MatchOutputs, writeMatchOutputs } from './outputs.js';
import { tableText } from './text.js';

export interface DemoOptions {
  readonly games: readonly string[];
  readonly seed?: string;
  readonly players?: number;
  readonly bot?: string;
  readonly outDir: string;
  readonly print: (text: string) => void;
}

/** One line: winners, losers and the elimination candidate, by name (or what the match waits on). */
export function resultLine(result: ReplayResult): string {
  const final = result.final;
  if (!final) {
    if (result.open) return `still open: ${result.open.phase.title}`;
    return `waiting on ${result.pending.length} host decision${result.pending.length === 1 ? '' : 's'}`;
  }
  const name = (who: string) => result.match.players.find((p) => p.id === who)?.name ?? who;
  const list = (ids: readonly string[]) => ids.map((id) => `${name(id)}${final.scores[id] !== undefined ? ` (${final.scores[id]})` : ''}`).join(', ') || 'none';
  return `winner ${list(final.winners)} · loser ${list(final.losers)} · elimination candidate ${final.eliminationCandidate ? name(final.eliminationCandidate) : 'none'}`;
}

/** How the outputs of one match are listed at the end. */
export function outputsText(outputs: MatchOutputs, base = '.'): string {
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
  ];
  return lines.join('\n');
}

function workbooksLine(outputs: MatchOutputs): string {
  const kb = Math.round(Math.max(...outputs.workbooks.map((w) => w.bytes)) / 1024);
  const requests = Math.max(...outputs.workbooks.map((w) => w.requests));
  return `  wrote ${outputs.workbooks.length} workbooks (${outputs.workbooks.map((w) => w.reader.replace(/ \(.*\)$/, '')).join(', ')}) as .xlsx and .html: one batchUpdate each, at most ${requests} requests / ${kb} KB`;
}

/**
 * Without --bot, players take the game's bots in turn, its default bot first: identical bots
 * think alike (every greedy sheep in the same pasture), which makes a dull demo.
 */
function mixedBots(game: AnyGame, players: readonly string[]): Record<string, string> {
  const names = [game.defaultBot, ...Object.keys(game.bots).filter((name) => name !== game.defaultBot)];
  return Object.fromEntries(players.map((id, i) => [id, names[i % names.length]]));
}

export async function runDemo(options: DemoOptions): Promise<number> {
  const started = performance.now();
  const ids = options.games.length > 0 ? options.games : [...GAMES.keys()];
  for (const id of ids) if (!GAMES.has(id)) throw new InputError(`unknown game "${id}" (one of ${[...GAMES.keys()].join(', ')})`);
  mkdirSync(options.outDir, { recursive: true });
  const say = (text: string) => options.print(`${text}\n`);
  const done: { title: string; line: string; outputs: MatchOutputs }[] = [];
  say(`genius-host: playing ${ids.length === 1 ? 'a match' : `a match of each of ${ids.length} games`} with bots; everything goes to ${options.outDir}/`);

  for (const id of ids) {
    const game = GAMES.get(id)!;
    const fresh = newMatch(id, { seed: options.seed ?? `demo-${id}`, players: options.players });
    if (!fresh.ok) throw new InputError(fresh.error);
    const bots = options.bot ?? mixedBots(game, fresh.value.players.map((p) => p.id));
    const botNames = typeof bots === 'string' ? bots : [...new Set(Object.values(bots))].join(' and ');
    say(`\n━━ ${game.title}: ${fresh.value.players.length} bots (${botNames}), seed "${fresh.value.seed}"`);
    let phases = 0;
    options.print('  played:');
    const played: MatchFile = playMatch(fresh.value, {
      bots,
      answerDecisions: true,
      onPhase: (title) => {
        phases += 1;
        options.print(phases <= 12 ? ` ${title} ✓` : phases === 13 ? ' …' : '');
      },
    });
    say(` (${phases} phases)`);
    const result = replayMatch(played);
    const outputs = await writeMatchOutputs(played, result, join(options.outDir, id));
    say(workbooksLine(outputs));
    if (result.rejected.length > 0) say(`  ${result.rejected.length} submission(s) rejected: see the host's Log tab`);
    say('');
    say(tableText(viewFor(result, 'public').scoreboard).replace(/^/gm, '  '));
    const line = resultLine(result);
    say(`\n  ${line}`);
    done.push({ title: game.title, line, outputs });
  }

  const index = join(options.outDir, 'index.html');
  writeFileSync(index, indexPage(done.map((d) => ({ title: d.title, line: d.line, link: relative(options.outDir, d.outputs.index) }))));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  say(`\n━━ Done in ${seconds} s. Open ${index} to see every workbook, or:`);
  for (const d of done) say(`${d.title}\n${outputsText(d.outputs)}`);
  say('\nResults');
  const width = Math.max(...done.map((d) => d.title.length));
  for (const d of done) say(`  ${d.title.padEnd(width)}  ${d.line}`);
  return 0;
}

function indexPage(games: readonly { title: string; line: string; link: string }[]): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] as string);
  const items = games.map((g) => `<li><a href="${escape(g.link)}">${escape(g.title)}</a>: ${escape(g.line)}</li>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>genius-host: bot matches</title>
<style>body{font-family:Arial,sans-serif;margin:24px;color:#202124;line-height:1.6}</style></head>
<body><h1>genius-host: a match of each game, played by bots</h1>
<p>Every workbook below was written by the same Sheets API requests the add-on sends to Google Sheets.</p>
<ul>${items}</ul></body></html>
`;
}

/** `genius-host render FILE --out DIR`: the same outputs for any match file. */
export async function renderMatch(match: MatchFile, result: ReplayResult, outDir: string, print: (text: string) => void): Promise<number> {
  const outputs = await writeMatchOutputs(match, result, outDir);
  print(`${result.game.title}: ${resultLine(result)}\n${workbooksLine(outputs)}\n${outputsText(outputs)}\n`);
  return 0;
}
