// Set up genius-host…: the first thing a host does in a fresh copy of the template. The menu shows
// it until the setup is done (main.ts, onOpen). Its dialog (setup.html) runs after Google's
// authorisation: a menu item is the first thing that may ask for it, since onOpen runs as a simple
// trigger, which Google runs without authorisation and which can make no installable trigger. The
// dialog runs Check this account…, asks personal or Workspace (account-kind.ts keeps the answer:
// never guessed from the address) and offers the rehearsal. Done is a document property of the
// host spreadsheet, apart from any match's keys.
/// <reference types="google-apps-script" />

import { GAME_LIST, REHEARSAL_GAME } from '../engine/index.js';
import { about } from './about.js';
import { type AccountCheck, checkAccount } from './check.js';
import { sayAccountKind, saidAccountKind } from './account-kind.js';
import type { AccountKind } from '../triggers/schedule/trigger-time.js';

const SETUP_PROPERTY = 'genius-host-setup';

/**
 * Whether the host finished the setup in this spreadsheet. onOpen asks it as a simple trigger
 * (AuthMode.LIMITED in a bound script, where the document properties can be read); where they
 * cannot, the setup counts as not done, which only adds its menu item.
 */
export function setupDone(): boolean {
  try {
    return PropertiesService.getDocumentProperties().getProperty(SETUP_PROPERTY) !== null;
  } catch {
    return false;
  }
}

/** The games a rehearsal can be of, and the one it is of unless the host chooses (the registry's). */
interface RehearsalChoice {
  readonly games: readonly { readonly id: string; readonly title: string }[];
  readonly game: string;
}

/** What the setup dialog draws first: the kind of account said before (null: ask), the version, whether it is done, the rehearsal's games. */
export function setupState(): {
  kind: AccountKind | null;
  done: boolean;
  version: string;
  build: string;
  rehearsal: RehearsalChoice;
} {
  const { version, build } = about();
  const rehearsal = { games: GAME_LIST.map((g) => ({ id: g.id, title: g.title })), game: REHEARSAL_GAME.id };
  return { kind: saidAccountKind(), done: setupDone(), version, build, rehearsal };
}

/** The dialog's last step: the host's kind of account kept, and the setup marked done (with the build it was done on). */
export function finishSetup(kind: unknown): { kind: AccountKind; done: true } {
  const said = sayAccountKind(kind);
  const { version, build } = about();
  PropertiesService.getDocumentProperties().setProperty(
    SETUP_PROPERTY,
    JSON.stringify({ at: new Date().toISOString(), version, build }),
  );
  return { kind: said, done: true };
}

/** The dialog's check: Check this account… itself (check.ts), its report drawn in the dialog rather than its own. */
export function setupCheckAccount(): AccountCheck {
  return checkAccount();
}
