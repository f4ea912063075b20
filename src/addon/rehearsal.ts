// Rehearse a match…: a whole short match on the host's own account, through the normal pipeline
// (real spreadsheets, forms, triggers, rendering; the Discord webhook if one is set). The host plays
// the first seat through a form kept to their own account; the add-on's bots play the others
// (src/triggers/answers/bot-answers.ts), on addresses of the reserved .invalid domain (nobody's: email.ts). Phases
// of 3 minutes. Check this account… runs first; then every trigger of the match records what it saw
// (rehearsed, rehearsalEdit) in the rehearsal's record, and the run that ends the match writes the
// Rehearsal report and trashes what the rehearsal made (rehearsal-end.ts).
/// <reference types="google-apps-script" />

import { GAME_LIST, REHEARSAL_GAME, gameById } from '../engine/index.js';
import { escapeHtml } from '../sheets/escape-html.js';
import { type HostContext, hostContext } from '../triggers/saved/context.js';
import { type MatchSetup, MatchHost, type RunReport } from '../triggers/host/match-host.js';
import { KEY } from '../triggers/saved/pointers.js';
import { WEBHOOK_SECRET } from '../triggers/messages/discord-webhook.js';
import { errorText } from '../engine/core/redact.js';
import { checkAccount } from './check.js';
import {
  REHEARSAL_MINUTES,
  REHEARSAL_REMINDER_MINUTES,
  type RehearsalStart,
  CHAIN_HANDLER,
  chainArmed,
  clearRecord,
  observe,
  recordChainArmed,
  removeChainTrigger,
  readRecord,
  writeRecord,
} from './rehearsal-record.js';
import { endRehearsal, reportDialog } from './rehearsal-end.js';
import { appsScriptPorts, keepMeasured, newSeed } from './services.js';

/** The seats of a rehearsal of `gameId`: the host first, then bots, as few as the game takes. */
function rehearsalSetup(gameId: string, host: string, now: string, timeZone: string): MatchSetup {
  const game = gameById(gameId);
  const bots = Array.from({ length: game.playerCount.min - 1 }, (_, i) => ({
    name: `Bot ${i + 2}`,
    email: `bot-${i + 2}@rehearsal.invalid`,
  }));
  return {
    game: game.id,
    players: [{ name: 'You', email: host }, ...bots],
    startAt: now,
    timeZone,
    // A game that times its own phases (its phaseLengths name no kind) takes no phase length.
    minutes: Object.keys(game.phaseLengths.kinds).length > 0 ? { default: REHEARSAL_MINUTES } : {},
    reminders: [REHEARSAL_REMINDER_MINUTES],
  };
}

/** Rehearse a match…: the dialog to start one, the one under way, or the report of the last. */
export function rehearseMatch(): void {
  const record = readRecord();
  if (record?.done) return reportDialog();
  const webhook = PropertiesService.getScriptProperties().getProperty(WEBHOOK_SECRET) !== null;
  const body = record
    ? `<p>A rehearsal of ${escapeHtml(gameById(record.game).title)} is under way since ${escapeHtml(record.startedAt)}: answer your form and type in your row of the shared sheet (the Links tab has both). It ends by itself with the match and writes the <b>Rehearsal report</b> tab.</p>
<button onclick="this.disabled=true;google.script.run.withSuccessHandler(function(){google.script.host.close()}).endRehearsalNow()">End it now and write the report</button>`
    : startForm(webhook);
  SpreadsheetApp.getUi().showModalDialog(
    HtmlService.createHtmlOutput(`<div style="font-family:sans-serif;font-size:13px">${body}</div>`)
      .setWidth(460)
      .setHeight(330),
    'Rehearse a match',
  );
}

