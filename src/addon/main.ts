// Entry points of the Apps Script bundle (dist/Code.js). Every function exported here becomes a
// top-level function of the script, so menus, triggers and google.script.run can find it. The work
// itself is in src/triggers (MatchHost), written against ports; services.ts gives it Apps Script.
/// <reference types="google-apps-script" />

import { loadMatchText, replayMatch, replayOutput } from '../engine/index.js';
import { escapeHtml } from '../sheets/escape-html.js';
import { type MatchSetup, MatchHost, type RunReport, type StartResult } from '../triggers/host/match-host.js';
import { parseWhen } from '../triggers/host/typed-times.js';
import { type AccountCheck, checkAccount } from './check.js';
import { appsScriptPorts, keepMeasured, newSeed } from './services.js';
import { isSharedSheet, recordEdit } from '../triggers/answers/row-edits.js';
import { wakeSoon } from '../triggers/schedule/clock-triggers.js';
import { hostContext } from '../triggers/saved/context.js';
import type { HostPorts } from '../triggers/google/ports.js';

export {
  type TriggerTimeAnswer,
  checkMatchSetup,
  newMatchDefaults,
  projectTriggerTime,
  setAccountKind,
} from './sidebar-calls.js';
import { errorText } from '../engine/core/redact.js';
import { apiOffSteps } from './advanced.js';
import { askReason, summary } from './menu-seats.js';
import { about, aboutHtml } from './about.js';
import { parseSummary } from '../triggers/google/measured.js';
import { KEY } from '../triggers/saved/pointers.js';
import { finishSetup as finishSetupWith, setupDone } from './first-setup.js';

export { pauseMatch, resumeMatch, substitutePlayer } from './menu-seats.js';
export { showDeathMatch, showNextMatch } from './menu-season.js';
export { setupCheckAccount, setupState } from './first-setup.js';
export { endRehearsalNow, rehearseMatch, startRehearsal } from './rehearsal.js';
export { forgetRehearsal } from './rehearsal-end.js';
import { chainFired, rehearsalEdit, rehearsed, responseTime } from './rehearsal.js';

const MENU = 'Genius Host';

/**
 * Replays a match file given as JSON text and returns the replay JSON of docs/matchfile.md, or
 * `{ "error": "<field>: <problem>" }` for a malformed file. `now` (ISO time) keeps phases whose
 * deadline has not passed open.
 */
export function replayMatchJson(json: string, now?: string): string {
  const match = loadMatchText(json);
  if (!match.ok) return JSON.stringify({ error: match.error });
  return JSON.stringify(replayOutput(replayMatch(match.value, now ? { now } : {})));
}

/** One MatchHost an execution (each starts with fresh globals): a menu item's prompt and its run share its replay. */
let current: MatchHost | null = null;
function host(): MatchHost {
  return (current ??= new MatchHost(appsScriptPorts()));
}

function ui(): GoogleAppsScript.Base.Ui {
  return SpreadsheetApp.getUi();
}

function dialog(title: string, body: string, height = 420): void {
  const html = HtmlService.createHtmlOutput(`<div style="font-family:Arial,sans-serif;font-size:13px">${body}</div>`)
    .setWidth(640)
    .setHeight(height);
  ui().showModalDialog(html, title);
}

/**
 * Runs a menu action, showing its error to the host instead of a stack trace. What it answers
 * (a run's report) Apps Script ignores; the sandbox tests read it (the replays it counted).
 */
function guarded<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch (error) {
    ui().alert(MENU, errorText(error), ui().ButtonSet.OK);
    return undefined;
  }
}

/** Tells the host what a run did, and answers its report. */
function tell(report: RunReport): RunReport {
  ui().alert(MENU, summary(report), ui().ButtonSet.OK);
  return report;
}

// ── Menu ────────────────────────────────────────────────────────────────────────────────────

