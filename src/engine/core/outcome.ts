// The end of a match in words, the same for every reader: the terminal (`npm start`, `render`), the
// headline of every workbook and the Discord post made from it, and the Scoreboard tab. Winners,
// losers with the tie-break that placed them where the scores tied, the elimination candidate, and
// any host decision the match still waits on. All of it is public once the match is over.

import { seatName } from './seats.js';
import type { Final } from './game.js';
import { type Audience, audiencePlayer } from './view.js';
import type { ReplayResult } from './replay.js';

/** A player's name, or a team's id (Paint's teams are their colours). */
/** A seat by the name everyone reads now ("Zoë (sub for Ben)": seats.ts); a team by its id. */
function nameOf(result: ReplayResult, id: string): string {
  return result.match.players.some((p) => p.id === id) ? seatName(result.match, id) : id;
}

/** `name (score)` for each, joined; `none` for nobody. */
function listOf(result: ReplayResult, final: Final, ids: readonly string[]): string {
  return (
    ids
      .map((id) => `${nameOf(result, id)}${final.scores[id] !== undefined ? ` (${final.scores[id]})` : ''}`)
      .join(', ') || 'none'
  );
}

/**
 * The tie-break that placed the loser, where the loser tied with another on score: the game's own
 * words (Final.tieBreak), or, from a game that gives none, the tie itself.
 */
function tieBreakOf(result: ReplayResult, final: Final): string | null {
  if (final.losers.length !== 1) return null;
  const loser = final.losers[0];
  const score = final.scores[loser];
  const tied = Object.keys(final.scores).filter((id) => id !== loser && final.scores[id] === score);
  if (score === undefined || tied.length === 0) return null;
  return final.tieBreak ?? `tied on ${score} with ${tied.map((id) => nameOf(result, id)).join(', ')}`;
}

/** The notes among `notes` that name `name` as a whole word (Ann, not Anna): a game's tie-break notes about one player. */
export function notesNaming(notes: readonly string[], name: string): string[] {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u');
  return notes.filter((note) => named.test(note));
}

/** The result as lines: winners, losers (and the tie-break that made them lose), the elimination candidate, what waits on the host. */
export function resultLines(result: ReplayResult, audience: Audience = 'host'): string[] {
  const final = result.final;
  const pending = result.pending.map((p) => `Waiting on the host: ${p.question}`);
  if (!final) return pending;
  const plural = (word: string, ids: readonly string[]) =>
    `${word}${ids.length > 1 ? 's' : ''}: ${listOf(result, final, ids)}`;
  const tieBreak = tieBreakOf(result, final);
  return [
    plural('Winner', final.winners),
    `${plural('Loser', final.losers)}${tieBreak ? `, on a tie-break: ${tieBreak}` : ''}`,
    final.eliminationCandidate
      ? `Elimination candidate: ${nameOf(result, final.eliminationCandidate)}`
      : 'No elimination candidate (the rules name none)',
    ...awardLines(result, final, audience),
    ...decisionLines(result),
    ...pending,
  ];
}

/** Each award in words: who gains garnets or Tokens of Life, and why (the game's note), never as data. */
// A garnet spent is a purchase (Pasture's extra votes and gate, Fair and Square's priority): the
// host and its buyer read it; another player or a spectator reads only what the rules award.
function awardLines(result: ReplayResult, final: Final, audience: Audience): string[] {
  const count = (n: number, one: string, many: string) =>
    `${n > 0 ? '+' : '−'}${Math.abs(n)} ${Math.abs(n) === 1 ? one : many}`;
  return final.awards
    .filter((a) => a.garnets !== 0 || a.tokensOfLife !== 0)
    .filter((a) => audience === 'host' || a.garnets >= 0 || a.player === audiencePlayer(audience))
    .map((a) => {
      const gains = [
        ...(a.garnets !== 0 ? [count(a.garnets, 'garnet', 'garnets')] : []),
        ...(a.tokensOfLife !== 0 ? [count(a.tokensOfLife, 'Token of Life', 'Tokens of Life')] : []),
      ];
      return `Award: ${nameOf(result, a.player)} ${gains.join(' and ')}${a.note ? ` (${a.note})` : ''}`;
    });
}

/** Each host decision the end asked and the host answered, by its question (never its id). */
function decisionLines(result: ReplayResult): string[] {
  return (result.asked ?? []).flatMap((request) => {
    const decision = result.match.decisions.find((d) => d.id === request.id);
    if (!decision) return [];
    const choice = result.match.players.some((p) => p.id === decision.choice)
      ? nameOf(result, decision.choice)
      : decision.choice;
    return [`The host decided (${request.question}): ${choice}`];
  });
}

/** One line: winners, losers (and the tie-break that made them lose) and the elimination candidate, by name. */
export function resultLine(result: ReplayResult): string {
  const final = result.final;
  if (!final) {
    if (result.open) return `not over: ${result.open.phase.title} is still open`;
    return `over, waiting on ${result.pending.length} host decision${result.pending.length === 1 ? '' : 's'}`;
  }
  const plural = (word: string, ids: readonly string[]) =>
    `${word}${ids.length > 1 ? 's' : ''} ${listOf(result, final, ids)}`;
  const tieBreak = tieBreakOf(result, final);
  const loser = `${plural('loser', final.losers)}${tieBreak ? ` on a tie-break (${tieBreak})` : ''}`;
  const candidate = final.eliminationCandidate
    ? `elimination candidate ${nameOf(result, final.eliminationCandidate)}`
    : 'no elimination candidate';
  return `${plural('winner', final.winners)} · ${loser} · ${candidate}`;
}
