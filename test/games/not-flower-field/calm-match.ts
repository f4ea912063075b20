// What this game's calm match is, for the add-on's, the triggers' and Google's own tests (they
// play it through test/helpers/sandbox-game.ts, which chooses the game by this file): the pregame
// asks nothing by form and takes half an hour, every round the schedule's default. The answers
// those tests send (a colour in the public row, a board by form) are this game's.
export const calm = {
  minutes: (defaultMinutes = 60): Record<string, number> => ({ default: defaultMinutes, pregame: 30 }),
};
