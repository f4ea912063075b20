// Property tests run with a fixed seed by default, so CI gives the same verdict every time.
// Explore new cases with FC_SEED=<number>, or FC_SEED=random for a fresh seed each run (a failure
// prints its seed and path so it can be replayed).
import fc from 'fast-check';

const chosen = process.env.FC_SEED;
if (chosen !== 'random') fc.configureGlobal({ seed: chosen === undefined ? 20261121 : Number(chosen) });
