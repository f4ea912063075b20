// genius-host start SETUP.json --spreadsheet ID: New match… from a machine. The same start as the
// sidebar's (src/triggers/host/start-match.ts through MatchHost), through HostPorts on the REST ports
// (src/node/host-ports.ts with src/node/rest-forms.ts and files.ts): the same validation, the same
// answer, and a second run goes on where a refused or failed run stopped (everything made is
// recorded in the match's store, the host spreadsheet's store tab, as soon as it exists). The match
// is the machine's from the start: genius-host host runs it.

import { randomUUID } from 'node:crypto';
import type { GoogleCalls } from '../node/bridge.js';
import { GoogleError } from '../node/bridge.js';
import { type MachineParts, machinePorts } from '../node/host-ports.js';
import { mayPass } from '../node/refusal.js';
import { gameById } from '../engine/index.js';
import { inert, mention } from '../engine/core/quote.js';
import { elsewhereMessage } from '../triggers/saved/runner.js';
import {
  type Links,
  MatchHost,
  type MatchSetup,
  type StartResult,
  validateSetup,
} from '../triggers/host/match-host.js';
import { MatchLog } from '../triggers/saved/match-log.js';
import { KEY } from '../triggers/saved/pointers.js';
import { InputError, closest } from '../node/errors.js';
import { parseJsonFile, readTextFile } from '../node/json-text.js';

/** Start calls one run may make: the sidebar calls again while the answer says `more` (five players a call, then the log, then the first drawing). */
const MOST_START_CALLS = 40;

export interface StartCommand {
  readonly file: string;
  readonly spreadsheet: string;
  readonly google: GoogleCalls;
  readonly parts: (google: GoogleCalls) => MachineParts;
  readonly out: (text: string) => void;
  readonly log: (line: string) => void;
}

/** Every field of a setup, kept in step with MatchSetup by the compiler. */
const SETUP_FIELD_SET = {
  game: true,
  seed: true,
  players: true,
  startAt: true,
  timeZone: true,
  minutes: true,
  closeAt: true,
  deadlines: true,
  closeWhenReady: true,
  reminders: true,
  notices: true,
  options: true,
  optionTexts: true,
  guardrails: true,
  publish: true,
  anonymous: true,
  season: true,
} satisfies Record<keyof MatchSetup, true>;
const SETUP_FIELDS: readonly string[] = Object.keys(SETUP_FIELD_SET);

/** The setup file: the sidebar's setup object as JSON (docs/machine-host.md: Starting a match from a machine). */
function readSetup(file: string): MatchSetup {
  const { text, name } = readTextFile(file, 'not a setup file');
  const setup = parseJsonFile(text, name);
  if (setup === null || typeof setup !== 'object' || Array.isArray(setup))
    throw new InputError(`${file}: a setup is a JSON object ({ "game": …, "players": […], "startAt": … })`);
  // A field the setup does not have was meant as one it has (`plyers`), or is a mistake: never ignored.
  const unknown = Object.keys(setup).find((key) => !SETUP_FIELDS.includes(key));
  if (unknown !== undefined) {
    const meant = closest(unknown, SETUP_FIELDS);
    throw new InputError(
      `${file}: unknown field ${mention(unknown)}${meant ? `; did you mean ${meant}?` : ` (a setup has ${SETUP_FIELDS.join(', ')})`}`,
    );
  }
  // The fields' values are checked by validateSetup, as the sidebar's own object is (src/triggers/host/match-setup.ts).
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- its keys are checked just above
  return setup as MatchSetup;
}

/** The setup's refusals as one line, each naming its field as the sidebar marks it. */
function refusalLine(file: string, result: Extract<StartResult, { errors: readonly unknown[] }>): string {
  return `${file}: ${result.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ')}`;
}

/** The sidebar's answer, as text: every link, and every warning with what to do. */
function linksText(links: Links, spreadsheet: string): string {
  const lines = [
    `Host spreadsheet: ${links.host}`,
    `Shared sheet (players' public answers): ${links.shared}`,
    `Spectators: ${links.spectators}${links.published ? ' (published to the web)' : ''}`,
    'Players (send each their own links privately):',
    ...links.players.map((p) => `  ${inert(p.name)} <${p.email}>: form ${p.form} ; sheet ${p.sheet}`),
    ...(links.warnings.length > 0 ? ['Warnings:', ...links.warnings.map((w) => `  - ${inert(w)}`)] : []),
    `Host it from this machine: genius-host host --spreadsheet ${spreadsheet} --every 60s (docs/machine-host.md: Hosting from a machine)`,
  ];
  return `${lines.join('\n')}\n`;
}

/** Starts the match of `file` in the host spreadsheet; exit status 0 when it runs. */
export function startOnSpreadsheet({ file, spreadsheet, google, parts, out, log }: StartCommand): number {
  const setup = readSetup(file);
  const seed = typeof setup.seed === 'string' && setup.seed.trim() !== '' ? setup.seed.trim() : randomUUID();
  // The setup's own mistakes, before any call to Google.
  const checked = validateSetup(setup, seed, new Date().toISOString());
  if (!checked.ok) throw new InputError(refusalLine(file, { ok: false, errors: checked.error }));
  const { ports, store } = machinePorts(google, spreadsheet, parts(google));
  try {
    claimForMachine(ports.files.host(), store);
    const host = new MatchHost(ports);
    let result = host.start(setup, seed);
    for (let calls = 1; !result.ok && 'more' in result; calls += 1) {
      if (calls === MOST_START_CALLS)
        throw new Error(`the start did not finish in ${MOST_START_CALLS} steps (${result.progress})`);
      log(result.progress);
      result = host.start(setup, seed);
    }
    if (!result.ok) throw new InputError(refusalLine(file, result));
    ports.flush();
    out(
      `${gameById(checked.value.game).title}: the match is running${result.report.open ? ` (open: ${result.report.open})` : ''}.\n${linksText(result.links, spreadsheet)}`,
    );
    return 0;
  } catch (error) {
    // A mistake of the setup or the spreadsheet, or a credential or access Google refused, is its own line.
    const passing = error instanceof GoogleError && error.call?.credential !== true && mayPass(error);
    if (error instanceof InputError && !passing) throw error;
    // As the sidebar answers a failed call part-way (src/addon/main.ts startMatch).
    const message = error instanceof Error ? error.message : String(error);
    throw new InputError(
      `Setting up the match stopped part-way (${message}). Run the same command again: it goes on from where it stopped, with the same forms and sheets.`,
    );
  }
}

/**
 * Makes the match the machine's (its store names the machine: genius-host host runs it, and the
 * add-on's leftover triggers do nothing). A spreadsheet whose log holds a match that the store
 * does not name the machine's is Apps Script's: refused, with what to press.
 */
function claimForMachine(
  host: ConstructorParameters<typeof MatchLog>[0],
  store: { get(key: string): string | null; set(key: string, value: string): void },
): void {
  if (store.get(KEY.runner) === 'machine') return;
  if (new MatchLog(host).exists()) throw new InputError(`spreadsheet ${host.id}: ${elsewhereMessage('apps-script')}`);
  store.set(KEY.runner, 'machine');
}