export function onOpen(): void {
  const menu = ui().createMenu(MENU);
  // A fresh copy of the template: the setup first, until it is done (first-setup.ts).
  if (!setupDone()) menu.addItem('Set up genius-host…', 'showSetup').addSeparator();
  menu
    .addItem('New match…', 'showNewMatch')
    .addItem('Next match…', 'showNextMatch')
    .addItem('Death match…', 'showDeathMatch')
    .addItem('Resolve overdue now', 'resolveOverdueNow')
    .addItem('Re-render', 'rerender')
    .addItem('Extend deadline…', 'extendDeadline')
    .addItem('Answer a host decision…', 'answerHostDecision')
    .addItem('Undo last phase', 'undoLastPhase')
    .addItem('Pause the match', 'pauseMatch')
    .addItem('Resume the match', 'resumeMatch')
    .addItem("Correct a player's email…", 'correctPlayerEmail')
    .addItem('Substitute a player…', 'substitutePlayer')
    .addItem('Export match file', 'exportMatchFile')
    .addItem('Discord webhook…', 'discordWebhook')
    .addSeparator()
    .addItem('Host from a machine…', 'hostFromMachine')
    .addItem('Host from Apps Script again', 'hostFromAppsScript')
    .addSeparator()
    .addItem('Check this account…', 'checkThisAccount')
    .addItem('Rehearse a match…', 'rehearseMatch')
    .addItem('Help', 'showHelp')
    .addItem('About genius-host', 'showAbout')
    .addToUi();
}

/** Set up genius-host…: its dialog (setup.html), shown once Google has the host's authorisation. */
export function showSetup(): void {
  ui().showModalDialog(
    HtmlService.createHtmlOutputFromFile('setup').setWidth(640).setHeight(600),
    'Set up genius-host',
  );
}

/** The setup dialog's last step: the kind of account kept, the setup done, and the menu drawn without its item. */
export function finishSetup(kind: unknown): { kind: string; done: true } {
  const done = finishSetupWith(kind);
  // The menu again, without the item; should Google refuse a menu from here, the next open draws it.
  try {
    onOpen();
  } catch {
    // the setup is saved all the same
  }
  return done;
}

/** About genius-host: the version, the build and the host guide (about.ts). */
export function showAbout(): string {
  const html = aboutHtml(about(), parseSummary(PropertiesService.getDocumentProperties().getProperty(KEY.latency)));
  dialog('About genius-host', html, 480);
  return html;
}

export function onInstall(): void {
  onOpen();
}

export function showNewMatch(): void {
  ui().showSidebar(HtmlService.createHtmlOutputFromFile('sidebar').setTitle('Genius Host: new match'));
}

/**
 * The sidebar's "Start the match". A failed Apps Script call part-way (a quota, a time-out) comes
 * back as a message: pressing Start again goes on from where it stopped (MatchHost.start).
 */
export function startMatch(setup: MatchSetup): StartResult {
  const result = startMatchTimed(setup);
  // Google's time for each kind of call Start made (a new match's files: the slowest calls); none
  // kept from a start that stopped on a refusal, so nothing reaches Google after it.
  keepMeasured(!result.ok && !('more' in result));
  return result;
}

function startMatchTimed(setup: MatchSetup): StartResult {
  try {
    return host().start(setup, setup.seed && setup.seed.trim() !== '' ? setup.seed.trim() : newSeed());
  } catch (error) {
    // Google's "has not been used in project … or it is disabled": the host's fix first (advanced.ts).
    const steps = apiOffSteps(errorText(error));
    return {
      ok: false,
      errors: [
        {
          field: '',
          message: steps
            ? `Setting up the match stopped part-way. ${steps} Then press Start the match again: it goes on from where it stopped, with the same forms and sheets.`
            : `Setting up the match stopped part-way (${errorText(error)}). Press Start the match again: it goes on from where it stopped, with the same forms and sheets.`,
        },
      ],
    };
  }
}

