// The end of a match in words (src/engine/core/outcome.ts), as every audience's workbook shows it:
// the headline (which the Discord post repeats) and the Scoreboard name the winners, the loser with
// the tie-break that placed them, the elimination candidate, and what still waits on the host.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audiencesOf, loadMatchText, newMatch, replayMatch, viewFor } from '../../src/engine/index.js';
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

  it('names the tie-break beside a loser who tied (Paint: red and blue on 4 segments, blue had fewer pixels)', () => {
    const result = replayed('paint.json');
    const lines = viewFor(result, 'public').status.result!;
    expect(lines).toEqual([
      'Winners: red (4), yellow (5)',
      'Loser: blue (4), on a tie-break: red and blue tied on 4 segments on the final canvas; blue had fewer pixels (406)',
      'Elimination candidate: Finn',
    ]);
  });

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

  it('shows no result while a phase is open', () => {
    const match = newMatch('not-flower-field');
    if (!match.ok) throw new Error(match.error);
    const result = replayMatch(match.value, { now: '2000-01-01T00:00:00.000Z' });
    expect(result.open).not.toBeNull();
    expect(viewFor(result, 'public').status.result).toBeUndefined();
    expect(viewFor(result, 'public').status.headline).not.toMatch(/loser/i);
  });
});
