// The sandbox whole matches of the registry's games 1 mod 3 (whole-games.ts; a shard a file, so they run side by side).
import { wholeMatches } from './whole-games.js';

wholeMatches(1, 3);