/** Resolve overdue now: a host action, asked why and logged for the Host actions list (MatchHost.resolveOverdue). */
export function resolveOverdueNow(): RunReport | undefined {
  return guarded(() => {
    const reason = askReason('resolve what is overdue now');
    return reason === null ? undefined : tell(host().resolveOverdue(reason));
  });
}

// Re-render is not a host action: it draws every sheet and form again from the same log, changing
// nothing anyone plays by, so it asks no reason and is not on the Host actions list.
export function rerender(): RunReport | undefined {
  return guarded(() => tell(host().run('rerender')));
}

/**
 * Host from a machine…: hands the match to genius-host host (src/triggers/host/handover.ts) after the
 * host confirms: from then on only the machine resolves it.
 */
export function hostFromMachine(): void {
  guarded(() => {
    const sure = ui().alert(
      MENU,
      "Hand this match to a machine that runs genius-host host? The add-on copies the match's state into a hidden tab of this spreadsheet and removes its triggers; nothing resolves the match until the machine runs. Host from Apps Script again takes it back.",
      ui().ButtonSet.OK_CANCEL,
    );
    if (sure !== ui().Button.OK) return;
    ui().alert(MENU, host().handToMachine(), ui().ButtonSet.OK);
  });
}

/** Host from Apps Script again: takes the match back from the machine. */
export function hostFromAppsScript(): void {
  guarded(() => ui().alert(MENU, host().takeBack(), ui().ButtonSet.OK));
}

function promptText(title: string, prompt: string): string | null {
  const answer = ui().prompt(title, prompt, ui().ButtonSet.OK_CANCEL);
  return answer.getSelectedButton() === ui().Button.OK ? answer.getResponseText() : null;
}

export function extendDeadline(): RunReport | undefined {
  return guarded(() => {
    const state = host().status();
    if (!state?.open) throw new Error('No phase is open: there is no deadline to extend.');
    const text = promptText(
      'Extend deadline',
      `${state.open.phase.title} closes at ${state.open.timing.deadline ?? '(no deadline)'}.\nNew deadline: +2h, +1d, +90m, or a time with its zone such as 2026-11-24T20:00Z.`,
    );
    if (text === null) return undefined;
    const when = parseWhen(text, new Date().toISOString());
    const reason = askReason(`extend ${state.open.phase.title}`);
    if (reason === null) return undefined;
    return tell(host().extend(when, state.open.phase.id, reason));
  });
}

export function undoLastPhase(): RunReport | undefined {
  return guarded(() => {
    const state = host().status();
    const last = state?.closed[state.closed.length - 1];
    if (!last) throw new Error('No phase has closed yet: there is nothing to undo.');
    const text = promptText(
      'Undo last phase',
      `This reopens ${last.phase.title}. Everything sent stays in the log; players may send again, and the last valid answer counts.\nReopen it until: +2h, +1d, or a time with its zone such as 2026-11-24T20:00Z.`,
    );
    if (text === null) return undefined;
    const when = parseWhen(text, new Date().toISOString());
    const reason = askReason(`reopen ${last.phase.title}`);
    if (reason === null) return undefined;
    return tell(host().undo(when, last.phase.id, reason));
  });
}

export function answerHostDecision(): RunReport | undefined {
  return guarded(() => {
    const state = host().status();
    const request = state?.pending[0];
    if (!request) throw new Error('No host decision is pending.');
    const text = promptText('Answer a host decision', `${request.question}\nChoices: ${request.choices.join(', ')}`);
    if (text === null) return undefined;
    const reason = askReason('this choice');
    if (reason === null) return undefined;
    return tell(host().decide(request.id, text, reason));
  });
}

/**
 * Correct a player's email…: for a player whose answers are refused because the address the host
 * typed is not the Google account they answer from. Logged; replay judges by it from the open
 * phase on.
 */
