// Substitute a player… (issue 29): a seat passes to a new person from a time on. In every game of
// the registry, a match played by bots has its first seat handed over mid-match: the seat keeps
// everything (the same result), the old account's answers after the switch are refused with a
// reason, the new account's count, and no view shows either person's address.
import { zonedText } from '../../src/engine/core/zones.js';
import { describe, expect, it } from 'vitest';
import type { MatchEvent, Submission } from '../../src/engine/core/game.js';
import { hostActions } from '../../src/engine/core/host-actions.js';
import { type MatchFile } from '../../src/engine/core/matchfile.js';
import {
  GAME_LIST,
  audiencesOf,
  loadMatch,
  newMatch,
  playMatch,
  replayMatch,
  viewFor,
} from '../../src/engine/index.js';

const START = '2026-11-21T18:00:00.000Z';
const NEW_EMAIL = 'zed.sub@example.org';

/** A match of `gameId` played by bots, every answer sent through its player's form from their account. */
function playedByForm(gameId: string): MatchFile {
  const made = newMatch(gameId, { startAt: START });
  if (!made.ok) throw new Error(made.error);
  const scheduled = loadMatch({ ...made.value, schedule: { minutes: { default: 600 } } });
  if (!scheduled.ok) throw new Error(scheduled.error);
  const played = playMatch(scheduled.value, { answerDecisions: true });
  const email = (id: string) => played.players.find((p) => p.id === id)?.email;
  return {
    ...played,
    submissions: played.submissions.map((s): Submission => ({ ...s, via: 'form', from: email(s.player) })),
  };
}

/** The match with its first seat passed to Zed when its third phase opens, and the answers after it sent from `from`. */
function substituted(match: MatchFile, from: (old: string) => string): { file: MatchFile; at: string; seat: string } {
  const seat = match.players[0].id;
  // The third phase: each seat has answered before it in every game (a Peg Domain seat moves every other turn).
  const third = replayMatch(match).closed[2];
  const at = third.timing.opensAt;
  if (at === undefined) throw new Error('the third phase has no opening time');
  const event: MatchEvent = {
    type: 'substitute',
    player: seat,
    name: 'Zed',
    email: NEW_EMAIL,
    at,
    reason: 'Ann moved abroad',
  };
  const submissions = match.submissions.map((s) =>
    s.player === seat && s.at !== undefined && Date.parse(s.at) >= Date.parse(at)
      ? { ...s, from: from(s.from ?? '') }
      : s,
  );
  const loaded = loadMatch({ ...match, submissions, events: [event] });
  if (!loaded.ok) throw new Error(loaded.error);
  return { file: loaded.value, at, seat };
}

describe.each(GAME_LIST.map((game) => [game.title, game.id]))('Substitute a player in %s', (_title, gameId) => {
  const played = playedByForm(gameId);
  const before = replayMatch(played);

  it('keeps everything the seat holds when the new account answers after the switch', () => {
    const { file, seat } = substituted(played, () => NEW_EMAIL);
    const after = replayMatch(file);
    expect(after.rejected).toEqual(before.rejected);
    expect(after.final).toEqual(before.final);
    expect(after.receipts.filter((r) => r.player === seat).map((r) => r.status)).toEqual(
      before.receipts.filter((r) => r.player === seat).map((r) => r.status),
    );
  });

  it("refuses the old account's answers after the switch, with the reason, and keeps those before it", () => {
    const { file, seat, at } = substituted(played, (old) => old);
    const after = replayMatch(file);
    const late = file.submissions.flatMap((s, index) =>
      s.player === seat && s.at !== undefined && Date.parse(s.at) >= Date.parse(at) ? [index] : [],
    );
    expect(late.length).toBeGreaterThan(0);
    for (const index of late) {
      const receipt = after.receipts.find((r) => r.index === index);
      expect(receipt?.status).toBe('rejected');
      expect(receipt?.reasons[0]).toBe(
        `sent from Ann's Google account after the host gave this seat to Zed (from ${at}); only Zed's account answers for it now`,
      );
    }
    const early = after.receipts.filter((r) => r.player === seat && !late.includes(r.index));
    expect(early.length).toBeGreaterThan(0);
    for (const receipt of early) expect(receipt.reasons.join(' ')).not.toMatch(/Google account/);
  });

  it('names the seat "Zed (sub for Ann)", lists the substitution with its reason, and shows no address to anyone', () => {
    const { file, at } = substituted(played, () => NEW_EMAIL);
    const result = replayMatch(file);
    const publicView = JSON.stringify(viewFor(result, 'public'));
    expect(publicView).toContain('Zed (sub for Ann)');
    expect(hostActions(result).filter((a) => a.what.includes('seat'))).toEqual([
      {
        at,
        what: `Zed took Ann's seat (from ${zonedText(at, file.schedule?.timeZone ?? 'UTC')})`,
        reason: 'Ann moved abroad',
      },
    ]);
    for (const audience of audiencesOf(result)) {
      if (audience === 'host') continue;
      const text = JSON.stringify(viewFor(result, audience));
      expect(text, audience).not.toContain(NEW_EMAIL);
      expect(text, audience).not.toContain(file.players[0].email);
    }
  });
});

