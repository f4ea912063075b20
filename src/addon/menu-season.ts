// Next match… and Death match… (docs/season.md, "Starting the next match"): the New match sidebar
// opened filled from the season this spreadsheet keeps (src/triggers/saved/season-logs.ts). Death match… first
// asks for the opponent, whom the season's rules let the elimination candidate (who tells the host)
// or the host choose. The sidebar reads what to fill through its usual defaults call
// (newMatchDefaults), told which by a line of script put before it.
/// <reference types="google-apps-script" />

import { errorText } from '../engine/core/redact.js';
import { opponentQuestion, seasonPrefill } from '../triggers/saved/season-logs.js';
import { appsScriptPorts } from './services.js';

const MENU = 'Genius Host';

/** What the sidebar is asked to fill: the next main match, or the death match against `opponent` (a player id). */
export interface NextAsked {
  readonly kind: 'main' | 'death';
  readonly opponent?: string;
}

function ui(): GoogleAppsScript.Base.Ui {
  return SpreadsheetApp.getUi();
}

function hostSheet() {
  return appsScriptPorts().files.host();
}

/** The sidebar, told what to fill (ids and the kind only: nothing a page could read as markup). */
function openSidebar(next: NextAsked, title: string): void {
  const script = `<script>var GH_NEXT = ${JSON.stringify(next).replace(/</g, '\\u003c')};</script>`;
  const page = HtmlService.createHtmlOutputFromFile('sidebar').getContent().replace('<head>', `<head>\n${script}`);
  ui().showSidebar(HtmlService.createHtmlOutput(page).setTitle(title));
}

function guarded(action: () => void): void {
  try {
    action();
  } catch (error) {
    ui().alert(MENU, errorText(error), ui().ButtonSet.OK);
  }
}

/** Next match…: the season's next main match, everyone still in with the garnets they ended with. */
export function showNextMatch(): void {
  guarded(() => {
    const prefill = seasonPrefill(hostSheet(), 'main');
    if (!prefill.ok) {
      ui().alert(MENU, `Next match: ${prefill.error}.`, ui().ButtonSet.OK);
      return;
    }
    openSidebar({ kind: 'main' }, 'Genius Host: next match');
  });
}

/** Death match…: the opponent asked for, then the sidebar with the candidate and the opponent. */
export function showDeathMatch(): void {
  guarded(() => {
    const sheet = hostSheet();
    const question = opponentQuestion(sheet);
    if (!question.ok) {
      ui().alert(MENU, `Death match: ${question.error}.`, ui().ButtonSet.OK);
      return;
    }
    const { candidate, chooser, choices } = question.value;
    const answer = ui().prompt(
      'Death match: the opponent',
      `${candidate} is the elimination candidate. By the season's rules ${chooser} chooses the opponent, among the players without a Token of Life: ${choices.map((c) => c.name).join(', ')}. Type the name chosen:`,
      ui().ButtonSet.OK_CANCEL,
    );
    if (answer.getSelectedButton() !== ui().Button.OK) return;
    const prefill = seasonPrefill(sheet, 'death', answer.getResponseText());
    if (!prefill.ok) {
      ui().alert(MENU, `Death match: ${prefill.error}.`, ui().ButtonSet.OK);
      return;
    }
    openSidebar({ kind: 'death', opponent: prefill.value.players[1].id }, 'Genius Host: death match');
  });
}
