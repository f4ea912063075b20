// The Scheduler port (src/triggers/google/ports.ts) on ScriptApp: the add-on's triggers. Every clock
// trigger runs the same work (MatchHost.run('tick')); each kind has its own handler name, since a
// Trigger tells its handler but not its schedule (Class Trigger), so each can be found and removed:
//   - onTick, every hour: the safety net (arming.ts);
//   - onWake, one-shot (`.at(date)`): the next moment something is due;
//   - onMinute, every minute: around a deadline only;
//   - onFormSubmitted and onRowEdited: a form answer, an edit of the shared sheet's answers tab.
// At most five triggers a match, within Google's 20 a user a script (docs/google.md).
/// <reference types="google-apps-script" />

import type { Scheduler } from '../triggers/google/ports.js';

const HANDLER = {
  hourly: 'onTick',
  wake: 'onWake',
  minute: 'onMinute',
  submit: 'onFormSubmitted',
  edit: 'onRowEdited',
} as const;
const HANDLERS: readonly string[] = Object.values(HANDLER);

/** Deletes this project's triggers (the current user's) whose handler is one of `handlers`. */
function removeTriggers(handlers: readonly string[]): void {
  for (const trigger of ScriptApp.getProjectTriggers()) {
    if (handlers.includes(trigger.getHandlerFunction())) ScriptApp.deleteTrigger(trigger);
  }
}

export function appsScriptScheduler(active: () => GoogleAppsScript.Spreadsheet.Spreadsheet): Scheduler {
  return {
    install: (sharedId, everyMinute = false) => {
      removeTriggers(HANDLERS);
      if (everyMinute) ScriptApp.newTrigger(HANDLER.minute).timeBased().everyMinutes(1).create();
      else ScriptApp.newTrigger(HANDLER.hourly).timeBased().everyHours(1).create();
      ScriptApp.newTrigger(HANDLER.submit).forSpreadsheet(active()).onFormSubmit().create();
      // An installable edit trigger on the shared sheet: it runs, as the host, when a person edits
      // it, not when a script or the API writes it ("Installable triggers", docs/google.md).
      ScriptApp.newTrigger(HANDLER.edit).forSpreadsheet(sharedId).onEdit().create();
    },
    remove: () => removeTriggers(HANDLERS),
    stopClock: () => removeTriggers([HANDLER.hourly, HANDLER.wake, HANDLER.minute]),
    wakeAt: (at) => {
      // A one-shot trigger that has run may stay listed (and count toward the 20): removed with the one it replaces.
      removeTriggers([HANDLER.wake]);
      if (at !== null) ScriptApp.newTrigger(HANDLER.wake).timeBased().at(new Date(at)).create();
    },
    everyMinute: (on) => {
      removeTriggers([HANDLER.minute]);
      if (on) ScriptApp.newTrigger(HANDLER.minute).timeBased().everyMinutes(1).create();
    },
  };
}