function startForm(webhook: boolean): string {
  const options = GAME_LIST.map(
    (g) =>
      `<option value="${escapeHtml(g.id)}"${g.id === REHEARSAL_GAME.id ? ' selected' : ''}>${escapeHtml(g.title)}</option>`,
  ).join('');
  return `<p>A whole short match on your own account, to see that Google behaves here as genius-host expects: real sheets, forms and triggers. You play the first seat (your form is kept to your account); bots play the others. Phases of ${REHEARSAL_MINUTES} minutes. To try the reminder email, leave one phase unanswered until the email comes: whoever has not answered is reminded ${REHEARSAL_REMINDER_MINUTES} minutes before the deadline.</p>
<p><label>Game <select id="game">${options}</select></label></p>
<p>Discord: ${webhook ? 'the webhook you set gets the posts.' : 'no webhook set (Discord webhook… sets one); the report says "not tried".'}</p>
<p>At the end a <b>Rehearsal report</b> tab says, behaviour by behaviour, what was seen, and everything the rehearsal made goes to the trash.</p>
<button id="go" onclick="this.disabled=true;document.getElementById('out').textContent='Starting… (a minute)';google.script.run.withSuccessHandler(function(m){document.getElementById('out').textContent=m}).withFailureHandler(function(e){document.getElementById('out').textContent=e.message}).startRehearsal(document.getElementById('game').value)">Start the rehearsal</button>
<p id="out"></p>`;
}

/** The dialog's Start: checks the account, starts the match, and tells the host what to do. */
export function startRehearsal(gameId: string): string {
  const under = readRecord();
  if (under && !under.done) throw new Error('A rehearsal is under way already: Rehearse a match… ends it.');
  const ports = appsScriptPorts();
  const host = new MatchHost(ports);
  const status = host.status();
  if (status && (status.open || status.pending.length > 0))
    throw new Error('A match is running in this spreadsheet: rehearse in a new copy, or when the match is over.');
  const check = checkAccount();
  const email = check.account || Session.getEffectiveUser().getEmail();
  if (!email) throw new Error('Google did not tell your address: the rehearsal needs it for your seat.');
  const now = ports.clock.now();
  const timeZone = SpreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone();
  const setup = rehearsalSetup(gameId, email, now, timeZone);
  const tabs = (ports.files.host().getMetadata().sheets ?? []).map((s) => s.properties?.sheetId ?? 0);
  const record: RehearsalStart = {
    game: setup.game,
    startedAt: now,
    host: email,
    seat: 'p1',
    tabs,
    check: check.items.map((i) => ({ item: i.item, works: i.works, detail: i.detail })),
  };
  clearRecord();
  const seed = newSeed();
  let started = host.start(setup, seed);
  for (let call = 0; call < 40 && !started.ok && 'more' in started; call++) started = host.start(setup, seed);
  if (!started.ok) {
    const why = 'errors' in started ? started.errors.map((e) => e.message).join('; ') : started.progress;
    throw new Error(`The rehearsal's match did not start: ${why}`);
  }
  // The seats the bots play; their answers to the open phase come with the next run (bots.ts).
  const ctx = hostContext(ports);
  // The rehearsal flag: every run from now on learns its match is watched (MatchHost.rehearsal); the
  // quiet pointer the start left does not carry it yet, so the next tick looks, and writes one that does.
  ctx.pointers.updateState({ bots: setup.players.slice(1).map((_, i) => `p${i + 2}`), rehearsal: true });
  ctx.pointers.remove(KEY.quiet);
  // The bots' first answers come with the next tick (the minute trigger is on: the first deadline
  // is near), not in this execution: Start has just drawn every sheet, and Sheets takes 60 writes a minute.
  writeRecord({ ...record, armed: armedWake() });
  const me = started.links.players[0];
  return `Started. Answer your form (${me.form}) and, where the game asks, type in your row of the shared sheet (${started.links.shared}). The match ends by itself; the Rehearsal report tab then says what was seen.`;
}

/** The one-shot trigger's time as armed now (arming.ts), or null: read after a run, while a rehearsal watches only. */
function armedWake(): string | null {
  const text = PropertiesService.getDocumentProperties().getProperty(KEY.armed);
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    const wake = typeof value === 'object' && value !== null && 'wake' in value ? value.wake : null;
    return typeof wake === 'string' ? wake : null;
  } catch {
    return null;
  }
}

/** Whether a rehearsal is under way, by its record (one read): for a run that did not say (busy). */
function underWay(): boolean {
  const record = readRecord();
  return record !== null && !record.done;
}

export type Observed = 'wake' | 'minute' | 'submit' | 'other';

