// The season before a match, kept in its log at Start (src/engine/season/kept.ts): used only when
// it ends with the very match this one names by its hash, in the same season; and a balance a host
// changes in it is named on the Season tab all the same, for every player of this match.
import { describe, expect, it } from 'vitest';
import type { Award, Final, Player } from '../../src/engine/core/game.js';
import type { MatchFile } from '../../src/engine/core/matchfile.js';
import { GAME_LIST } from '../../src/engine/index.js';
import { keptLedger, ledgerWith } from '../../src/engine/season/kept.js';
import { type SeasonLedger, type SeasonMatchInput, seasonLedger } from '../../src/engine/season/ledger.js';
import { nextMatch } from '../../src/engine/season/next.js';
import type { SeasonField } from '../../src/engine/season/schema.js';

const players: Player[] = ['Ann', 'Ben', 'Cara', 'Dev'].map((name, i) => ({ id: `p${i + 1}`, name, garnets: i % 2 }));

const final = (awards: readonly Award[], extra: Partial<Final> = {}): Final => ({
  scores: {},
  winners: [],
  losers: [],
  awards,
  eliminationCandidate: null,
  detail: {},
  ...extra,
});

const file = (ps: readonly Player[], season: SeasonField, seed: string): MatchFile => ({
  game: GAME_LIST[0].id,
  seed,
  players: ps,
  options: {},
  submissions: [],
  decisions: [],
  season,
});

const input = (match: MatchFile, result: Final | null): SeasonMatchInput => ({
  label: 'a match',
  match,
  final: result,
  title: 'A game',
  summary: '',
});

/** A main match naming Dev the candidate, his death match against Ben (Ben loses), and the next main match, not over. */
function season(): SeasonMatchInput[] {
  const inputs = [
    input(
      file(players, { name: 'Autumn', kind: 'main' }, 's1'),
      final([{ player: 'p1', garnets: 2, tokensOfLife: 0, note: '' }], { eliminationCandidate: 'p4' }),
    ),
  ];
  const death = nextMatch(seasonLedger(inputs), 'death', 'p2');
  if (!death.ok) throw new Error(death.error);
  inputs.push(
    input(file(death.value.players, death.value.season, 's2'), final([], { winners: ['p4'], losers: ['p2'] })),
  );
  const main = nextMatch(seasonLedger(inputs), 'main');
  if (!main.ok) throw new Error(main.error);
  inputs.push(input(file(main.value.players, main.value.season, 's3'), null));
  return inputs;
}

/** As the log gives it back: JSON. */
const asKept = (ledger: SeasonLedger): unknown => JSON.parse(JSON.stringify(ledger));

describe('the season kept before a match', () => {
  it('is the ledger of the matches before it, and with this match the ledger of the whole season', () => {
    const inputs = season();
    const field = inputs[2].match.season;
    const before = keptLedger(asKept(seasonLedger(inputs.slice(0, 2))), field);
    expect(before).toEqual(seasonLedger(inputs.slice(0, 2)));
    expect(ledgerWith(before, inputs[2])).toEqual(seasonLedger(inputs));
    expect(seasonLedger(inputs).issues).toEqual([]);
    // A season's first match needs nothing kept.
    expect(ledgerWith(null, inputs[0])).toEqual(seasonLedger(inputs.slice(0, 1)));
  });

  it('is not used when it is another season, ends elsewhere than the match this one names, has a match not over, or is damaged', () => {
    const inputs = season();
    const field = inputs[2].match.season!;
    const kept = seasonLedger(inputs.slice(0, 2));
    expect(keptLedger(asKept(kept), { ...field, name: 'Winter' })).toBeNull();
    // The season up to the main match only: not the death match this one follows.
    expect(keptLedger(asKept(seasonLedger(inputs.slice(0, 1))), field)).toBeNull();
    expect(keptLedger(asKept(kept), { ...field, previous: 'a'.repeat(64) })).toBeNull();
    expect(keptLedger(asKept(seasonLedger(inputs)), { ...field, previous: undefined })).toBeNull();
    expect(
      keptLedger(asKept({ ...kept, columns: kept.columns.map((c) => ({ ...c, over: false })) }), field),
    ).toBeNull();
    expect(keptLedger('{"name":"Autumn"', field)).toBeNull();
    expect(keptLedger({ ...(asKept(kept) as object), players: [{ id: 3 }] }, field)).toBeNull();
    // No kept season: a later match draws no Season tab rather than a season that starts with it.
    expect(ledgerWith(null, inputs[2])).toBeNull();
  });

  it("names a balance the host changed in the kept season, for a player of this match, on this match's check", () => {
    const inputs = season();
    const kept = seasonLedger(inputs.slice(0, 2));
    // The host edits the hidden row: Ann "ended" the death match with 5 garnets, not the 2 she has.
    const last = kept.columns[1];
    const forged = {
      ...kept,
      columns: [kept.columns[0], { ...last, cells: { ...last.cells, p1: { ...last.cells.p1, garnets: 5 } } }],
    };
    const ledger = ledgerWith(keptLedger(asKept(forged), inputs[2].match.season), inputs[2]);
    expect(ledger?.issues).toEqual([
      expect.objectContaining({
        match: 3,
        player: 'p1',
        message: expect.stringMatching(/^Ann starts with 2 garnets, but the season's ledger says 5/),
      }),
    ]);
  });
});
