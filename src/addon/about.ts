// About genius-host: which genius-host this copy runs (its version and build) and where the host
// guide is. scripts/build.mjs writes them into the bundle (GENIUS_HOST_ABOUT, the same as
// dist/build.json); an unbuilt bundle (the tests' type check) says so.
/// <reference types="google-apps-script" />

import { escapeHtml } from '../sheets/escape-html.js';
import { benchFigures, type MeasuredSummary, measuredLines } from '../triggers/google/measured.js';

declare const GENIUS_HOST_ABOUT: { version: string; build: string; guide: string } | undefined;

export interface About {
  readonly version: string;
  /** The commit the build was made from ('+changes' when the sources differed from it). */
  readonly build: string;
  /** The host guide's address (the README's Host guide line: scripts/guide.mjs); '' until the maintainer fills it in. */
  readonly guide: string;
}

export function about(): About {
  return typeof GENIUS_HOST_ABOUT === 'object' && GENIUS_HOST_ABOUT !== null
    ? GENIUS_HOST_ABOUT
    : { version: 'unbuilt', build: 'unbuilt', guide: '' };
}

/**
 * The About dialog's body: the version, the build, the guide, how a copy gets a newer version, and
 * how long Google takes here (`measured`: the summary measured.ts keeps; empty: nothing measured yet).
 */
export function aboutHtml(info: About = about(), measured: MeasuredSummary = {}): string {
  const guide = info.guide
    ? `<a href="${escapeHtml(info.guide)}" target="_blank">${escapeHtml(info.guide)}</a>`
    : "the README's <b>For hosts</b>, where you found the template's copy link";
  return `<p><b>genius-host ${escapeHtml(info.version)}</b>, build ${escapeHtml(info.build)}.</p>
<p>The host guide: ${guide}.</p>
${timedHtml(measured)}<p>This spreadsheet's script is its own copy of genius-host: it changes only when someone updates it. For a newer version, make a new copy of the newest template: a match running in this spreadsheet goes on here, with this version. (With the developer's tools, <code>npm run push</code> updates this spreadsheet's script in place; a match running here then goes on with the new version.)</p>`;
}

/** How long Google took here, a line a kind of call, and the same figures for the maintainers' bench. */
function timedHtml(measured: MeasuredSummary): string {
  const lines = measuredLines(measured);
  if (lines.length === 0)
    return '<p>How long Google takes here: nothing measured yet (the match’s own runs measure it).</p>\n';
  return `<p>How long Google took on this account, by this script’s own clock, beside what genius-host plans for:</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<details><summary>For the maintainers</summary><p>Save this as a file for <code>npm run bench -- --latencies FILE</code>:</p><textarea readonly style="width:100%;height:60px;font-family:monospace;font-size:11px">${escapeHtml(JSON.stringify(benchFigures(measured)))}</textarea></details>
`;
}
