// Group ranks and every link of the tiebreak chain, on hand-made standings.
import { describe, expect, it } from 'vitest';
import { type Standing, rankPoints, rankStandings } from '../../../src/engine/games/fair-and-square/scoring.js';

function standing(player: string, points: number, extra: Partial<Standing> = {}): Standing {
  return { player, points, threes: 0, twos: 0, pieces: 4, timeline: [0, 0, points], ...extra };
}

const rank = (standings: Standing[]) =>
  rankStandings(
    standings,
    (m) => `turn ${m + 1}`,
    (p) => p.toUpperCase(),
  );

describe('group ranks', () => {
  it('orders by points and gives 3, 2, 1, 0', () => {
    const result = rank([standing('a', 1), standing('b', 5), standing('c', 3), standing('d', 0)]);
    expect(result.order).toEqual(['b', 'c', 'a', 'd']);
    expect(Object.fromEntries(result.order.map((p) => [p, rankPoints(result.places[p])]))).toEqual({
      b: 3,
      c: 2,
      a: 1,
      d: 0,
    });
    expect(result.notes).toEqual([]);
  });

  it('ties on points go to more 3s captured', () => {
    const result = rank([standing('a', 4, { twos: 2 }), standing('b', 4, { threes: 1 })]);
    expect(result.order).toEqual(['b', 'a']);
    expect(result.notes).toEqual(['B and A tied on 4 points; B placed ahead on more 3s captured (1 to 0)']);
  });

  it('then to more 2s captured', () => {
    const result = rank([standing('a', 4, { twos: 1 }), standing('b', 4, { twos: 2 })]);
    expect(result.order).toEqual(['b', 'a']);
    expect(result.notes[0]).toContain('more 2s captured (2 to 1)');
  });

  it('then to more pieces remaining', () => {
    const result = rank([standing('a', 2, { pieces: 2 }), standing('b', 2, { pieces: 3 })]);
    expect(result.order).toEqual(['b', 'a']);
    expect(result.notes[0]).toContain('more pieces remaining (3 to 2)');
  });

  it('then to whoever was last strictly ahead during the round', () => {
    // Level at the end; b led after turn 3, a after turn 1: the later lead counts.
    const a = standing('a', 2, { timeline: [1, 1, 1, 2] });
    const b = standing('b', 2, { timeline: [0, 1, 2, 2] });
    const result = rank([a, b]);
    expect(result.order).toEqual(['b', 'a']);
    expect(result.notes).toEqual([
      'B and A tied on 2 points, 3s, 2s and pieces; B was last strictly ahead (after turn 3, 2 to 1)',
    ]);
  });

  it('settles three level players by the last moment they were not all level, then the moment before', () => {
    const result = rank([
      standing('a', 1, { timeline: [1, 0, 1] }),
      standing('b', 1, { timeline: [0, 0, 1] }),
      standing('c', 1, { timeline: [0, 1, 1] }),
    ]);
    // After turn 2 c led; a and b were level then, and a led after turn 1.
    expect(result.order).toEqual(['c', 'a', 'b']);
    expect(result.places).toEqual({ c: 1, a: 2, b: 3 });
  });

  it('players still tied share the higher place: places 1, 1, 3, 4 give 3, 3, 1, 0', () => {
    const result = rank([standing('a', 2), standing('b', 2), standing('c', 1), standing('d', 0)]);
    expect(result.places).toEqual({ a: 1, b: 1, c: 3, d: 4 });
    expect(['a', 'b', 'c', 'd'].map((p) => rankPoints(result.places[p]))).toEqual([3, 3, 1, 0]);
    expect(result.notes).toEqual(['A and B tied on every tiebreak and share place 1']);
  });
});
