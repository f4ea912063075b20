// The end of a match in words (src/engine/core/outcome.ts; every game's in test/core/outcome.test.ts):
// Paint's example names the tie-break beside a loser who tied.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMatchText, replayMatch, viewFor } from '../../../src/engine/index.js';

const root = join(__dirname, '../../..');

function replayed() {
  const match = loadMatchText(readFileSync(join(root, 'examples/paint.json'), 'utf8'));
  if (!match.ok) throw new Error(match.error);
  return replayMatch(match.value);
}

describe('the result on the sheets', () => {
  it('names the tie-break beside a loser who tied (Paint: red and blue on 4 segments, blue had fewer pixels)', () => {
    const result = replayed();
    const lines = viewFor(result, 'public').status.result!;
    expect(lines.slice(0, 3)).toEqual([
      'Winners: red (4), yellow (5)',
      'Loser: blue (4), on a tie-break: red and blue tied on 4 segments on the final canvas; blue had fewer pixels (406)',
      'Elimination candidate: Finn',
    ]);
    // Then each award and host decision in words (issue 40): what red and yellow won, and the Token of Life's holder.
    const rest = lines.slice(3);
    expect(rest.length).toBeGreaterThan(0);
    for (const line of rest)
      expect(line).toMatch(/^(Award: .+ [+−]\d+ (garnets?|Tokens? of Life)|The host decided \(.+\): )/);
    expect(rest.join('\n')).not.toMatch(/[{}"]|\bp\d+\b/);
  });
});
