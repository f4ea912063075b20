// Peg Domain's own measurement for npm run bench (bench/kit.ts): the legal-move search on a full
// pallet, on an empty domain (a move exists) and on one pegged like a chessboard (none: every layout tried).
import { newMatch } from '../../../src/engine/index.js';
import { palletFrom } from '../../../src/engine/games/peg-domain/pallet.js';
import { findLegalMove } from '../../../src/engine/games/peg-domain/search.js';
import type { BenchKit } from '../../kit.js';

export function bench({ say, table, time, median, ms, fail }: BenchKit): void {
  say('## Peg Domain legal-move search, full pallet');
  say();
  {
    const fresh = newMatch('peg-domain', { seed: 'bench-search' });
    if (!fresh.ok) throw new Error(fresh.error);
    const rows = (fresh.value.options as { pallets: Record<string, string[]> }).pallets.p1;
    const pallet = palletFrom(
      rows
        .join('')
        .split('')
        .map((c) => c === 'X'),
    );
    const empty = new Array<boolean>(81).fill(false);
    const checker = Array.from({ length: 81 }, (_, i) => (Math.floor(i / 9) + (i % 9)) % 2 === 0);
    const searchRows: (string | number)[][] = [];
    for (const [label, domainPegs] of [
      ['empty domain (a move exists)', empty],
      ['domain pegged like a chessboard (no move: every layout tried)', checker],
    ] as const) {
      for (let i = 0; i < 5; i++) findLegalMove({ pallet, domainPegs });
      const times = Array.from({ length: 200 }, () => time(() => findLegalMove({ pallet, domainPegs })));
      const found = findLegalMove({ pallet, domainPegs }) !== null;
      if (median(times) >= 50)
        fail(`Peg Domain search on ${label}: ${ms(median(times))} ms, median of 200 (target < 50 ms)`);
      searchRows.push([label, found ? 'yes' : 'no', ms(median(times)), ms(Math.max(...times))]);
    }
    table(['position', 'legal move?', 'median ms', 'worst ms (200 runs)'], searchRows);
  }
}
