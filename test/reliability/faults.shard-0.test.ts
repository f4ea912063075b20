// The fault sweeps of the registry's games 0 mod 3 (fault-games.ts; a shard a file, so they run side by side).
import { faultSweeps } from './fault-games.js';

faultSweeps(0, 3);
