// Discord refusing the add-on, in a match run by the built add-on (dist/Code.js) in the Apps Script
// sandbox. Issue 28: a webhook that cannot be reached makes UrlFetchApp throw with the whole URL in
// its text; the token is then in no view, no published file and no log. Issue 24: Discord (or
// Cloudflare's 1015 block of Google's shared addresses) refusing posts keeps each post pending, tried
// again no sooner than Discord asks and the back-off allows, for three hours; the host's Status and
// Links tabs say so; a machine given the webhook delivers what is pending.
import { zonedText } from '../../src/engine/core/zones.js';
import { describe, expect, it } from 'vitest';
import type { MessageEvent } from '../../src/engine/core/game.js';
import { POST_RETRY_WINDOW_MS } from '../../src/engine/core/posts.js';
import { publishedLines } from '../../src/engine/core/publish.js';
import { REDACTED_WEBHOOK } from '../../src/engine/core/redact.js';
import { audiencesOf } from '../../src/engine/core/views.js';
import { type MatchFile, replayMatch, viewFor } from '../../src/engine/index.js';
import { machineFor } from './machine.js';
import { DEFAULT_FAULTS, Table, logOf } from './players.js';
import { EXAMPLE_GAME } from '../../src/engine/index.js';

const TOKEN = 'NeverKept_0123456789-abcdefghijklmnopqrstuvwxyzABCDEFGHIJ';
const WEBHOOK = `https://discord.com/api/webhooks/123456789012345678/${TOKEN}`;
const NAMES = ['Ann', 'Ben', 'Cara', 'Dev'];

/** A match of `game` with Discord turned on from the menu, the minute ticks running. */
function startWithDiscord(game: string, minutes: Record<string, number>): Table {
  const emails = NAMES.map((n) => `${n.toLowerCase()}@example.com`);
  const table = new Table(game, emails, { ...DEFAULT_FAULTS, invalidEvery: 1000 });
  table.google.discord.webhooks.add(WEBHOOK);
  table.google.promptAnswers.push({ button: 'OK', text: WEBHOOK });
  table.run('discordWebhook');
  expect(table.google.ui.alerts.at(-1)).toMatch(/Discord posts are on/);
  const setup = {
    game,
    players: NAMES.map((name, i) => ({ name, email: emails[i], garnets: 0 })),
    startAt: '2026-11-21T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes,
    deadlines: {},
    // The results' posts alone here, each counted: the openings' notices are off (they have their own checks: test/sandbox/messages.ts).
    notices: { email: false, discord: false },
  };
  expect(table.startMatch(setup).ok).toBe(true);
  table.clockTriggers(30);
  return table;
}

const discordEvents = (match: MatchFile): MessageEvent[] =>
  (match.events ?? []).flatMap((e) => (e.type === 'message' && e.channel === 'discord' ? [e] : []));

/**
 * Every player answers the first phase (one may be late: the reminders before its deadline go
 * out), then, a minute before its deadline, `fault` is set and the deadline passes: the result's
 * post meets it.
 */
function closeFirstPhaseWith(table: Table, fault: () => void): void {
  const answered = table.answerPhase();
  if (answered === 'over' || answered === 'decided' || answered.deadline === null)
    throw new Error('the first phase is open until its deadline');
  table.google.clock.set(new Date(Date.parse(answered.deadline) - 60_000).toISOString());
  fault();
  table.passDeadline(answered);
}

/** The tries of the result's post. */
const resultPosts = (table: Table) => discordEvents(logOf(table.sandbox)).filter((e) => e.key.startsWith('result:'));

/** A tab of the host's spreadsheet as one text. */
const hostTab = (table: Table, title: string) => JSON.stringify(table.google.host.sheet(title).cells);

