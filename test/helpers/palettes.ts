// What a game's own test folder tells the colour-blind check (test/sheets/palette.test.ts): its
// `test/games/<id>/palette.ts` exports `palettes`, each the colours that can meet on one of its
// boards, by name. A game without one has no colours of its own to check.

/** A game's test/games/<id>/palette.ts. */
export interface GamePalettes {
  readonly palettes: Readonly<Record<string, Readonly<Record<string, string>>>>;
}
