// Hex colours (as views write them) to and from the API's 0–1 floats.

import type { Color } from './api.js';

/** `#D55E00` → `{ red: 0.835, green: 0.369, blue: 0 }`. Three decimals round-trip every byte. */
export function rgb(hex: string): Color {
  const clean = hex.replace('#', '');
  if (!/^[0-9a-fA-F]{6}$/.test(clean)) throw new Error(`"${hex}" is not a colour: write #RRGGBB`);
  const part = (i: number) => Math.round((parseInt(clean.slice(i, i + 2), 16) / 255) * 1000) / 1000;
  return { red: part(0), green: part(2), blue: part(4) };
}

/** The API's colour back to `#RRGGBB` (missing components are 0, as the API omits them). */
export function hexOf(colour: Color | undefined | null): string {
  const byte = (x: number | null | undefined) =>
    Math.round((x ?? 0) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${byte(colour?.red)}${byte(colour?.green)}${byte(colour?.blue)}`.toUpperCase();
}
