// The execution budget (cost.ts) of every execution of whole matches at their largest: Pasture
// with 20 players and Not Flower Field with 6 here; Paint (12), Fair and Square (8), Peg Domain
// and the others in the sandbox's whole-match tests (whole-match.ts checks the same budget).
import { expect, it } from 'vitest';
import { budgetLine, matchBudget } from './cost.js';
import { LARGE_CASES, startedTable } from './scenarios.js';

for (const c of LARGE_CASES.filter((x) => ['pasture', 'not-flower-field'].includes(x.game))) {
  it(`${c.game} with ${c.players} players: every execution within the budget`, () => {
    const table = startedTable(c);
    table.playToEnd();
    const budget = matchBudget(table.google.executions, table.google.sheetsCalls);
    console.log(`[budget] ${budgetLine(`${c.game} ${c.players} players`, budget)}`);
    expect(budget.worst.ms).toBeLessThan(360_000);
  }, 300_000);
}
