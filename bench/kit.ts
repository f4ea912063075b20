// What bench/bench.ts gives a game's own measurements (bench/games/<id>/bench.ts, each exporting
// `bench(kit)`): the report's lines and tables, timing, and the targets missed.
export interface BenchKit {
  /** A line of the report (bench/results.md with --write). */
  readonly say: (text?: string) => void;
  readonly table: (header: string[], rows: (string | number)[][]) => void;
  /** Milliseconds `fn` took. */
  readonly time: (fn: () => void) => number;
  readonly median: (values: number[]) => number;
  /** Milliseconds as the report writes them. */
  readonly ms: (value: number) => string;
  /** A target missed: the bench lists it and exits with status 1. */
  readonly fail: (line: string) => void;
}