/**
 * A trigger's run (`host.run`), observed while a rehearsal is under way: when it fired, how late
 * after it was due (`due`: the form response's time), whether its batchUpdates applied; the run
 * that ends the match ends the rehearsal. The run itself learns whether a rehearsal watches its
 * match (the quiet pointer, or the execution's state: host.rehearsal), so a quiet tick of a match
 * no rehearsal watches reads nothing more than it did before rehearsals were built, and a run that
 * failed calls Google no more (unless a rehearsal watches: it notes what was refused).
 */
export function rehearsed(
  kind: Observed,
  host: MatchHost,
  run: (host: MatchHost) => RunReport,
  due?: () => number | undefined,
): RunReport {
  const at = new Date().toISOString();
  let report: RunReport;
  try {
    report = run(host);
  } catch (error) {
    // Stopped on an error: nothing more reaches Google after the call that failed.
    keepMeasured(true);
    if (host.rehearsal === true) observe({ kind, at, end: new Date().toISOString(), refused: errorText(error) });
    throw error;
  }
  // Google's time for each kind of call this execution made, kept for the report, About and the sidebar.
  keepMeasured();
  // Busy (another execution held the lock), the run read neither: the record says.
  if (host.rehearsal === false || (host.rehearsal === undefined && !underWay())) return report;
  const answered = kind === 'submit' ? due?.() : undefined;
  const late = answered === undefined || Number.isNaN(answered) ? undefined : (Date.parse(at) - answered) / 1000;
  observe({
    kind,
    at,
    end: new Date().toISOString(),
    ...(late !== undefined ? { late } : {}),
    armed: armedWake(),
    ran: report.ran,
    writes: report.writes.filter((w) => w.target !== 'log').length,
  });
  if (kind === 'minute' || kind === 'wake') armChain();
  if (report.over) endRehearsal();
  return report;
}

/**
 * genius-host arms its next one-shot trigger from inside trigger executions (onWake, onMinute:
 * arming.ts), the case a public report says V8 disables (Issue Tracker 150756612, docs/google.md).
 * The first trigger execution of a rehearsal arms one, a minute ahead, so the report can say
 * whether it fired on this account, and how late.
 */
function armChain(): void {
  if (chainArmed() !== null) return;
  const due = new Date(Date.now() + 60_000);
  try {
    ScriptApp.newTrigger(CHAIN_HANDLER).timeBased().at(due).create();
    recordChainArmed(due.toISOString());
  } catch (error) {
    observe({ kind: 'chain', at: new Date().toISOString(), end: new Date().toISOString(), refused: errorText(error) });
  }
}

/** The chain's one-shot trigger fired: noted (when, so how late), and the trigger removed. */
export function chainFired(): void {
  const at = new Date().toISOString();
  if (underWay()) observe({ kind: 'chain', at, end: at });
  removeChainTrigger();
}

/** When the response in a form-submit event's row was sent: its Timestamp, the row's first cell ("Event objects": `range`). */
export function responseTime(e?: GoogleAppsScript.Events.SheetsOnFormSubmit): number | undefined {
  try {
    const value: unknown = e?.range?.getValues()[0]?.[0];
    return value instanceof Date || typeof value === 'string' ? new Date(value).getTime() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The shared sheet's edit trigger, observed (onRowEdited calls it only while a rehearsal watches
 * the match): which file the event's `source` named, and which was edited. `at`: when it started.
 */
export function rehearsalEdit(e: GoogleAppsScript.Events.SheetsOnEdit, at: string, ctx: HostContext): void {
  try {
    const hostId = SpreadsheetApp.getActiveSpreadsheet().getId();
    const edited = e.range.getSheet().getParent().getId();
    const sharedId = ctx.pointers.shared()?.id;
    const named = e.source?.getId();
    const source = named === hostId ? 'host' : named === sharedId ? 'shared' : (named ?? 'nothing');
    const end = new Date().toISOString();
    observe({ kind: 'edit', at, end, edit: { source, shared: edited === sharedId }, armed: armedWake() });
  } catch (error) {
    observe({ kind: 'edit', at, end: new Date().toISOString(), refused: errorText(error) });
  }
}

/** The dialog's End it now: the report as things stand, and the cleanup. */
export function endRehearsalNow(): void {
  endRehearsal();
}
