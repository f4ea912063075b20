// The end of a match in words (src/engine/core/outcome.ts; every game's in test/core/outcome.test.ts):
// Fair and Square's example with every answer taken away waits on the host.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMatchText, replayMatch, viewFor } from '../../../src/engine/index.js';

const root = join(__dirname, '../../..');

describe('the result on the sheets', () => {
  it('while the match waits on a host decision, says which, on the headline and the Scoreboard', () => {
    const file = JSON.parse(readFileSync(join(root, 'examples/fair-and-square.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    // Take away every answer: all tied on every tiebreak, so the winners must name the candidate.
    const match = loadMatchText(JSON.stringify({ ...file, submissions: [], decisions: [], final: undefined }));
    if (!match.ok) throw new Error(match.error);
    const result = replayMatch(match.value);
    expect(result.final).toBeNull();
    const view = viewFor(result, 'public');
    expect(view.status.headline).toMatch(
      /^The match is over and waits on 1 host decision: .*choose the elimination candidate$/,
    );
    expect(view.status.result).toEqual([
      expect.stringMatching(/^Waiting on the host: .*choose the elimination candidate$/),
    ]);
  });
});
