// What a game's own test folder tells the privacy checker (test/helpers/privacy.ts): the facts its
// rules keep private beyond the private answers themselves, which every game gets checked for free.
import type { Audience } from '../../src/engine/core/view.js';
import type { ReplayResult } from '../../src/engine/index.js';

/** A fact the rules (docs/games/<game>.md, "Rules") keep from everyone but `visibleTo`, as it could be written in a sheet. */
export interface Fact {
  readonly text: string;
  readonly visibleTo: readonly Audience[];
}

/** A game's test/games/<id>/facts.ts. */
export interface GameFacts {
  /** The game's private facts in a replayed match, each with who may see it. */
  readonly facts: (result: ReplayResult) => Fact[];
}
