// The menu's questions for the host's guardrailed actions (README "Guardrails"): the reason every
// host action asks for (shown to everyone on the Host actions list), and Substitute a player….
/// <reference types="google-apps-script" />

import { errorText } from '../engine/core/redact.js';
import { MatchHost, type RunReport } from '../triggers/host.js';
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

function reportLine(report: RunReport): string {
  if (!report.ran)
    return 'Another genius-host execution is running; it does the same work. Try again in a minute if needed.';
  return `${report.open ? `Open now: ${report.open}.` : 'The match is over.'} Logged ${report.logged} new entr${report.logged === 1 ? 'y' : 'ies'}.`;
}

/**
 * Substitute a player…: the seat of a player who drops out passes to a new person (name and Google
 * account) from now on; the seat keeps its score, garnets, history and team (MatchHost.substitute).
 */
export function substitutePlayer(): void {
  try {
    const host = new MatchHost(appsScriptPorts());
    const links = host.links();
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
    ui().alert(MENU, reportLine(host.substitute(parts[0], parts[1], parts[2], reason)), ui().ButtonSet.OK);
  } catch (error) {
    ui().alert(MENU, errorText(error), ui().ButtonSet.OK);
  }
}
