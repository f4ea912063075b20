// genius-host new GAME [--players N] [--seed S]: a complete match file with default options.

import { EXAMPLE_GAME } from '../../engine/index.js';
import { GAMES, newMatch, stringifyMatchFile } from '../../engine/index.js';
import { InputError } from '../../node/errors.js';
import type { Command } from '../args.js';
import { countOption, gameOption } from '../read-match.js';

export const newCommand: Command = {
  options: ['players', 'seed'],
  positionals: { min: 1, max: 1, what: 'a game' },
  get example() {
    return `genius-host new ${EXAMPLE_GAME.id} (games: ${[...GAMES.keys()].join(', ')})`;
  },
  run({ values, positionals }, { out }) {
    const game = gameOption(positionals[0]);
    const match = newMatch(game, { players: countOption(values.players, '--players'), seed: values.seed });
    if (!match.ok) throw new InputError(match.error);
    out(stringifyMatchFile(match.value));
    return 0;
  },
};