export function correctPlayerEmail(): RunReport | undefined {
  return guarded(() => {
    const links = host().links();
    const list = links.players.map((p) => `${p.name}: ${p.email}`).join('\n');
    const text = promptText(
      "Correct a player's email",
      `Which player, and the email of the Google account they answer from? For example: Ann ann.lee@gmail.com\nFrom the open phase on, only that account's answers count for them (a phase already over keeps its results).\n\n${list}`,
    );
    if (text === null) return;
    const words = text.trim().split(/\s+/);
    if (words.length < 2) throw new Error(`Write the player's name, then the email, such as: Ann ann.lee@gmail.com`);
    const email = words[words.length - 1];
    const reason = askReason(`correct ${words.slice(0, -1).join(' ')}'s email`);
    if (reason === null) return undefined;
    return tell(host().correctEmail(words.slice(0, -1).join(' '), email, reason));
  });
}

/**
 * Discord webhook…: the URL of a Discord channel's webhook (kept in the script properties, never
 * in a sheet or the match file), or nothing to stop posting.
 */
export function discordWebhook(): void {
  guarded(() => {
    const text = promptText(
      'Discord webhook',
      "Paste the webhook URL of the Discord channel to announce in (Discord: Server Settings → Integrations → Webhooks → Copy Webhook URL), or leave it empty to stop posting.\nEach result and each reminder is posted there, with the spectators' link; anyone holding the URL can post in that channel, so it is kept in this script's properties only.",
    );
    if (text === null) return;
    ui().alert(MENU, host().setDiscordWebhook(text), ui().ButtonSet.OK);
  });
}

export function exportMatchFile(): string {
  const text = host().exportText();
  const body = `<p>The whole match as a match file. Save it and replay it anywhere: <code>npx genius-host replay match.json</code>.</p>
<p><a download="match.json" href="data:application/json;charset=utf-8,${encodeURIComponent(text)}">Download match.json</a></p>
<textarea readonly style="width:100%;height:300px;font-family:monospace;font-size:11px">${escapeHtml(text)}</textarea>`;
  dialog('Export match file', body, 440);
  return text;
}

export function showHelp(): void {
  let links: string;
  try {
    const l = host().links();
    links = `<h3>Links</h3><p>Spectators: <a href="${escapeHtml(l.spectators)}" target="_blank">${escapeHtml(l.spectators)}</a>${l.note ? `<br>${escapeHtml(l.note)}` : ''}<br>Seed commitment (SHA-256 of the seed): ${escapeHtml(l.commitment)}</p>${l.warnings.length > 0 ? `<h3>Warnings</h3>${l.warnings.map((w) => `<p>${escapeHtml(w)}</p>`).join('')}` : ''}
<table>${l.players.map((p) => `<tr><td>${escapeHtml(p.name)}</td><td><a href="${escapeHtml(p.form)}" target="_blank">form</a></td><td><a href="${escapeHtml(p.sheet)}" target="_blank">sheet</a></td></tr>`).join('')}</table>`;
  } catch {
    links = '<p>No match yet: start one with New match….</p>';
  }
  dialog(
    'Genius Host: help',
    `<p><b>New match…</b> sets up a match: a form and a private sheet per player, a shared sheet, and its triggers (on each form response and each edit of a public row, and clock triggers that run when something is due: around each deadline, every minute).</p>
<p><b>Resolve overdue now</b> does at once what the clock triggers do: collects answers, closes any phase whose deadline passed, and updates every sheet and form.</p>
<p><b>Set up genius-host…</b> (until it is done, in a fresh copy of the template) runs Check this account…, asks whether your account is personal or Google Workspace and offers a rehearsal. <b>About genius-host</b> tells which version and build this spreadsheet's script is, and where the host guide is.</p>
<p><b>Check this account…</b> tries, on throwaway files it removes, everything a match needs of your account (publishing, sharing, forms kept to one player, triggers) and says what works, what is refused and what the match does instead.</p>
<p><b>Re-render</b> rewrites every sheet and form from the log. <b>Extend deadline…</b> moves the open phase's deadline. <b>Answer a host decision…</b> records your choice where the rules leave one to you. <b>Undo last phase</b> reopens the phase that closed last. <b>Pause the match</b> stops the clock (nothing closes, the forms say the match is paused) until <b>Resume the match</b>, which moves every deadline by the time paused. <b>Correct a player's email…</b> sets the Google account a player's form answers must come from, when the address you typed is not the one they answer with (Gmail addresses match whatever their dots, case or googlemail.com). <b>Export match file</b> gives the whole match as a file that replays anywhere. <b>Discord webhook…</b> posts each result and each reminder to a Discord channel (paste its webhook URL; empty stops it). Players who have not answered get an email before each deadline (60 and 10 minutes before for phases over two hours, 5 minutes before for shorter ones).</p>${links}`,
  );
}

