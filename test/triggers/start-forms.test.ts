// Start's last calls draw every sheet and form (src/triggers/start.ts): a form the start made is
// closed, so nothing is read from it, and forms a slow call leaves are the next start call's, not
// the triggers' (a sidebar call does not count against their daily time).
import { describe, expect, it } from 'vitest';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import { emailsOf, setupOf } from '../reliability/scenarios.js';
import { Table } from '../sandbox/players.js';

/** Calls that touch a form once it exists (FormApp: opened, read, closed, shown). */
const formCalls = (e: { calls: readonly { name: string }[] }) =>
  e.calls.filter((call) => /^Form(Item)?\./.test(call.name)).map((call) => call.name);

describe('the forms at the start', () => {
  it('are drawn by the start calls, however slow Google is, without reading a form that holds nothing', () => {
    const c = { game: EXAMPLE_GAME.id, players: 6, minutes: { default: 1440 } };
    const table = new Table(c.game, emailsOf(c));
    // Four seconds a call to Google: every start call runs out of its time (start.ts, forms-sync.ts).
    table.google.onCall = (call, _index, when) => {
      if (when === 'after' && call.remote) table.google.clock.advance(4);
    };
    expect(table.startMatch(setupOf(c)).ok).toBe(true);
    const state = JSON.parse(table.google.properties.get('gh.state')!) as { formsLeft?: boolean };
    expect(state.formsLeft).toBeUndefined();
    const starts = table.google.executions.filter((e) => e.name === 'startMatch');
    // Nothing is read from a form the start made: it has been closed since its setup.
    expect(starts.flatMap(formCalls).filter((name) => name === 'Form.getResponses')).toEqual([]);
    // The next trigger execution has no form to show.
    const before = table.google.executions.length;
    table.fire('CLOCK');
    expect(table.google.executions.slice(before).flatMap(formCalls)).toEqual([]);
  });
});