describe('a webhook that cannot be reached (UrlFetchApp throws, quoting the URL)', () => {
  it('keeps its token out of every view, every published file and every log of a whole match', () => {
    const table = startWithDiscord(EXAMPLE_GAME.id, { default: 60 });
    const google = table.google;
    google.discord.unreachable = true;
    table.playToEnd();
    const match = logOf(table.sandbox);
    const result = replayMatch(match);
    expect(result.final).toBeDefined();

    // The posts were tried, failed with UrlFetchApp's text, and the log says so without the URL.
    const failed = discordEvents(match).filter((e) => e.status !== 'sent');
    expect(failed.length).toBeGreaterThan(0);
    expect(google.discord.refused.every((r) => r.status === 0)).toBe(true);
    expect(failed[0].note).toBe(`Discord did not answer (Address unavailable: ${REDACTED_WEBHOOK}?wait=true)`);

    // Everywhere a text is kept: every tab of every spreadsheet (the host's Log and Status, the
    // spectators' Seed tab with the published file), every view, the published file, the exported
    // match file, the document properties, the host's alerts, the executions' errors.
    const kept: [string, string][] = [
      ...[...google.sheets.values()].map((file): [string, string] => [
        `spreadsheet ${file.id}`,
        JSON.stringify(file.workbook.tabs.map((t) => t.cells)),
      ]),
      ...audiencesOf(result).map((audience): [string, string] => [
        `view ${audience}`,
        JSON.stringify(viewFor(result, audience)),
      ]),
      ['published file', publishedLines(match, result.final!).join('\n')],
      ['exported match file', table.run('exportMatchFile') as string],
      ['document properties', JSON.stringify([...google.properties])],
      ['alerts', JSON.stringify(google.ui.alerts)],
      ['executions', JSON.stringify(google.executions.map((e) => e.error ?? ''))],
    ];
    expect(
      kept.filter(([, text]) => text.includes('Address unavailable')).length,
      'the failures are logged',
    ).toBeGreaterThan(0);
    for (const [where, text] of kept) expect(text.includes(TOKEN), where).toBe(false);
    // The secret is where it belongs.
    expect([...google.scriptProperties.values()]).toEqual([WEBHOOK]);
  }, 240_000);
});