/** Check this account…: what this account allows, tried on throwaway files (check.ts), in a dialog. */
export function checkThisAccount(): AccountCheck {
  const report = checkAccount();
  const row = (cells: string[]) =>
    `<tr>${cells.map((c) => `<td style="vertical-align:top;padding:2px 6px;overflow-wrap:anywhere">${c}</td>`).join('')}</tr>`;
  const items = report.items
    .map((i) =>
      row([
        escapeHtml(i.item),
        i.works ? '<b style="color:#188038">works</b>' : '<b style="color:#c5221f">refused</b>',
        escapeHtml(i.detail) + (i.instead ? `<br><i>${escapeHtml(i.instead)}</i>` : ''),
      ]),
    )
    .join('');
  const games = report.games
    .map((g) =>
      row([
        escapeHtml(g.title),
        `${g.players} players`,
        `about ${g.minutesPerDay} min a day`,
        g.fits
          ? 'fits'
          : `<b style="color:#c5221f">over your ${report.dailyTriggerMinutes} min</b>: longer phases, fewer players, or a Workspace account`,
      ]),
    )
    .join('');
  dialog(
    'Check this account',
    `<p>Tried on throwaway files as <b>${escapeHtml(report.account || 'this account')}</b>, then removed them.</p>
<table style="width:100%;table-layout:fixed"><colgroup><col style="width:32%"><col style="width:5em"><col></colgroup>${items}</table>
<h3>Daily trigger time</h3><p>${accountKindLine(report)} What a match of each game at its largest is expected to use at most, a phase a day (the add-on's cost model; the New match… sidebar projects the match you set up, with its own phase lengths):</p>
<table>${games}</table>
${report.leftovers.length > 0 ? `<p><b>Not removed</b> (delete by hand): ${report.leftovers.map(escapeHtml).join('<br>')}</p>` : '<p>Every throwaway file was removed.</p>'}`,
    560,
  );
  return report;
}

/** What Check this account… says of the day's trigger time: Google does not tell which kind of account this is. */
function accountKindLine(report: AccountCheck): string {
  const minutes =
    report.kind === 'personal' ? 'a personal Google account: 90 minutes' : 'a Google Workspace account: 6 hours';
  const told = report.kindSaid
    ? `You said this is ${minutes} of trigger time a day (Google does not tell the add-on which kind it is; change it in <b>New match…</b>).`
    : `Google does not tell the add-on whether this is a personal or a Workspace account (a personal account can have any address). You have not said yet, so this counts as ${minutes} of trigger time a day, the smaller; say which in <b>New match…</b>.`;
  return told;
}

/** The throwaway trigger Check this account… installs and deletes at once; it never needs to run. */
export function checkAccountTrigger(): void {}

// ── Triggers ────────────────────────────────────────────────────────────────────────────────

/** The hourly clock trigger: the safety net (src/triggers/schedule/clock-triggers.ts). */
export function onTick(): RunReport {
  return rehearsed('other', host(), (h) => h.run('tick'));
}

