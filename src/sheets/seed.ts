// The Seed tab of the spectators' (and the host's) workbook: the seed's commitment from the start,
// and at the end the seed and the whole match file, so anyone can run `genius-host verify`. Everything
// is in column A, one thing a cell, so a reader copies a run of cells and gets exactly the text: the
// file a line a row (a line longer than a cell holds continues on the next row; verify joins them).

import type { SeedView } from '../engine/core/view.js';
import {
  GREY_TEXT,
  type LaidCell,
  TabCanvas,
  type TabHeader,
  type TabLayout,
  format,
  heightFor,
  lineCount,
  putHeader,
  textWidth,
} from './layout.js';

export const SEED_TAB = 'Seed';

/** Column A is as wide as its longest text, within a screen (longer text wraps). */
const MIN_WIDTH = 420;
const MAX_WIDTH = 960;
/** The tallest a wrapped row is drawn (an over-long line of the file: its text is all there to copy). */
const MAX_ROW_HEIGHT = 400;

const LABEL = format({ text: { bold: true }, valign: 'BOTTOM', wrap: true });
const VALUE = format({ valign: 'TOP', wrap: true });
const NOTE = format({ text: { italic: true, colour: GREY_TEXT }, valign: 'TOP', wrap: true });

/** The command that checks a published file against the commitment. */
function verifyCommand(commitment: string): string {
  return `npx genius-host verify match.json --commitment ${commitment}`;
}

export function seedLayout(header: TabHeader, seed: SeedView): TabLayout {
  const rows: LaidCell[] = [
    {},
    {
      value: 'Commitment: the SHA-256 of the seed (its UTF-8 bytes, in lowercase hex), shown since the start',
      format: LABEL,
    },
    { value: seed.commitment, format: VALUE },
    { value: 'Seed', format: LABEL },
    seed.published ? { value: seed.published.seed, format: VALUE } : { value: seed.note ?? '', format: NOTE },
  ];
  const file = seed.published?.lines ?? [];
  if (seed.published) {
    const first = 1 + header.lines.length + rows.length + 4;
    rows.push(
      { value: "Check it: genius-host's docs/checking-a-match.md", format: LABEL },
      { value: verifyCommand(seed.commitment), format: VALUE },
      {},
      {
        value: `The match file: copy cells A${first + 1} to A${first + file.length} into a plain-text file, match.json`,
        format: LABEL,
      },
      ...file.map((line) => ({ value: line, format: VALUE })),
    );
  }
  const canvas = new TabCanvas();
  const texts = rows.map((r) => (typeof r.value === 'string' ? r.value : ''));
  const widest = Math.max(...[header.title, ...texts].map((t) => Math.ceil(textWidth(t, { bold: true })) + 16));
  const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest));
  canvas.width(0, width);
  const top = 1 + header.lines.length;
  rows.forEach((cell, i) => {
    canvas.put(top + i, 0, cell);
    canvas.height(
      top + i,
      Math.min(MAX_ROW_HEIGHT, heightFor(lineCount(texts[i], width, { bold: cell.format === LABEL }))),
    );
  });
  canvas.height(top, 10);
  putHeader(canvas, header, 1);
  return canvas.finish(SEED_TAB, 1);
}
