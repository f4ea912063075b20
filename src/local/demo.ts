// `npm start`: the main job on the embedded default. Plays a whole match of each game with bots,
// shows every round's board and the final standings, and saves the match file so it can be
// replayed (`genius-host replay out/<game>.json`).

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAMES, newMatch, playMatch, replayMatch, stringifyMatchFile, viewFor } from '../engine/index.js';
import { InputError } from './errors.js';
import { gridText, tableText } from './text.js';

export interface DemoOptions {
  readonly games: readonly string[];
  readonly seed?: string;
  readonly players?: number;
  readonly bot?: string;
  readonly outDir: string;
  readonly colour: boolean;
  readonly print: (text: string) => void;
}

export function runDemo(options: DemoOptions): number {
  const ids = options.games.length > 0 ? options.games : [...GAMES.keys()];
  for (const id of ids) if (!GAMES.has(id)) throw new InputError(`unknown game "${id}" (one of ${[...GAMES.keys()].join(', ')})`);
  mkdirSync(options.outDir, { recursive: true });
  const say = (text: string) => options.print(`${text}\n`);
  const summary: string[] = [];

  for (const id of ids) {
    const game = GAMES.get(id)!;
    const fresh = newMatch(id, { seed: options.seed ?? `demo-${id}`, players: options.players });
    if (!fresh.ok) throw new InputError(fresh.error);
    say(`\n━━ ${game.title}: ${fresh.value.players.length} bots (${options.bot ?? game.defaultBot}), seed "${fresh.value.seed}" ━━`);
    const played = playMatch(fresh.value, {
      bots: options.bot,
      answerDecisions: true,
      onPhase: (title) => say(`  ✓ ${title} resolved`),
    });
    const result = replayMatch(played);
    const view = viewFor(result, 'public');
    for (const tab of [...view.boards].reverse().filter((t) => t.tab !== 'Current')) {
      say('');
      for (const grid of tab.grids) say(gridText(grid, { colour: options.colour }));
    }
    say('');
    say(tableText(view.scoreboard));
    const file = join(options.outDir, `${id}.json`);
    writeFileSync(file, stringifyMatchFile(played));
    const final = result.final;
    const name = (who: string) => result.match.players.find((p) => p.id === who)?.name ?? who;
    const line = final
      ? `${game.title}: winner ${final.winners.map(name).join(', ') || 'none'}; loser ${final.losers.map(name).join(', ') || 'none'}; elimination candidate ${final.eliminationCandidate ? name(final.eliminationCandidate) : 'none'}`
      : `${game.title}: waiting on ${result.pending.length} host decision(s)`;
    if (result.rejected.length > 0) say(`  (${result.rejected.length} submission(s) rejected; see the log with genius-host show ${file} --as host)`);
    say(`\n${line}`);
    say(`Match file: ${file}  (replay it: npx genius-host replay ${file})`);
    summary.push(line);
  }
  say(`\n━━ Results ━━\n${summary.join('\n')}\nEverything is in ${options.outDir}/`);
  return 0;
}
