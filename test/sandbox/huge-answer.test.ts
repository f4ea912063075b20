// Nothing a player sends stops a match (issue 45): a form answer far longer than any game reads
// (~520,000 characters, which Google Forms accepts) is cut to the log's cap with a note saying so,
// the player's receipt says it was cut, and every later execution runs: the deadline closes.
import { describe, expect, it } from 'vitest';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import { MAX_LOGGED_ANSWER } from '../../src/engine/core/submission.js';
import type { Question } from '../../src/engine/core/game.js';
import { gameById } from '../../src/engine/games/index.js';
import { logOf, privatePart } from './players.js';
import { startedSmallMatch } from './small-match.js';

const started = startedSmallMatch;

describe('an answer longer than the log keeps', () => {
  it('is cut and logged with a note; the executions after it run and the deadline closes', () => {
    const table = started();
    // The form's own check (three cells, anything not a letter or digit around them) lets it
    // through; quotes, which JSON writes as two characters each, make it over a million in the log.
    const huge = `A1 B2 C3${'"'.repeat(520_000 - 8)}`;
    // Played on to the first phase where Ann answers a text question by her form.
    let question: Question | undefined;
    for (let i = 0; i < 6 && !question; i += 1) {
      const questions = table.state().open!.phase.questions.p1 ?? [];
      question = questions.find((q) => !q.public && q.kind === 'text');
      if (!question) table.playPhase();
    }
    if (!question) throw new Error('no phase asks Ann a text question by form');
    const open = table.state().open!;
    const phase = open.phase.id;
    // Ann's other answers as a player would give them (the form requires them), the long one with them.
    const game = gameById(EXAMPLE_GAME.id);
    const result = table.state();
    const answers = game.bots[game.defaultBot]({
      state: result.state,
      phase: open.phase,
      player: 'p1',
      ctx: result.ctx,
      random: result.ctx.random('huge/p1'),
    });
    const questions = open.phase.questions.p1;
    // The add-on reads answers from Forms itself; the responses tab Forms also fills is set aside
    // here (what Sheets does there with a cell over its 50,000 characters is not documented).
    table.google.forms.get(table.playerFile('p1').form)!.destination = null;
    expect(table.sendForm('p1', { ...privatePart(answers ?? {}, questions), [question.id]: huge }, questions)).toBe(
      true,
    );
    const logged = logOf(table.sandbox).submissions.find((s) => s.player === 'p1' && s.via === 'form');
    const text = String(logged?.answers[question.id]);
    expect(text.startsWith(huge.slice(0, MAX_LOGGED_ANSWER))).toBe(true);
    expect(text).toContain(`cut: 520,000 characters sent, the first ${MAX_LOGGED_ANSWER.toLocaleString('en-GB')} kept`);
    expect(text.length).toBeLessThan(MAX_LOGGED_ANSWER + 100);
    // The player's receipt says so, in one line.
    const receipt = table
      .state()
      .receipts.filter((r) => r.player === 'p1' && r.phase === phase)
      .at(-1);
    expect(receipt?.status).toBe('rejected');
    expect(receipt?.reasons.join(' ')).toContain('520,000 characters');
    // Past the deadline, ticks run without throwing and the phase closes.
    table.google.clock.set(new Date(Date.parse(open.timing.deadline!) + 60_000).toISOString());
    table.fire('CLOCK');
    table.google.clock.advance(60);
    table.fire('CLOCK');
    expect(table.state().open?.phase.id).not.toBe(phase);
  });
});