describe('Discord refusing Apps Script', () => {
  it("keeps a post Cloudflare's 1015 page refuses pending, tries it on the back-off for three hours, says so on the Status and Links tabs, then drops it", () => {
    // Ten-hour phases: nothing else is posted while the first result is refused.
    const table = startWithDiscord(EXAMPLE_GAME.id, { default: 600 });
    const google = table.google;
    closeFirstPhaseWith(table, () => (google.discord.blocked = 1_000_000));
    const first = resultPosts(table);
    expect(first[0]).toMatchObject({
      status: 'failed',
      note: expect.stringMatching(/Cloudflare .*error 1015, HTTP 429/),
    });
    expect(hostTab(table, 'Status')).toMatch(/Discord is refusing this match's posts/);
    expect(hostTab(table, 'Links')).toMatch(/Discord is refusing this match's posts/);
    expect(hostTab(table, 'Log')).toMatch(/failed, tried again from /);

    google.clock.advance((POST_RETRY_WINDOW_MS + 30 * 60_000) / 1000);
    const tries = resultPosts(table);
    // Each try no sooner than the one before allowed, the back-off doubling from a minute to half an hour.
    for (const [i, e] of tries.entries()) {
      if (i === 0) continue;
      expect(Date.parse(e.at)).toBeGreaterThanOrEqual(Date.parse(tries[i - 1].retry ?? ''));
      const gap = Date.parse(tries[i - 1].retry ?? '') - Date.parse(tries[i - 1].at);
      expect(gap).toBe(Math.min(30, 2 ** (i - 1)) * 60_000);
    }
    expect(tries.length).toBeGreaterThan(5);
    // Tried only within the window (each try one request to Discord), then dropped.
    expect(google.discord.refused.filter((r) => r.at >= Date.parse(tries[0].at))).toHaveLength(tries.length);
    expect(tries.at(-1)).toMatchObject({ status: 'dropped', note: expect.stringMatching(/refused for 3 hours/) });
    expect(Date.parse(tries.at(-1)!.at) - Date.parse(tries[0].at)).toBeLessThanOrEqual(POST_RETRY_WINDOW_MS);
    expect(hostTab(table, 'Status')).toMatch(/The last Discord post was not delivered and is dropped/);
    expect(hostTab(table, 'Links')).not.toMatch(/Discord is refusing/);
    expect(google.discord.posts.filter((p) => / is over\./.test(p.content))).toEqual([]);
  }, 240_000);

  it.each([
    [
      '404 (the webhook was deleted)',
      (t: Table) => t.google.discord.webhooks.delete(WEBHOOK),
      /HTTP 404: Unknown Webhook/,
    ],
    [
      '401 (its token is wrong)',
      (t: Table) => (t.google.discord.refuseWebhook = 401),
      /HTTP 401: Invalid Webhook Token/,
    ],
    ['403 (Discord refuses it)', (t: Table) => (t.google.discord.refuseWebhook = 403), /HTTP 403: Missing Permissions/],
  ])(
    'a webhook Discord refuses with %s is never tried again: the post is dropped and the Status tab says so',
    (_, refuse, said) => {
      // "If a webhook returns a 404 status you should not attempt to use it again" (Rate Limits).
      const table = startWithDiscord(EXAMPLE_GAME.id, { default: 60 });
      const google = table.google;
      closeFirstPhaseWith(table, () => refuse(table));
      const [first, ...others] = resultPosts(table);
      expect(others).toEqual([]);
      expect(first).toMatchObject({ status: 'dropped', note: expect.stringMatching(said) });
      expect(first.note).toMatch(/posts to this webhook are stopped[^]*Discord webhook…/);
      expect(hostTab(table, 'Status')).toMatch(/posts to this webhook are stopped/);
      // Past the three hours a refused post is retried for: not one more request to the refused webhook.
      const requests = google.discord.refused.length;
      google.clock.advance((POST_RETRY_WINDOW_MS + 30 * 60_000) / 1000);
      expect(google.discord.refused).toHaveLength(requests);
      expect(JSON.stringify(logOf(table.sandbox))).not.toContain(TOKEN);
    },
    240_000,
  );

  it('a webhook set again after a refusal is posted to', () => {
    const table = startWithDiscord(EXAMPLE_GAME.id, { default: 60 });
    const google = table.google;
    closeFirstPhaseWith(table, () => google.discord.webhooks.delete(WEBHOOK));
    expect(resultPosts(table).map((e) => e.status)).toEqual(['dropped']);
    google.discord.webhooks.add(WEBHOOK);
    google.promptAnswers.push({ button: 'OK', text: WEBHOOK });
    table.run('discordWebhook');
    const posted = google.discord.posts.length;
    closeFirstPhaseWith(table, () => {});
    expect(google.discord.posts.length).toBeGreaterThan(posted);
  }, 240_000);

  it("honours Discord's retry_after and Retry-After when longer than the back-off, then sends the post once", () => {
    const table = startWithDiscord(EXAMPLE_GAME.id, { default: 600 });
    const google = table.google;
    closeFirstPhaseWith(table, () => Object.assign(google.discord, { rateLimited: 1, retryAfter: 600 }));
    const [refused] = resultPosts(table);
    const posted = google.discord.posts.length;
    const refusedBefore = google.discord.refused.length;
    expect(refused).toMatchObject({
      status: 'failed',
      note: 'Discord is rate limiting this webhook (retry after 600 s)',
    });
    expect(Date.parse(refused.retry ?? '') - Date.parse(refused.at)).toBe(600_000);
    // Nothing is tried before then.
    google.clock.set(new Date(Date.parse(refused.retry ?? '') - 90_000).toISOString());
    expect(google.discord.refused).toHaveLength(refusedBefore);
    expect(google.discord.posts).toHaveLength(posted);
    google.clock.advance(120);
    expect(google.discord.posts).toHaveLength(posted + 1);
    expect(resultPosts(table).map((e) => e.status)).toEqual(['failed', 'sent']);
    expect(hostTab(table, 'Status')).not.toMatch(/Discord/);
  }, 240_000);

  it('lets a machine given the webhook deliver the posts Discord refused Apps Script', () => {
    const table = startWithDiscord(EXAMPLE_GAME.id, { default: 600 });
    const google = table.google;
    closeFirstPhaseWith(table, () => (google.discord.blocked = 1_000_000));
    const refused = resultPosts(table);
    const posted = google.discord.posts.length;
    expect(refused.every((e) => e.status === 'failed')).toBe(true);
    expect(hostTab(table, 'Links')).toMatch(/Discord is refusing/);

    // The host hands the match to a machine (the add-on's ticks stop), given the webhook.
    google.clock.onMove = null;
    table.run('hostFromMachine');
    const machine = machineFor(table, 'machine-1', { discordWebhook: WEBHOOK });
    google.clock.set(refused.at(-1)?.retry ?? '');
    machine.tick();
    expect(google.discord.posts).toHaveLength(posted + 1);
    expect(google.discord.posts.at(-1)?.content).toMatch(/is over\./);
    expect(resultPosts(table).map((e) => e.status)).toEqual([...refused.map(() => 'failed'), 'sent']);
    expect(hostTab(table, 'Status')).not.toMatch(/Discord/);
    expect(hostTab(table, 'Links')).not.toMatch(/Discord is refusing/);
  }, 240_000);
});

describe("the host's actions in the next result's post (issue 29)", () => {
  it('lists each action since the last result with its time and the reason the host gave', () => {
    const table = startWithDiscord(EXAMPLE_GAME.id, { default: 60 });
    table.google.promptAnswers.push({ button: 'OK', text: '+150m' }, { button: 'OK', text: 'Ben lost power' });
    table.run('extendDeadline');
    const extended = logOf(table.sandbox).events!.find((e) => e.type === 'extend')!;
    closeFirstPhaseWith(table, () => {});
    // Discord's markdown escapes (discordText) aside.
    const post = table.google.discord.posts
      .map((p) => p.content)
      .find((c) => c.includes(' is over.'))!
      .replace(/\\(?=[:*_~`|>\\()[\]#<@])/g, '');
    expect(post).toContain(
      `Host actions:\n- <t:${Math.floor(Date.parse(extended.at) / 1000)}:f> Extended ${table.state().closed[0].phase.title} to ${zonedText((extended as { deadline: string }).deadline, table.state().match.schedule?.timeZone ?? 'UTC')} (why: Ben lost power)\n`,
    );
    expect(post).not.toMatch(/@example\.com/);
  });
});

describe('Resolve overdue now, a host action (issue 29)', () => {
  it("asks why, is logged once under its own id, shows on the Host actions list, and in the next result's post", () => {
    const table = startWithDiscord(EXAMPLE_GAME.id, { default: 60 });
    const { google } = table;
    const answered = table.answerPhase();
    if (answered === 'over' || answered === 'decided' || answered.deadline === null)
      throw new Error('the first phase is open until its deadline');
    // The ticks stop: the deadline passes unseen until the host resolves it.
    google.clock.onMove = null;
    google.clock.set(new Date(Date.parse(answered.deadline) + 5 * 60_000).toISOString());
    google.promptAnswers.push({ button: 'OK', text: 'the tick was late' });
    table.run('resolveOverdueNow');
    expect(google.ui.prompts.at(-1)).toMatch(/^Why resolve what is overdue now\?/);
    const resolves = logOf(table.sandbox).events!.filter((e) => e.type === 'resolve');
    expect(resolves).toEqual([
      {
        type: 'resolve',
        at: resolves[0].at,
        reason: 'the tick was late',
        uid: `resolve:${resolves[0].at}`,
        after: expect.any(String),
      },
    ]);
    expect(Date.parse(resolves[0].at)).toBeGreaterThan(Date.parse(answered.deadline));
    expect(table.state().closed).toHaveLength(1);
    const what = 'Resolved what was overdue (Resolve overdue now)';
    const hostActions = JSON.stringify(
      google.spreadsheet(table.sharedId()).workbook.sheetByTitle('Host actions')?.cells,
    );
    expect(hostActions).toContain(what);
    expect(hostActions).toContain('the tick was late');
    // Replay does not read it: the match replays the same without it.
    const match = logOf(table.sandbox);
    const without = { ...match, events: match.events!.filter((e) => e.type !== 'resolve') };
    const now = google.clock.iso();
    expect(replayMatch(without, { now }).closed).toEqual(replayMatch(match, { now }).closed);

    // The result of the phase it resolved went out in that run; the next result's post lists it.
    const posts = () => google.discord.posts.map((p) => p.content.replace(/\\(?=[:*_~`|>\\()])/g, ''));
    expect(posts().filter((c) => c.includes(' is over.'))).toHaveLength(1);
    expect(posts().join('\n')).not.toContain(what);
    table.clockTriggers(30);
    closeFirstPhaseWith(table, () => {});
    const next = posts().filter((c) => c.includes(' is over.'))[1];
    expect(next).toContain(`- <t:${Math.floor(Date.parse(resolves[0].at) / 1000)}:f> ${what} (why: the tick was late)`);
  });
});
