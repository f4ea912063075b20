// The demo's match of a game (`genius-host start GAME`: its seed, its bots in turn), replayed once
// and kept: what the board tests of every game read a finished match from.
import { botNames } from '../../src/cli/demo.js';
import type { View } from '../../src/engine/core/view.js';
import { gameById, newMatch, playMatch, replayMatch } from '../../src/engine/index.js';
import type { ReplayResult } from '../../src/engine/index.js';
import { renderView } from '../../src/sheets/index.js';
import { EmbeddedWorkbook } from '../../src/workbook/workbook.js';

const played = new Map<string, ReplayResult>();

export function finished(game: string): ReplayResult {
  const known = played.get(game);
  if (known) return known;
  const fresh = newMatch(game, { seed: `demo-${game}` });
  if (!fresh.ok) throw new Error(fresh.error);
  const names = botNames(gameById(game));
  const bots = Object.fromEntries(fresh.value.players.map((p, i) => [p.id, names[i % names.length]]));
  const result = replayMatch(playMatch(fresh.value, { bots, answerDecisions: true }));
  played.set(game, result);
  return result;
}

/** A view drawn into a fresh embedded workbook, as the add-on draws it. */
export function rendered(view: View): EmbeddedWorkbook {
  const workbook = new EmbeddedWorkbook();
  renderView(workbook, view, { dropDefaultSheet: true });
  return workbook;
}

/** Every row of the public scoreboard shows a colour swatch (issue 32, item 5). */
export function swatchOnEveryRow(view: View): boolean {
  const { scoreboard } = view;
  return (
    scoreboard.rows.length > 0 &&
    scoreboard.rows.every((_, r) =>
      scoreboard.fills?.[r]?.some((fill) => fill !== null && /^#[0-9A-F]{6}$/i.test(fill)),
    )
  );
}