describe('substitute events in a match file', () => {
  const base = playedByForm(GAME_LIST[0].id);
  const load = (event: Record<string, unknown>) => loadMatch({ ...base, events: [event] });

  it("refuses a substitute named as another seat's player, an unknown seat, and a reason on two lines", () => {
    const other = base.players[1];
    const at = START;
    expect(load({ type: 'substitute', player: 'p1', name: other.name.toUpperCase(), email: NEW_EMAIL, at })).toEqual({
      ok: false,
      error: `events[0].name: "${other.name.toUpperCase()}" reads as the name or id of "${other.name}"'s seat; a substitute's name must differ from every other player's`,
    });
    expect(load({ type: 'substitute', player: 'zz', name: 'Zed', email: NEW_EMAIL, at })).toEqual({
      ok: false,
      error: 'events[0].player: unknown player "zz"',
    });
    expect(load({ type: 'pause', at, reason: 'one\ntwo' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^events\[0\]\.reason: a reason is one line/),
    });
  });

  it('lets a player come back to their own seat under their own name', () => {
    const at = (m: number) => new Date(Date.parse(START) + m * 60_000).toISOString();
    const loaded = loadMatch({
      ...base,
      events: [
        { type: 'substitute', player: 'p1', name: 'Zed', email: NEW_EMAIL, at: at(1) },
        { type: 'substitute', player: 'p1', name: base.players[0].name, email: base.players[0].email, at: at(2) },
      ],
    });
    expect(loaded.ok).toBe(true);
    if (loaded.ok) expect(JSON.stringify(viewFor(replayMatch(loaded.value), 'public'))).not.toContain('(sub for');
    if (loaded.ok)
      expect(hostActions(replayMatch(loaded.value))[1].what).toMatch(/^Ann is back in their seat, after Zed/);
  });
});

describe('the Host actions list', () => {
  it('says whose email the host corrected, never the address, and keeps each reason', () => {
    const base = playedByForm(GAME_LIST[0].id);
    const at = '2026-11-21T18:30:00.000Z';
    const loaded = loadMatch({
      ...base,
      events: [
        { type: 'email', player: 'p2', email: 'ben.real@example.org', at, reason: 'typo at sign-up' },
        { type: 'pause', at: '2026-11-21T18:31:00.000Z' },
      ],
    });
    if (!loaded.ok) throw new Error(loaded.error);
    const result = replayMatch(loaded.value);
    const actions = hostActions(result).filter((a) => !a.what.startsWith('Decided'));
    expect(actions).toEqual([
      { at, what: "Corrected Ben's email", reason: 'typo at sign-up' },
      { at: '2026-11-21T18:31:00.000Z', what: 'Paused the match', reason: '' },
    ]);
    expect(JSON.stringify(viewFor(result, 'public').hostActions)).not.toContain('ben.real@example.org');
  });
});
