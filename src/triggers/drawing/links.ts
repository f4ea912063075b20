// Every link of a match in one place: the answer of Start, the Help dialog, and the host's Links
// tab (what to post on Discord, and what to send each player privately).

import { seedCommitment } from '../../engine/core/commitment.js';
import { currentEmails } from '../../engine/core/email.js';
import { POST_RETRY_WINDOW_MS, pendingPosts } from '../../engine/core/posts.js';
import { menuTriggersNote } from '../saved/menu-triggers.js';
import type { MatchFile } from '../../engine/index.js';
import type { Request } from '../../sheets/api.js';
import { freeSheetId, idsFrom, takenSheetIds } from '../../sheets/ids.js';
import type { HostContext } from '../saved/context.js';
import type { Spreadsheet } from '../google/ports.js';

const LINKS_TAB = 'Links';

export interface PlayerLinks {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly form: string;
  readonly sheet: string;
}

export interface Links {
  readonly host: string;
  readonly shared: string;
  readonly spectators: string;
  /** The SHA-256 of the seed, to post with the spectators' link (README, "A seed anyone can check"). */
  readonly commitment: string;
  readonly published: boolean;
  readonly note?: string;
  readonly players: readonly PlayerLinks[];
  /**
   * Where the match runs with less protection than the README promises, or with something left
   * for the host to do (a refused publish, share or form setting), each with what to do about it.
   */
  readonly warnings: readonly string[];
}

export function linksOf(ctx: HostContext, match: MatchFile): Links {
  const shared = ctx.pointers.requireShared();
  const emails = currentEmails(match);
  const menuNote = menuTriggersNote(ctx);
  return {
    host: ctx.ports.files.host().url,
    shared: shared.url,
    spectators: shared.spectators,
    commitment: seedCommitment(match.seed),
    published: shared.published,
    ...(shared.note ? { note: shared.note } : {}),
    players: match.players.map((p) => {
      const pointer = ctx.pointers.requirePlayer(p.id);
      return {
        id: p.id,
        name: p.name,
        email: emails.get(p.id) ?? '',
        form: pointer.form.url,
        sheet: pointer.sheet.url,
      };
    }),
    warnings: [
      ...(shared.published
        ? []
        : [shared.note ?? 'The shared sheet is not published to the web: spectators open it through its link.']),
      ...match.players.flatMap((p) => (ctx.pointers.protection(p.id)?.notes ?? []).map((note) => `${p.name}: ${note}`)),
      ...match.players.flatMap((p) => ctx.pointers.startedPlayer(p.id).notes ?? []),
      ...(discordRefusing(match) ? [DISCORD_REFUSING] : []),
      ...(menuNote !== null ? [menuNote] : []),
    ],
  };
}

/** Whether Discord is refusing the match's posts (some wait to be tried again: core/posts.ts); the Links tab is drawn again when this changes. */
export function discordRefusing(match: MatchFile): boolean {
  return pendingPosts(match.events).length > 0;
}

const DISCORD_REFUSING = `Discord is refusing this match's posts (it rate-limits the shared Google addresses Apps Script posts from). Each post is kept and tried again for ${POST_RETRY_WINDOW_MS / 3_600_000} hours; the Status tab says how many wait and why. To deliver them from your own address, host the match from a machine with the webhook (README: Discord announcements).`;

/** The host's Links tab: every link to post (Discord), in one table. */
export function linksTabRequests(host: Spreadsheet, links: Links): Request[] {
  const metadata = host.getMetadata();
  const existing = (metadata.sheets ?? []).find((s) => s.properties?.title === LINKS_TAB);
  const sheetId = freeSheetId(takenSheetIds(metadata), idsFrom(0x11b500), LINKS_TAB);
  const text = (value: string) => ({ userEnteredValue: { stringValue: value } });
  const heading = (value: string) => ({ ...text(value), userEnteredFormat: { textFormat: { bold: true } } });
  const rows = [
    [heading('Links of this match')],
    [
      heading('Spectators (post this)'),
      text(links.spectators),
      text(
        links.published
          ? 'published to the web, updates automatically'
          : (links.note ?? 'anyone with the link can view'),
      ),
    ],
    [
      heading('Seed commitment (post it with the link)'),
      text(links.commitment),
      text("the SHA-256 of the seed: the spectators' Seed tab shows it"),
    ],
    [heading('Shared sheet (players edit their row)'), text(links.shared)],
    ...(links.warnings.length > 0
      ? [
          [],
          [heading('Warnings: less protection than usual, or something for you to do')],
          ...links.warnings.map((w) => [text(w)]),
        ]
      : []),
    [],
    [heading('Player'), heading('Email'), heading('Form (send privately)'), heading('Private sheet')],
    ...links.players.map((p) => [text(p.name), text(p.email), text(p.form), text(p.sheet)]),
  ];
  const requests: Request[] = [];
  // The links of an earlier match give way to this one's.
  if (existing?.properties?.sheetId !== undefined && existing.properties.sheetId !== null)
    requests.push({ deleteSheet: { sheetId: existing.properties.sheetId } });
  requests.push({
    addSheet: {
      properties: { sheetId, title: LINKS_TAB, gridProperties: { rowCount: rows.length + 5, columnCount: 4 } },
    },
  });
  requests.push({
    updateCells: {
      range: { sheetId, startRowIndex: 0, endRowIndex: rows.length, startColumnIndex: 0, endColumnIndex: 4 },
      rows: rows.map((values) => ({ values })),
      fields: 'userEnteredValue,userEnteredFormat.textFormat',
    },
  });
  requests.push({
    updateDimensionProperties: {
      range: { sheetId, dimension: 'COLUMNS', startIndex: 0, endIndex: 4 },
      properties: { pixelSize: 260 },
      fields: 'pixelSize',
    },
  });
  return requests;
}
