// How a sheet of the embedded workbook looks, cell by cell: what the .xlsx and HTML exports draw.
// One place decides what Sheets would show: a merged area shows its top-left cell, and a line
// between two cells is the stronger of what either side holds. Pure (no Node).

import type { Border, CellData, CellFormat, Color } from '../sheets/api.js';
import { hexOf } from '../sheets/colour.js';
import type { Area, SheetState } from './workbook.js';

export interface Line {
  /** DOTTED, DASHED, SOLID, SOLID_MEDIUM, SOLID_THICK or DOUBLE. */
  readonly style: string;
  readonly colour: string;
}

export interface Lines {
  readonly top: Line | null;
  readonly right: Line | null;
  readonly bottom: Line | null;
  readonly left: Line | null;
}

const RANK: Readonly<Record<string, number>> = {
  DOTTED: 1,
  DASHED: 1,
  SOLID: 2,
  SOLID_MEDIUM: 3,
  DOUBLE: 3,
  SOLID_THICK: 4,
};

function colourOf(style: { rgbColor?: Color } | undefined, plain: Color | undefined): string | null {
  if (style?.rgbColor) return hexOf(style.rgbColor);
  if (plain) return hexOf(plain);
  return null;
}

function lineOf(border: Border | undefined): Line | null {
  if (!border?.style || border.style === 'NONE') return null;
  return {
    style: border.style,
    colour: colourOf(border.colorStyle ?? undefined, border.color ?? undefined) ?? '#000000',
  };
}

function stronger(a: Line | null, b: Line | null): Line | null {
  if (!a) return b;
  if (!b) return a;
  return (RANK[b.style] ?? 0) > (RANK[a.style] ?? 0) ? b : a;
}

export function fillOf(format: CellFormat | undefined): string | null {
  return colourOf(format?.backgroundColorStyle ?? undefined, format?.backgroundColor ?? undefined);
}

export function textColourOf(format: CellFormat | undefined): string | null {
  const text = format?.textFormat;
  return colourOf(text?.foregroundColorStyle ?? undefined, text?.foregroundColor ?? undefined);
}

/** The value as Sheets would display it with the default ("automatic") number format. */
export function displayText(cell: CellData | null | undefined): string {
  const value = cell?.userEnteredValue;
  if (!value) return '';
  if (value.stringValue !== undefined && value.stringValue !== null) return value.stringValue;
  if (value.numberValue !== undefined && value.numberValue !== null)
    return String(Math.round(value.numberValue * 1e10) / 1e10);
  if (value.boolValue !== undefined && value.boolValue !== null) return value.boolValue ? 'TRUE' : 'FALSE';
  return '';
}

/** Horizontal alignment as shown: the cell's own, else numbers right, booleans centred, text left. */
export function alignmentOf(cell: CellData | null | undefined): 'LEFT' | 'CENTER' | 'RIGHT' {
  const own = cell?.userEnteredFormat?.horizontalAlignment;
  if (own === 'LEFT' || own === 'CENTER' || own === 'RIGHT') return own;
  const value = cell?.userEnteredValue;
  if (value?.numberValue !== undefined && value.numberValue !== null) return 'RIGHT';
  if (value?.boolValue !== undefined && value.boolValue !== null) return 'CENTER';
  return 'LEFT';
}

export class SheetModel {
  private readonly topLeft = new Map<string, Area>();
  private readonly hidden = new Set<string>();

  constructor(readonly sheet: Readonly<SheetState>) {
    for (const m of sheet.merges) {
      this.topLeft.set(`${m.startRowIndex},${m.startColumnIndex}`, m);
      for (let r = m.startRowIndex; r < m.endRowIndex; r++) {
        for (let c = m.startColumnIndex; c < m.endColumnIndex; c++) {
          if (r !== m.startRowIndex || c !== m.startColumnIndex) this.hidden.add(`${r},${c}`);
        }
      }
    }
  }

  cell(row: number, col: number): CellData | null {
    return this.sheet.cells[row]?.[col] ?? null;
  }

  /** The merged area starting at this cell, if any. */
  mergeAt(row: number, col: number): Area | undefined {
    return this.topLeft.get(`${row},${col}`);
  }

  /** Inside a merged area but not its top-left cell: not drawn on its own. */
  isHidden(row: number, col: number): boolean {
    return this.hidden.has(`${row},${col}`);
  }

  private side(row: number, col: number, side: 'top' | 'right' | 'bottom' | 'left'): Line | null {
    return lineOf(this.cell(row, col)?.userEnteredFormat?.borders?.[side]);
  }

  /** The lines around the cell (or the merged area starting at it), reconciled with neighbours. */
  lines(row: number, col: number): Lines {
    const area = this.mergeAt(row, col) ?? {
      startRowIndex: row,
      endRowIndex: row + 1,
      startColumnIndex: col,
      endColumnIndex: col + 1,
    };
    let top: Line | null = null;
    let bottom: Line | null = null;
    let left: Line | null = null;
    let right: Line | null = null;
    for (let c = area.startColumnIndex; c < area.endColumnIndex; c++) {
      top = stronger(
        top,
        stronger(this.side(area.startRowIndex, c, 'top'), this.side(area.startRowIndex - 1, c, 'bottom')),
      );
      bottom = stronger(
        bottom,
        stronger(this.side(area.endRowIndex - 1, c, 'bottom'), this.side(area.endRowIndex, c, 'top')),
      );
    }
    for (let r = area.startRowIndex; r < area.endRowIndex; r++) {
      left = stronger(
        left,
        stronger(this.side(r, area.startColumnIndex, 'left'), this.side(r, area.startColumnIndex - 1, 'right')),
      );
      right = stronger(
        right,
        stronger(this.side(r, area.endColumnIndex - 1, 'right'), this.side(r, area.endColumnIndex, 'left')),
      );
    }
    return { top, right, bottom, left };
  }
}
