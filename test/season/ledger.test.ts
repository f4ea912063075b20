// The season ledger (docs/season.md) on hand-made results: balances carried from match to match, the
// elimination candidate's death match, a Token of Life given and used by the season's rules, and the
// first place where a match does not start where the last one ended.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Award, Final, Player } from '../../src/engine/core/game.js';
import type { MatchFile } from '../../src/engine/core/matchfile.js';
import { GAME_LIST } from '../../src/engine/index.js';
import { matchHash } from '../../src/engine/season/match-hash.js';
import { type SeasonMatchInput, continueLedger, seasonLedger } from '../../src/engine/season/ledger.js';
import { nextMatch } from '../../src/engine/season/next.js';
import type { SeasonField } from '../../src/engine/season/schema.js';

const NAMES = ['Ann', 'Ben', 'Cara', 'Dev', 'Eve'];
const people = (garnets: readonly number[]): Player[] =>
  garnets.map((g, i) => ({ id: `p${i + 1}`, name: NAMES[i], garnets: g }));

function file(players: readonly Player[], season: SeasonField): MatchFile {
  // Any game's id: the ledger reads only the result, never which game a match was.
  return {
    game: GAME_LIST[0].id,
    seed: `seed-${season.kind}-${season.previous ?? 'first'}`,
    players,
    options: {},
    submissions: [],
    decisions: [],
    season,
  };
}

function final(awards: readonly Award[], extra: Partial<Final> = {}): Final {
  return { scores: {}, winners: [], losers: [], awards, eliminationCandidate: null, detail: {}, ...extra };
}

const award = (player: string, garnets: number, tokensOfLife = 0): Award => ({
  player,
  garnets,
  tokensOfLife,
  note: '',
});

function input(label: string, match: MatchFile, result: Final | null): SeasonMatchInput {
  return { label, match, final: result, title: 'A game', summary: '' };
}

/** A season grown one match at a time, each started where the ledger says (nextMatch). */
class Season {
  readonly inputs: SeasonMatchInput[] = [];

  constructor(players: readonly Player[], result: Final, rules?: SeasonField['rules']) {
    this.inputs.push(
      input('m1.json', file(players, { name: 'Autumn', kind: 'main', ...(rules ? { rules } : {}) }), result),
    );
  }

  next(kind: 'main' | 'death', result: Final, opponent?: string, adjust?: SeasonField['adjustments']): MatchFile {
    const next = nextMatch(seasonLedger(this.inputs), kind, opponent);
    if (!next.ok) throw new Error(next.error);
    const adjusted = next.value.players.map((p) => {
      const garnets = (adjust ?? []).filter((a) => a.player === p.id).reduce((sum, a) => sum + (a.garnets ?? 0), 0);
      return { ...p, garnets: p.garnets + garnets };
    });
    const match = file(adjusted, { ...next.value.season, ...(adjust ? { adjustments: adjust } : {}) });
    this.inputs.push(input(`m${this.inputs.length + 1}.json`, match, result));
    return match;
  }

  ledger() {
    return seasonLedger(this.inputs);
  }
}

/**
 * The add-on keeps the ledger of the matches before a match (as JSON, in its log) and plays the
 * match after it (season/kept.ts): at every match of the season, that is the ledger of the whole.
 */
function expectContinues(inputs: readonly SeasonMatchInput[]): void {
  for (let k = 1; k < inputs.length; k++) {
    const kept: unknown = JSON.parse(JSON.stringify(seasonLedger(inputs.slice(0, k))));
    expect(continueLedger(kept as ReturnType<typeof seasonLedger>, inputs[k])).toEqual(
      seasonLedger(inputs.slice(0, k + 1)),
    );
  }
}

