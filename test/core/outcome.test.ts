// The end of a match in words (src/engine/core/outcome.ts), as every audience's workbook shows it:
// the headline (which the Discord post repeats) and the Scoreboard name the winners, the loser with
// the tie-break that placed them, the elimination candidate, and what still waits on the host.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_GAME, audiencesOf, loadMatchText, newMatch, replayMatch, viewFor } from '../../src/engine/index.js';
import { layoutView } from '../../src/sheets/index.js';

const root = join(__dirname, '../..');
const examples = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.json'));

function replayed(file: string) {
  const match = loadMatchText(readFileSync(join(root, 'examples', file), 'utf8'));
  if (!match.ok) throw new Error(match.error);
  return replayMatch(match.value);
}

describe('the result on the sheets', () => {
  it.each(examples)(
    '%s: every audience reads the winners, the loser and the elimination candidate on its headline and Scoreboard',
    (file) => {
      const result = replayed(file);
      const final = result.final!;
      const name = (id: string) => result.match.players.find((p) => p.id === id)?.name ?? id;
      for (const audience of audiencesOf(result)) {
        const view = viewFor(result, audience);
        const headline = view.status.headline;
        for (const id of [...final.winners, ...final.losers])
          expect(headline, `${audience}: ${id}`).toContain(name(id));
        expect(headline).toMatch(
          final.eliminationCandidate
            ? new RegExp(`elimination candidate ${name(final.eliminationCandidate)}`)
            : /no elimination candidate/,
        );
        const scoreboard = layoutView(view).find((tab) => tab.title === 'Scoreboard')!;
        const lines = scoreboard.cells
          .flat()
          .map((cell) => String(cell?.value ?? ''))
          .join('\n');
        expect(lines).toMatch(/^Winners?: /m);
        expect(lines).toMatch(/^Losers?: /m);
        expect(lines).toMatch(/^(Elimination candidate: |No elimination candidate)/m);
      }
    },
  );

  it('shows no result while a phase is open', () => {
    const match = newMatch(EXAMPLE_GAME.id);
    if (!match.ok) throw new Error(match.error);
    const result = replayMatch(match.value, { now: '2000-01-01T00:00:00.000Z' });
    expect(result.open).not.toBeNull();
    expect(viewFor(result, 'public').status.result).toBeUndefined();
    expect(viewFor(result, 'public').status.headline).not.toMatch(/loser/i);
  });
});
