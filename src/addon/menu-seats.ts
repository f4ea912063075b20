// The menu's host actions with guardrails (README "Guardrails and host actions"): the reason every
// host action asks for (shown to everyone on the Host actions list), Pause and Resume the match, and
// Substitute a player…; and the one-line summary of what a menu action did.
/// <reference types="google-apps-script" />

import { errorText } from '../engine/core/redact.js';
import { MatchHost, type RunReport } from '../triggers/host/match-host.js';
import { appsScriptPorts } from './services.js';

const MENU = 'Genius Host';

function ui(): GoogleAppsScript.Base.Ui {
  return SpreadsheetApp.getUi();
}

/**
 * Asks the host why (`what`: "extend Round 2"), or null when the host cancels. The answer is
 * player-visible text: the Host actions list writes it as text, never as a formula.
 */
export function askReason(what: string): string | null {
  const answer = ui().prompt(
    `Why ${what}?`,
    'Everyone reads your reason on the Host actions list of the spectators\u2019 sheet and in the next Discord post (one line; it may be left empty).',
    ui().ButtonSet.OK_CANCEL,
  );
  return answer.getSelectedButton() === ui().Button.OK ? answer.getResponseText() : null;
}

/** What a menu action did, in one line for the host. */
export function summary(report: RunReport): string {
  if (!report.ran)
    return 'Another genius-host execution is running; it does the same work. Try again in a minute if needed.';
  const phase = report.open ? `Open now: ${report.open}.` : 'The match is over.';
  return `${phase} Logged ${report.logged} new entr${report.logged === 1 ? 'y' : 'ies'}; wrote ${report.writes.length} time${report.writes.length === 1 ? '' : 's'} to Sheets; updated ${report.formsUpdated} form${report.formsUpdated === 1 ? '' : 's'}.`;
}

/** Runs a menu action, showing its error to the host instead of a stack trace. */
function guarded(action: () => void): void {
  try {
    action();
  } catch (error) {
    ui().alert(MENU, errorText(error), ui().ButtonSet.OK);
  }
}

function host(): MatchHost {
  return new MatchHost(appsScriptPorts());
}

/** Pause the match: nothing closes and the forms say so until Resume (logged; see MatchHost.pause). */
export function pauseMatch(): void {
  guarded(() => {
    const answer = ui().alert(
      'Pause the match',
      'Pause now? Nothing closes and every form says the match is paused until you choose Resume the match; then every deadline not yet passed moves by the time paused. Anything players send meanwhile is logged and refused.',
      ui().ButtonSet.OK_CANCEL,
    );
    if (answer !== ui().Button.OK) return;
    const reason = askReason('pause the match');
    if (reason === null) return;
    ui().alert(MENU, summary(host().pause(reason)), ui().ButtonSet.OK);
  });
}

/** Resume the match: the deadlines move by the time paused and the forms open again (logged; see MatchHost.resume). */
export function resumeMatch(): void {
  guarded(() => {
    const reason = askReason('resume the match');
    if (reason !== null) ui().alert(MENU, summary(host().resume(reason)), ui().ButtonSet.OK);
  });
}

/**
 * Substitute a player…: the seat of a player who drops out passes to a new person (name and Google
 * account) from now on; the seat keeps its score, garnets, history and team (MatchHost.substitute).
 */
export function substitutePlayer(): void {
  guarded(() => {
    const links = host().links();
    const list = links.players.map((p) => p.name).join(', ');
    const answer = ui().prompt(
      'Substitute a player',
      `Whose seat, the substitute's name, and the email of their Google account, separated by commas. For example: Bob, Ann Lee, ann.lee@gmail.com\nFrom now on only that account answers for the seat; the old account loses the form, the private sheet and the row. The seat keeps its score, garnets, history and team.\n\nSeats: ${list}`,
      ui().ButtonSet.OK_CANCEL,
    );
    if (answer.getSelectedButton() !== ui().Button.OK) return;
    const parts = answer
      .getResponseText()
      .split(',')
      .map((part) => part.trim());
    if (parts.length !== 3 || parts.some((part) => part === ''))
      throw new Error(
        'Write the seat, the new name and the email, separated by commas, such as: Bob, Ann Lee, ann.lee@gmail.com',
      );
    const reason = askReason(`give ${parts[0]}'s seat to ${parts[1]}`);
    if (reason === null) return;
    ui().alert(MENU, summary(host().substitute(parts[0], parts[1], parts[2], reason)), ui().ButtonSet.OK);
  });
}