describe('the season ledger', () => {
  it('carries balances through a main match, its death match and the next main match', () => {
    const season = new Season(
      people([1, 0, 2, 0]),
      final([award('p1', 2, 1), award('p3', 1)], { winners: ['p1'], losers: ['p4'], eliminationCandidate: 'p4' }),
    );
    let ledger = season.ledger();
    expect(ledger.issues).toEqual([]);
    expect(ledger.columns[0].cells.p4.status).toBe('candidate');
    // Ann holds a Token of Life: the candidate cannot choose her.
    expect(nextMatch(ledger, 'death', 'p1')).toEqual({
      ok: false,
      error: 'Ann cannot be chosen: the opponent is one of Ben, Cara',
    });
    season.next('death', final([], { winners: ['p4'], losers: ['p3'] }), 'p3');
    season.next('main', final([award('p2', 1)], { eliminationCandidate: null }));
    ledger = season.ledger();
    expect(ledger.issues).toEqual([]);
    const after = ledger.columns.map((c) =>
      Object.fromEntries(Object.entries(c.cells).map(([id, x]) => [id, [x.garnets, x.tokensOfLife, x.status]])),
    );
    expect(after).toEqual([
      { p1: [3, 1, 'playing'], p2: [0, 0, 'playing'], p3: [3, 0, 'playing'], p4: [0, 0, 'candidate'] },
      // Cara loses the death match: her 3 garnets go to Dev, the winner.
      { p1: [3, 1, 'playing'], p2: [0, 0, 'playing'], p3: [0, 0, 'eliminated'], p4: [3, 0, 'playing'] },
      // Ann's token was good until this main match (the show's rule), and expired unused.
      { p1: [3, 0, 'playing'], p2: [1, 0, 'playing'], p3: [0, 0, 'eliminated'], p4: [3, 0, 'playing'] },
    ]);
    expect(ledger.columns.map((c) => c.heading)).toEqual(['Main match 1', 'Death match 1', 'Main match 2']);
    expect(ledger.columns[2].events).toContain("Ann's 1 Token of Life expired unused");
    expect(ledger.columns[2].cells.p3.played).toBe(false);
  });

  it('names the match and the player whose balance was changed between two matches', () => {
    const season = new Season(people([0, 0, 0]), final([award('p2', 2)], { eliminationCandidate: 'p3' }));
    const death = season.next('death', final([], { winners: ['p3'], losers: ['p1'] }), 'p1');
    season.next('main', final([], { eliminationCandidate: 'p2' }));
    expect(season.ledger().issues).toEqual([]);
    // A friend's garnet: Ben starts main match 2 with 3, not the 2 he ended with.
    const edited = {
      ...season.inputs[2].match,
      players: season.inputs[2].match.players.map((p) => (p.id === 'p2' ? { ...p, garnets: 3 } : p)),
    };
    const issues = seasonLedger([season.inputs[0], season.inputs[1], { ...season.inputs[2], match: edited }]).issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ match: 3, label: 'm3.json', player: 'p2' });
    expect(issues[0].message).toMatch(
      /^Ben starts with 3 garnets, but the season's ledger says 2 \(what match 2 ended with\)/,
    );
    expect(death.season?.previous).toBe(season.ledger().columns[0].hash);
  });

  it('takes a change of balance the host logged, with its reason, and shows it', () => {
    const season = new Season(people([0, 0, 0]), final([], { eliminationCandidate: null }));
    season.next('main', final([]), undefined, [{ player: 'p2', garnets: 1, reason: 'won the bonus quiz' }]);
    const ledger = season.ledger();
    expect(ledger.issues).toEqual([]);
    expect(ledger.columns[1].cells.p2.garnets).toBe(1);
    expect(ledger.columns[1].events[0]).toBe('The host gave Ben +1 garnet: won the bonus quiz');
    expect(ledger.columns[1].cells.p2.notes).toEqual(['host: +1 garnet (won the bonus quiz)']);
  });

  it('gives a Token of Life and uses it by the season rules: the candidate is saved, no death match follows', () => {
    const season = new Season(people([0, 0, 0, 0]), final([], { eliminationCandidate: null }));
    // The host gives Cara a Token of Life before main match 2, which names her the candidate.
    season.next('main', final([award('p1', 1)], { eliminationCandidate: 'p3' }), undefined, [
      { player: 'p3', tokensOfLife: 1, reason: 'prize of the side quest' },
    ]);
    const ledger = season.ledger();
    expect(ledger.issues).toEqual([]);
    expect(ledger.columns[1].cells.p3).toMatchObject({ tokensOfLife: 0, status: 'playing' });
    expect(ledger.columns[1].events).toContain(
      'Cara, the elimination candidate, used a Token of Life: no death match follows',
    );
    expect(nextMatch(ledger, 'death', 'p1')).toEqual({
      ok: false,
      error: 'Main match 2 left no elimination candidate: no death match follows it',
    });
    // The next match is a main match of all four.
    season.next('main', final([]));
    expect(season.ledger().issues).toEqual([]);
  });

  it('keeps the candidate in the death match when the season says a token does not save a candidate', () => {
    const rules = {
      opponent: 'candidate',
      tokens: 'until-used',
      tokenSavesCandidate: false,
      eliminatedGarnets: 'forfeit',
    } as const;
    const season = new Season(people([0, 0, 5]), final([award('p3', 0, 1)], { eliminationCandidate: 'p3' }), rules);
    let ledger = season.ledger();
    expect(ledger.columns[0].cells.p3).toMatchObject({ tokensOfLife: 1, status: 'candidate' });
    season.next('death', final([], { winners: ['p1'], losers: ['p3'] }), 'p1');
    ledger = season.ledger();
    expect(ledger.issues).toEqual([]);
    // Forfeited, not handed to the winner.
    expect(ledger.columns[1].cells.p1.garnets).toBe(0);
    expect(ledger.columns[1].cells.p3).toMatchObject({ garnets: 0, status: 'eliminated' });
  });

  it('keeps a token from match to match when tokens last until used, and it keeps its holder out of the death match', () => {
    const rules = {
      opponent: 'candidate',
      tokens: 'until-used',
      tokenSavesCandidate: true,
      eliminatedGarnets: 'to-winner',
    } as const;
    const season = new Season(people([0, 0, 0]), final([award('p1', 0, 1)], { eliminationCandidate: null }), rules);
    season.next('main', final([], { eliminationCandidate: 'p2' }));
    const ledger = season.ledger();
    expect(ledger.columns[1].cells.p1.tokensOfLife).toBe(1);
    expect(nextMatch(ledger, 'death', 'p1')).toMatchObject({ ok: false });
    // A host who puts Ann in the death match all the same is named.
    const match = file(
      people([0, 0]).map((p) => ({ ...p })),
      { name: 'Autumn', kind: 'death', previous: ledger.columns[1].hash ?? '' },
    );
    const issues = seasonLedger([
      ...season.inputs,
      input('m3.json', { ...match, players: [match.players[1], match.players[0]] }, null),
    ]).issues;
    expect(issues).toEqual([
      expect.objectContaining({
        match: 3,
        player: 'p1',
        message: expect.stringMatching(/^Ann holds a Token of Life, so cannot be chosen/),
      }),
    ]);
  });

  it('names a match whose predecessor was changed after it was chained', () => {
    const season = new Season(people([0, 0, 0]), final([award('p1', 2)], { eliminationCandidate: null }));
    season.next('main', final([]));
    const changed = {
      ...season.inputs[0],
      final: final([award('p1', 2), award('p2', 5)], { eliminationCandidate: null }),
    };
    const issues = seasonLedger([changed, season.inputs[1]]).issues;
    expect(issues.map((i) => [i.match, i.player ?? null])).toEqual([
      [2, null], // the hash no longer matches
      [2, 'p2'], // Ben would have started with 5
    ]);
    expect(issues[0].message).toMatch(
      /^season\.previous: names the match before it as [0-9a-f]{12}…, but match 1's hash is/,
    );
  });

  it('refuses a main match while the candidate has played no death match, and a death match without the candidate', () => {
    const season = new Season(people([0, 0, 0]), final([], { eliminationCandidate: 'p2' }));
    const hash = season.ledger().columns[0].hash ?? '';
    const skipped = seasonLedger([
      ...season.inputs,
      input('m2.json', file(people([0, 0, 0]), { name: 'Autumn', kind: 'main', previous: hash }), null),
    ]);
    expect(skipped.issues.map((i) => i.message)).toEqual([
      'is a main match, but Ben, the elimination candidate of match 1, has played no death match',
    ]);
    const without = seasonLedger([
      ...season.inputs,
      input(
        'm2.json',
        file([people([0, 0, 0])[0], people([0, 0, 0])[2]], { name: 'Autumn', kind: 'death', previous: hash }),
        null,
      ),
    ]);
    expect(without.issues.map((i) => [i.player, i.message])).toEqual([
      ['p2', 'Ben, the elimination candidate of match 1, is not in this death match'],
    ]);
  });

  it('crowns the last player standing', () => {
    const season = new Season(people([0, 0]), final([], { eliminationCandidate: 'p1' }));
    season.next('death', final([], { winners: ['p2'], losers: ['p1'] }), 'p2');
    const ledger = season.ledger();
    expect(ledger.issues).toEqual([]);
    expect(ledger.columns[1].cells.p2.status).toBe('winner');
    expect(nextMatch(ledger, 'main')).toEqual({
      ok: false,
      error: 'the season is over: fewer than two players are still in it',
    });
  });

  it('a season chained by the ledger always verifies, and any one changed balance is named where it happens', () => {
    const step = fc.record({
      awards: fc.array(fc.record({ who: fc.nat(4), garnets: fc.integer({ min: 0, max: 3 }), tokens: fc.nat(1) }), {
        maxLength: 4,
      }),
      candidate: fc.option(fc.nat(4)),
      opponent: fc.nat(4),
      loserIsCandidate: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(fc.nat(5), { minLength: 5, maxLength: 5 }),
        fc.array(step, { minLength: 1, maxLength: 5 }),
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        (opening, steps, pick, delta) => {
          let season: Season | null = null;
          for (const s of steps) {
            const ledger = season?.ledger();
            const ids = ledger
              ? ledger.players.filter((p) => ledger.columns.at(-1)?.cells[p.id]?.status === 'playing').map((p) => p.id)
              : people(opening).map((p) => p.id);
            if (ids.length < 2) break;
            const awards = s.awards.map((a) => award(ids[a.who % ids.length], a.garnets, a.tokens));
            const candidate = s.candidate === null ? null : ids[s.candidate % ids.length];
            const result = final(awards, { eliminationCandidate: candidate });
            if (!season) season = new Season(people(opening), result);
            else season.next('main', result);
            const now = season.ledger();
            const waiting = now.players.find((p) => now.columns.at(-1)?.cells[p.id]?.status === 'candidate');
            if (waiting) {
              const choices = nextMatch(now, 'death');
              const names = choices.ok ? [] : (/one of (.*)$/.exec(choices.error)?.[1].split(', ') ?? []);
              const opponent = now.players.find((p) => p.name === names[s.opponent % names.length]);
              if (!opponent) throw new Error(choices.ok ? 'no choice asked' : choices.error);
              const loser = s.loserIsCandidate ? waiting.id : opponent.id;
              season.next(
                'death',
                final([], { winners: [loser === waiting.id ? opponent.id : waiting.id], losers: [loser] }),
                opponent.id,
              );
            }
          }
          if (!season) return;
          expect(season.ledger().issues).toEqual([]);
          expectContinues(season.inputs);
          if (season.inputs.length < 2) return;
          const at = 1 + (pick % (season.inputs.length - 1));
          const target = season.inputs[at];
          const who = target.match.players[pick % target.match.players.length];
          const changed = {
            ...target.match,
            players: target.match.players.map((p) => (p.id === who.id ? { ...p, garnets: p.garnets + delta } : p)),
          };
          const inputs = season.inputs.map((x, i) => (i === at ? { ...x, match: changed } : x));
          const first = seasonLedger(inputs).issues[0];
          expect(first).toMatchObject({ match: at + 1, player: who.id });
          expectContinues(inputs);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("hashes a match as it is published, so the host's log and the spectators' copy chain alike", async () => {
    const { publishedMatch } = await import('../../src/engine/core/publish.js');
    const match: MatchFile = {
      ...file(
        [
          { id: 'p1', name: 'Ann', email: 'ann@example.com', garnets: 0, timeZone: 'Europe/Paris' },
          { id: 'p2', name: 'Ben', email: 'ben@example.com', garnets: 1 },
        ],
        { name: 'Autumn', kind: 'main' },
      ),
      submissions: [{ phase: 'x', player: 'p1', answers: { a: '1' }, from: 'ann@example.com', uid: 'response-77' }],
    };
    const result = final([award('p1', 1)]);
    const published = publishedMatch(match, result);
    expect(matchHash(published, result)).toBe(matchHash(match, result));
    expect(matchHash({ ...match, season: { name: 'Autumn', kind: 'death' } }, result)).not.toBe(
      matchHash(match, result),
    );
  });
});
