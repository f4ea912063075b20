// genius-host season FILES…|DIR: a season's ledger from its match files in order, and the chain
// from match to match checked (../season.ts, docs/season.md).

import type { Command } from '../args.js';
import { printSeason, readSeason } from '../season.js';

export const season: Command = {
  options: [],
  positionals: { min: 1, max: Infinity, what: "a season's match files in order, or their directory" },
  example: 'genius-host season season/1-main.json season/2-death.json season/3-main.json',
  run({ positionals }, { out }) {
    return printSeason(readSeason(positionals), out);
  },
};
