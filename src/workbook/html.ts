// A workbook as one static HTML page that looks like the published Google sheet: a tab strip,
// then every tab as a section with its column letters, row numbers, sizes, fills, fonts, lines,
// merges and notes. Drawn from the embedded workbook (what the requests made), not from the view,
// so the page shows what Google would. Pure (no Node): returns a string.

import { columnLetters } from '../sheets/a1.js';
import type { CellData } from '../sheets/api.js';
import { escapeHtml } from '../sheets/escape-html.js';
import { type Line, SheetModel, alignmentOf, displayText, fillOf, textColourOf } from './sheet-model.js';
import type { EmbeddedWorkbook, SheetState } from './workbook.js';

export interface HtmlOptions {
  /** A line under the title (who this workbook is for, when it was made). */
  readonly subtitle?: string;
}

const WIDTH: Readonly<Record<string, string>> = {
  DOTTED: '1px dotted',
  DASHED: '1px dashed',
  SOLID: '1px solid',
  SOLID_MEDIUM: '2px solid',
  SOLID_THICK: '3px solid',
  DOUBLE: '3px double',
};
const GRIDLINE = '1px solid #E2E2E2';

function lineCss(line: Line | null, gridlines: boolean): string {
  if (line) return `${WIDTH[line.style] ?? '1px solid'} ${line.colour}`;
  return gridlines ? GRIDLINE : 'none';
}

/** Style classes are shared: a board repeats a handful of looks many times. */
class Styles {
  private readonly names = new Map<string, string>();

  name(css: string): string {
    let name = this.names.get(css);
    if (!name) {
      name = `s${this.names.size}`;
      this.names.set(css, name);
    }
    return name;
  }

  css(): string {
    return [...this.names].map(([css, name]) => `.${name}{${css}}`).join('\n');
  }
}

function cellCss(cell: CellData | null, lines: ReturnType<SheetModel['lines']>, gridlines: boolean): string {
  const format = cell?.userEnteredFormat;
  const text = format?.textFormat;
  const fill = fillOf(format ?? undefined);
  const colour = textColourOf(format ?? undefined);
  const wrap = format?.wrapStrategy ?? 'OVERFLOW_CELL';
  const valign = format?.verticalAlignment ?? 'BOTTOM';
  const parts = [
    `border-top:${lineCss(lines.top, gridlines && !fill)}`,
    `border-right:${lineCss(lines.right, gridlines && !fill)}`,
    `border-bottom:${lineCss(lines.bottom, gridlines && !fill)}`,
    `border-left:${lineCss(lines.left, gridlines && !fill)}`,
    `text-align:${alignmentOf(cell).toLowerCase()}`,
    `vertical-align:${valign === 'MIDDLE' ? 'middle' : valign.toLowerCase()}`,
    wrap === 'WRAP' || wrap === 'LEGACY_WRAP'
      ? 'white-space:pre-wrap;overflow-wrap:anywhere'
      : wrap === 'CLIP'
        ? 'white-space:pre;overflow:hidden'
        : 'white-space:pre;overflow:visible',
  ];
  if (fill) parts.push(`background:${fill}`);
  if (colour) parts.push(`color:${colour}`);
  if (text?.bold) parts.push('font-weight:bold');
  if (text?.italic) parts.push('font-style:italic');
  if (text?.underline || text?.strikethrough)
    parts.push(
      `text-decoration:${[text.underline ? 'underline' : '', text.strikethrough ? 'line-through' : ''].join(' ').trim()}`,
    );
  if (text?.fontSize && text.fontSize !== 10) parts.push(`font-size:${text.fontSize}pt`);
  if (text?.fontFamily) parts.push(`font-family:${JSON.stringify(text.fontFamily)}`);
  return parts.join(';');
}

