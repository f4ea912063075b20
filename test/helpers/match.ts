// Small builders for match files in tests.
import { loadMatch, samplePlayers } from '../../src/engine/index.js';
import type { MatchFile } from '../../src/engine/core/matchfile.js';

export function matchOf(input: Record<string, unknown>): MatchFile {
  const loaded = loadMatch(input);
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.value;
}

export function baseFile(
  game: string,
  playerCount: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    game,
    seed: 'test',
    players: samplePlayers(playerCount),
    options: {},
    submissions: [],
    decisions: [],
    ...extra,
  };
}

/**
 * `match` with each submission sent `copies` times, every copy also answering nine questions the
 * phase does not ask with about 1,000 characters each (ignored by replay, shown in the logs and
 * published): the same match, whose views and published file are several MB. Copies differ by
 * their text, so none is a repeat of another.
 */
export function withLongAnswers(match: MatchFile, copies = 2): MatchFile {
  const long = (i: number, copy: number, q: number) => `${i}.${copy}.${q} ${'Grüße, answer text; '.repeat(49)}`;
  const submissions = match.submissions.flatMap((submission, i) =>
    Array.from({ length: copies }, (_, copy) => ({
      ...submission,
      answers: {
        ...Object.fromEntries(Array.from({ length: 9 }, (_, q) => [`note${q + 1}`, long(i, copy, q)])),
        ...submission.answers,
      },
    })),
  );
  return { ...match, submissions };
}
