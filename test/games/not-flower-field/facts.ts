// Not Flower Field's private facts for the privacy checker (test/helpers/facts.ts): what each player
// placed stays with the host and that player (docs/games/not-flower-field.md, "Rules").
import type { ReplayResult } from '../../../src/engine/index.js';
import type { Fact } from '../../helpers/facts.js';

export function facts(result: ReplayResult): Fact[] {
  return result.match.submissions.flatMap((s, index) => {
    const own = s.answers.own;
    const receipt = result.receipts.find((r) => r.index === index);
    if (typeof own !== 'string' || receipt?.status === 'rejected') return [];
    const cells = own
      .trim()
      .toUpperCase()
      .split(/[\s,;]+/)
      .join(' ');
    return [{ text: `own ${cells}`, visibleTo: ['host', `player:${s.player}`] }];
  });
}