/** The one-shot clock trigger armed for the next moment something is due (src/triggers/schedule/clock-triggers.ts). */
export function onWake(): RunReport {
  return rehearsed('wake', host(), (h) => h.run('tick', { woken: true }));
}

/** The one-shot trigger a rehearsal arms from inside a trigger's execution (rehearsal.ts): notes that it fired. */
export function rehearsalChain(): void {
  chainFired();
}

/** The minute clock trigger, around a deadline only (src/triggers/schedule/clock-triggers.ts). */
export function onMinute(): RunReport {
  return rehearsed('minute', host(), (h) => h.run('tick'));
}

/**
 * The host spreadsheet's form-submit trigger (every player's form sends its responses here). The
 * event's range is the response's row in the form's own responses tab, whose form names the one
 * form to read (Sheet.getFormUrl); without it, every form that may hold an answer is read.
 */
export function onFormSubmitted(e?: GoogleAppsScript.Events.SheetsOnFormSubmit): RunReport {
  let formUrl: string | undefined;
  try {
    formUrl = e?.range?.getSheet().getFormUrl() ?? undefined;
  } catch {
    formUrl = undefined;
  }
  return rehearsed(
    'submit',
    host(),
    (h) => h.run('answer', { formUrl }),
    () => responseTime(e),
  );
}

/**
 * The shared sheet's edit trigger: records a person's edit of the answers tab with the time this
 * execution started, after the edit (the event has no time: docs/google.md), for the next tick.
 * Nothing else: no lock, no log (edits.ts).
 *
 * The edited file is the range's own spreadsheet. Never `e.source`: Google's event reference gives
 * it as the spreadsheet the script is bound to (the host's), even for this trigger, installed on
 * the shared sheet (docs/google.md, "Event objects").
 */
export function onRowEdited(e: GoogleAppsScript.Events.SheetsOnEdit): void {
  const at = new Date().toISOString();
  const ports = appsScriptPorts();
  if (!recordRowEdit(ports, e, at)) return;
  // A rehearsal watches the match: the execution's state says so, read from the copy of the
  // properties wakeSoon has just read (no read more for a match no rehearsal watches).
  const ctx = hostContext(ports);
  if (ctx.pointers.state().rehearsal) rehearsalEdit(e, at, ctx);
}

/**
 * Who made the edit, as the event's `user` tells: an address, or '' when Google does not say (it
 * names only the trigger's owner, or someone of the same Workspace domain: docs/google.md).
 */
function editorOf(e: GoogleAppsScript.Events.SheetsOnEdit): string {
  try {
    return e.user?.getEmail() ?? '';
  } catch {
    return '';
  }
}

/** The edit of the shared sheet's answers tab, recorded for the next tick, which it wakes; false for any other edit. */
function recordRowEdit(ports: HostPorts, e: GoogleAppsScript.Events.SheetsOnEdit, at: string): boolean {
  if (!e?.range || !isSharedSheet(ports.store, e.range.getSheet().getParent().getId())) return false;
  const range = e.range;
  const single = range.getNumRows() === 1 && range.getNumColumns() === 1;
  // One cell: its new value is in the event. A paste or a cleared cell: the range read now,
  // stamped when read (a value read later than the edit is never stamped earlier than the read).
  let values: string[][];
  let when = at;
  if (single && typeof e.value === 'string') values = [[e.value]];
  else {
    values = range.getValues().map((row) => row.map((v) => (v === null || v === undefined ? '' : String(v))));
    when = new Date().toISOString();
  }
  const edit = {
    tab: range.getSheet().getName(),
    row: range.getRow(),
    column: range.getColumn(),
    values,
    by: editorOf(e),
  };
  // The next execution soon, to log it (no minute tick runs at rest: src/triggers/schedule/clock-triggers.ts).
  if (!recordEdit(ports, when, edit)) return false;
  wakeSoon(hostContext(ports));
  return true;
}