function sheetHtml(sheet: Readonly<SheetState>, styles: Styles, anchor: string): string {
  const model = new SheetModel(sheet);
  const gridlines = !sheet.hideGridlines;
  const width = sheet.columnWidths.reduce((a, b) => a + b, 0) + 46;
  const cols = sheet.columnWidths.map((w) => `<col style="width:${w}px">`).join('');
  const out: string[] = [];
  out.push(
    `<section class="sheet" id="${anchor}"><h2>${escapeHtml(sheet.title)}${sheet.protectedRanges.length > 0 ? ' <span class="lock" title="Protected: written by genius-host">protected</span>' : ''}</h2>`,
  );
  out.push(
    `<div class="scroll"><table class="grid" style="width:${width}px"><colgroup><col style="width:46px">${cols}</colgroup>`,
  );
  out.push(
    `<thead><tr><th class="corner"></th>${sheet.columnWidths.map((_, c) => `<th>${columnLetters(c)}</th>`).join('')}</tr></thead><tbody>`,
  );
  for (let r = 0; r < sheet.rowCount; r++) {
    const frozenEdge = sheet.frozenRowCount > 0 && r === sheet.frozenRowCount - 1 ? ' class="frozen"' : '';
    const row: string[] = [`<tr style="height:${sheet.rowHeights[r]}px"${frozenEdge}><th>${r + 1}</th>`];
    for (let c = 0; c < sheet.columnCount; c++) {
      if (model.isHidden(r, c)) continue;
      const cell = model.cell(r, c);
      const merge = model.mergeAt(r, c);
      const span = merge
        ? `${merge.endColumnIndex - merge.startColumnIndex > 1 ? ` colspan="${merge.endColumnIndex - merge.startColumnIndex}"` : ''}${merge.endRowIndex - merge.startRowIndex > 1 ? ` rowspan="${merge.endRowIndex - merge.startRowIndex}"` : ''}`
        : '';
      const style = styles.name(cellCss(cell, model.lines(r, c), gridlines));
      // A note shows on hover, as in Sheets (the published page draws no marker).
      const note = cell?.note ? ` title="${escapeHtml(cell.note)}"` : '';
      const text = displayText(cell);
      // Rows keep their height, as in Sheets: text that does not fit is cut off, never grows the row.
      const bottom = merge ? merge.endRowIndex : r + 1;
      let height = 0;
      for (let rr = r; rr < bottom; rr++) height += sheet.rowHeights[rr];
      const clip = styles.name(`max-height:${Math.max(1, height - 1)}px;overflow-x:visible;overflow-y:clip`);
      row.push(
        `<td class="${style}"${span}${note}>${text ? `<div class="${clip}">${escapeHtml(text)}</div>` : ''}</td>`,
      );
    }
    row.push('</tr>');
    out.push(row.join(''));
  }
  out.push('</tbody></table></div></section>');
  return out.join('\n');
}

const PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:Arial,Helvetica,sans-serif;font-size:10pt;color:#000;background:#F8F9FA}
header{background:#fff;border-bottom:1px solid #DADCE0;padding:14px 20px 0;position:sticky;top:0;z-index:3}
header h1{font-size:18px;font-weight:normal;margin:0 0 2px;color:#202124}
header p{margin:0 0 10px;color:#5F6368;font-size:12px}
nav{display:flex;flex-wrap:wrap;gap:2px}
nav a{padding:7px 14px;color:#444;text-decoration:none;border:1px solid transparent;border-bottom:none;border-radius:4px 4px 0 0;font-size:13px}
nav a:hover{background:#F1F3F4}
nav a:first-child{color:#188038;border-color:#DADCE0;background:#fff;font-weight:bold}
.sheet{background:#fff;margin:16px 20px;border:1px solid #DADCE0;border-radius:4px;width:max-content;max-width:calc(100% - 40px)}
.sheet h2{font-size:13px;font-weight:bold;margin:0;padding:8px 12px;border-bottom:1px solid #DADCE0;background:#F8F9FA;color:#202124}
.lock{font-weight:normal;color:#80868B;font-size:11px;margin-left:6px}
.scroll{overflow:auto;max-height:90vh}
table.grid{border-collapse:collapse;table-layout:fixed}
table.grid th{background:#F8F9FA;color:#5F6368;font-weight:normal;font-size:9pt;border:1px solid #E2E2E2;text-align:center;padding:0}
table.grid thead th{height:20px;position:sticky;top:0;z-index:1}
table.grid tbody th{position:sticky;left:0;z-index:1}
table.grid td{padding:0 2px;line-height:1.15}
tr.frozen td,tr.frozen th{box-shadow:inset 0 -3px 0 #DADCE0}
footer{color:#80868B;font-size:11px;margin:0 20px 24px}
`;

/** The whole workbook as one HTML page. */
export function workbookHtml(workbook: EmbeddedWorkbook, options: HtmlOptions = {}): string {
  const styles = new Styles();
  const anchors = workbook.tabs.map((sheet) => `tab-${sheet.sheetId}`);
  const sections = workbook.tabs.map((sheet, i) => sheetHtml(sheet, styles, anchors[i]));
  const nav = workbook.tabs.map((sheet, i) => `<a href="#${anchors[i]}">${escapeHtml(sheet.title)}</a>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(workbook.title)}</title>
<style>${PAGE_CSS}
${styles.css()}</style></head>
<body><header><h1>${escapeHtml(workbook.title)}</h1>${options.subtitle ? `<p>${escapeHtml(options.subtitle)}</p>` : ''}<nav>${nav}</nav></header>
${sections.join('\n')}
<footer>Made by genius-host from the same Sheets API requests the add-on sends to Google Sheets.</footer>
</body></html>
`;
}
