// Everything a match renders to on this machine: for every audience (host, public, each player,
// each team) a workbook rendered by the same requests the add-on sends to Google, exported as
// .xlsx and as an HTML page; the match file; and an index page linking them.

import { publishedLines } from '../engine/core/publish.js';
import { seedCommitment } from '../engine/core/commitment.js';
import { writeFileSync } from 'node:fs';
import { makeDirs } from '../node/dirs.js';
import { join } from 'node:path';
import type { Audience, Table, View } from '../engine/core/view.js';
import { inert } from '../engine/core/quote.js';
import { type MatchFile, type ReplayResult, audiencesOf, stringifyMatchFile, viewFor } from '../engine/index.js';
import { escapeHtml } from '../sheets/escape-html.js';
import { renderView } from '../sheets/index.js';
import { workbookHtml } from '../workbook/html.js';
import { EmbeddedWorkbook } from '../workbook/workbook.js';
import { workbookXlsx } from '../workbook/xlsx.js';

export interface AudienceOutput {
  readonly audience: Audience;
  /** Who reads it: "host", "public", "Ann (p1)", "team red". */
  readonly reader: string;
  readonly xlsx: string;
  readonly html: string;
  readonly tabs: number;
  readonly requests: number;
  readonly bytes: number;
  /** batchUpdates it took: one, or several for a workbook over 2 MB (src/sheets/chunk.ts). */
  readonly batches: number;
}

export interface MatchOutputs {
  readonly dir: string;
  readonly match: string;
  /** The published match file with its result, once the match is over and published (verify checks it). */
  readonly published?: string;
  /** The seed's commitment, as the spectators' Seed tab showed it from the start. */
  readonly commitment?: string;
  readonly index: string;
  readonly workbooks: readonly AudienceOutput[];
}

/** File-name stem of an audience: host, public, player-p1, team-red. */
function audienceStem(audience: Audience): string {
  return audience.replace(':', '-').replace(/[^A-Za-z0-9_.-]/g, '_');
}

export function readerOf(audience: Audience, result: ReplayResult): string {
  if (audience === 'host' || audience === 'public') return audience;
  const [kind, id] = audience.split(':');
  // The name is the player's own text, printed to the terminal: inert (src/engine/core/quote.ts).
  return kind === 'player' ? `${inert(result.ctx.playerName(id))} (${id})` : `${kind} ${id}`;
}

/** Renders one audience into a new embedded workbook (one batchUpdate; several in order over 2 MB), as of `now` (render --now). */
export function renderAudience(
  result: ReplayResult,
  audience: Audience,
  now?: string,
  season?: readonly Table[],
): { workbook: EmbeddedWorkbook; view: View; requests: number; bytes: number; batches: number } {
  const base = viewFor(result, audience, { now });
  // The Season tab is the spectators' and the host's, as the Seed tab (a player's sheet is their own match).
  const view = season && (audience === 'host' || audience === 'public') ? { ...base, season } : base;
  const workbook = new EmbeddedWorkbook(`${result.game.title}: ${readerOf(audience, result)}`);
  const report = renderView(workbook, view, { dropDefaultSheet: true });
  return { workbook, view, ...report };
}

/** Told before each workbook is rendered (`done` of `total` are written) and once at the end. */
export type OutputProgress = (done: number, total: number, reader: string | null) => void;

export async function writeMatchOutputs(
  match: MatchFile,
  result: ReplayResult,
  dir: string,
  onProgress: OutputProgress = () => {},
  now?: string,
  season?: readonly Table[],
): Promise<MatchOutputs> {
  makeDirs(dir);
  const matchPath = join(dir, 'match.json');
  writeFileSync(matchPath, stringifyMatchFile(match));
  // The file as the spectators' Seed tab publishes it at the end, with its result: what
  // `genius-host verify` checks (README, "A seed anyone can check"), ready to try.
  const published =
    result.final && match.publish !== false
      ? { published: join(dir, 'published.json'), commitment: seedCommitment(match.seed) }
      : {};
  if (published.published && result.final)
    writeFileSync(published.published, `${publishedLines(match, result.final).join('\n')}\n`);
  const workbooks: AudienceOutput[] = [];
  const audiences = audiencesOf(result);
  for (const audience of audiences) {
    const reader = readerOf(audience, result);
    onProgress(workbooks.length, audiences.length, reader);
    const { workbook, view, requests, bytes, batches } = renderAudience(result, audience, now, season);
    const stem = audienceStem(audience);
    const html = join(dir, `${stem}.html`);
    const xlsx = join(dir, `${stem}.xlsx`);
    writeFileSync(
      html,
      workbookHtml(workbook, {
        subtitle: `${reader === 'public' ? "The public (spectators') workbook" : `Workbook of ${reader}`} · seed "${match.seed}" · ${view.status.headline}`,
      }),
    );
    writeFileSync(xlsx, await workbookXlsx(workbook));
    workbooks.push({ audience, reader, html, xlsx, tabs: workbook.tabs.length, requests, bytes, batches });
  }
  onProgress(workbooks.length, audiences.length, null);
  const index = join(dir, 'index.html');
  const rows = workbooks
    .map(
      (w) =>
        `<tr><td>${escapeHtml(w.reader)}</td><td><a href="${audienceStem(w.audience)}.html">page</a></td><td><a href="${audienceStem(w.audience)}.xlsx">.xlsx</a></td><td>${w.tabs}</td><td>${w.requests}</td><td>${Math.round(w.bytes / 1024)} KB</td></tr>`,
    )
    .join('\n');
  writeFileSync(
    index,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(result.game.title)}</title>
<style>body{font-family:Arial,sans-serif;margin:24px;color:#202124}table{border-collapse:collapse}td,th{border:1px solid #DADCE0;padding:4px 10px;text-align:left}th{background:#F8F9FA}</style></head>
<body><h1>${escapeHtml(result.game.title)}</h1><p>Seed "${escapeHtml(match.seed)}" · <a href="match.json">match file</a></p>
<table><tr><th>Workbook of</th><th>HTML</th><th>Excel</th><th>Tabs</th><th>Requests</th><th>Request size</th></tr>
${rows}</table></body></html>
`,
  );
  return { dir, match: matchPath, ...published, index, workbooks };
}
