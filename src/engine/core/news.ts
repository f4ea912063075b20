// What the last resolution did, in words (issue 40, "Results in words"): the few lines the result's
// Discord post and every Status tab give, so a player or a spectator learns who scored, who leads
// and who is in danger without opening the boards. A game says the public facts of its round and
// each side's points before and after it (Game.news); the core words the points the same way in
// every game. Public only: what a game's news names is on its public boards already.

/** A game's news of its latest resolution (Game.news). */
export interface News {
  /** The public facts of the round in a line each ("Dev's 6 was the highest number sent by one player alone"). */
  readonly facts: readonly string[];
  /** Each side's points (a player's, or a team's by its name) before the round and after it, in `unit`. */
  readonly points?: {
    readonly before: Readonly<Record<string, number>>;
    readonly after: Readonly<Record<string, number>>;
    readonly unit: string;
    /** How a side is named (a player id through ctx.playerName, a team as it is). */
    readonly name: (side: string) => string;
    /** More is better (points), or less (a handicap): which end leads. Default more. */
    readonly lowerIsBetter?: boolean;
  };
}

/** `n unit`, with a plural that only adds an s where the unit is one word ending in -point(s), -square(s), … */
function amount(n: number, unit: string): string {
  return `${n} ${n === 1 ? unit.replace(/s$/, '') : unit}`;
}

/** Names joined as people write them: "Ann", "Ann and Ben", "Ann, Ben and Cara". */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The points lines: gained this round, who leads, who is last (in danger), in words. */
function pointsLines(points: NonNullable<News['points']>): string[] {
  const sides = Object.keys(points.after);
  if (sides.length === 0) return [];
  const { unit, name } = points;
  const gained = sides
    .map((side) => ({ side, delta: (points.after[side] ?? 0) - (points.before[side] ?? 0) }))
    .filter((g) => g.delta !== 0)
    .sort((a, b) => b.delta - a.delta);
  const lines = [
    gained.length === 0
      ? `Nobody gained ${unit} this round.`
      : `This round: ${gained.map((g) => `${name(g.side)} ${g.delta > 0 ? '+' : '−'}${Math.abs(g.delta)}`).join(', ')} ${unit}.`,
  ];
  const better = (a: number, b: number) => (points.lowerIsBetter ? a < b : a > b);
  const values = sides.map((side) => points.after[side] ?? 0);
  const best = values.reduce((a, b) => (better(b, a) ? b : a));
  const worst = values.reduce((a, b) => (better(a, b) ? b : a));
  const at = (v: number) => sides.filter((side) => (points.after[side] ?? 0) === v).map(name);
  const leaders = at(best);
  lines.push(`${leaders.length === 1 ? 'Leads' : 'Lead, tied'}: ${namesText(leaders)} with ${amount(best, unit)}.`);
  if (worst !== best) {
    const last = at(worst);
    lines.push(`${last.length === 1 ? 'Last' : 'Last, tied'}: ${namesText(last)} with ${amount(worst, unit)}.`);
  }
  return lines;
}

/** The news in lines: the game's facts, then the points. */
export function newsLines(news: News | null): string[] {
  if (!news) return [];
  return [...news.facts, ...(news.points ? pointsLines(news.points) : [])];
}

/**
 * A player id named through the context (for News.points.name). The context by its one method, not
 * game.ts's GameContext: game.ts imports News from here, and a type import back would be a cycle.
 */
export function playerNamer(ctx: { playerName(id: string): string }): (side: string) => string {
  return (side) => ctx.playerName(side);
}
