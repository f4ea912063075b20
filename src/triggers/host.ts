// Running a match: written once against the ports (ports.ts), so the add-on and the tests run the
// same code. Every execution (the minute tick, a form submission, a menu item) does the same thing
// under the document lock:
//
//   1. read the log (the match file) and collect what is new: form responses not yet logged (a
//      tick reads the forms only every few minutes: see formsDue), and changed public rows;
//   2. replay as of now: whatever phase is overdue closes, by the deadlines and the submissions'
//      own times, so a late, doubled or missed trigger changes nothing;
//   3. if a form must change (a phase closed), stop it accepting and read it once more, so nothing
//      sent before the change is lost or credited to the wrong phase;
//   4. append the new entries to the log (the log first: it is the truth);
//   5. render each spreadsheet whose view changed, one batchUpdate each;
//   6. show each form the questions of the open phase, and reset the public rows;
//   7. flush.

import type { Decision, MatchEvent, PhaseSpec, Submission } from '../engine/core/game.js';
import { fingerprint } from '../engine/core/hash.js';
import type { Audience, View } from '../engine/core/view.js';
import { type MatchFile, type ReplayResult, loadMatch, replayMatch, stringifyMatchFile, viewFor } from '../engine/index.js';
import { GAMES } from '../engine/games/index.js';
import { type FormSpec, answersFromItems, formSpecFor } from '../forms/index.js';
import type { Request } from '../sheets/api.js';
import { renderRequests, utf8Length } from '../sheets/index.js';
import { type LogEntry, MatchLog } from './log.js';
import type { FormParts, FormRef, HostPorts, Spreadsheet } from './ports.js';
import { ANSWERS_TAB, type RowsPointer, answersTabRequests, readAnswersTab, rowAnswers, rowStamp, rowsSetupFor, showsSetup } from './rows.js';

const LOCK_WAIT_MS = 30_000;
export const LINKS_TAB = 'Links';

/** What the sidebar sends to start a match. */
export interface MatchSetup {
  readonly game: string;
  readonly seed?: string;
  readonly players: readonly { readonly id?: string; readonly name: string; readonly email?: string; readonly garnets?: number }[];
  readonly startAt: string;
  readonly timeZone?: string;
  /** Phase lengths in minutes: `default`, or by kind (`round`, `plans`, …) or phase id. */
  readonly minutes?: Readonly<Record<string, number>>;
  /** Explicit deadlines by phase id (ISO). */
  readonly deadlines?: Readonly<Record<string, string>>;
  readonly options?: Readonly<Record<string, unknown>>;
}

export interface FieldError {
  /** A match-file path (`players[1].name`, `schedule.minutes.round`, `startAt`), or '' for the whole form. */
  readonly field: string;
  readonly message: string;
}

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
  readonly published: boolean;
  readonly note?: string;
  readonly players: readonly PlayerLinks[];
}

export type StartResult =
  | { readonly ok: true; readonly links: Links; readonly report: RunReport }
  | { readonly ok: false; readonly errors: readonly FieldError[] }
  /** Set up part of the way: call start again with the same setup to go on (the sidebar does). */
  | { readonly ok: false; readonly more: true; readonly progress: string };

/** One spreadsheet write. */
export interface WriteReport {
  readonly target: string;
  readonly requests: number;
  readonly bytes: number;
}

export interface RunReport {
  /** False when another execution held the lock: it (or the next tick) does the work. */
  readonly ran: boolean;
  readonly logged: number;
  readonly open: string | null;
  readonly over: boolean;
  /** Every Sheets write of this execution, the log's first. */
  readonly writes: readonly WriteReport[];
  readonly formsUpdated: number;
}

/** When the forms were last all read, and the last ask for reading that read answered. */
interface PolledPointer { readonly at: string; readonly ask: string }
/**
 * Until when a tick has nothing to do (no deadline, no phase opening, no form reading due, no
 * public rows to read, nothing left half-done), as long as no form answer has asked since (`ask`).
 */
interface QuietPointer { readonly until: string; readonly ask: string; readonly open: string | null }
/** A start under way: which setup (a fingerprint of what the host chose). */
interface StartProgress { readonly setup: string }
/** A player's pointer while the start makes their files: what exists so far, and whom each file is shared with. */
interface StartedPlayer { readonly form?: FormRef; readonly sheet?: { readonly id: string; readonly url: string }; readonly shares?: readonly string[] }
interface SharedPointer { readonly id: string; readonly url: string; readonly spectators: string; readonly published: boolean; readonly note?: string }
interface PlayerPointer { readonly sheet: { readonly id: string; readonly url: string }; readonly form: FormRef }
/** What a form shows, part by part: fingerprints, to change only what differs (each change is a call to Forms). */
interface FormLayout { readonly title: string; readonly description: string; readonly closedMessage: string; readonly items: readonly ItemLayout[] }
interface ItemLayout { readonly kind: string; readonly title: string; readonly help: string; readonly required: boolean; readonly choices: string; readonly validation: string }
interface FormPointer { readonly phase: string | null; readonly key: string; readonly items: Readonly<Record<string, string>>; readonly layout?: FormLayout }

/** Players whose files one start call makes (see start). */
const PLAYERS_PER_START_CALL = 5;

/** How often a tick reads every form anyway (see formsDue). */
const FORMS_EVERY_MINUTES = 10;

/**
 * How long an execution may have run before it leaves the forms it has not changed yet to the next
 * tick (they stay closed until then: see updateForms). Apps Script stops an execution at 6
 * minutes; changing twenty forms' questions can take several (test/reliability/cost.ts).
 */
const FORMS_TIME_BUDGET_MS = 150_000;

const KEY = {
  polled: 'gh.polled',
  pollAsked: 'gh.poll-asked',
  starting: 'gh.starting',
  /** The setup the match in the log was started with (a fingerprint). */
  setup: 'gh.setup',
  shared: 'gh.shared',
  player: (id: string) => `gh.player.${id}`,
  form: (id: string) => `gh.form.${id}`,
  rows: 'gh.rows',
  rendered: 'gh.rendered',
  seen: 'gh.seen',
  quiet: 'gh.quiet',
};

function errorAt(message: string): FieldError {
  const match = /^([^\s:]+(?:\[\d+\])?(?:[.[][^\s:]*)?): (.*)$/.exec(message);
  return match ? { field: match[1] === '(match' ? '' : match[1], message: match[2] } : { field: '', message };
}

/** Checks a setup as a match file (the same schema), plus what the add-on needs (emails). */
export function validateSetup(setup: MatchSetup, seed: string, now: string): { ok: true; match: MatchFile } | { ok: false; errors: FieldError[] } {
  const players = (setup.players ?? []).map((p, i) => ({
    id: p.id && p.id.trim() !== '' ? p.id.trim() : `p${i + 1}`,
    name: p.name,
    ...(p.email && p.email.trim() !== '' ? { email: p.email.trim() } : {}),
    garnets: p.garnets ?? 0,
  }));
  const file = {
    game: setup.game,
    seed,
    startAt: setup.startAt,
    players,
    options: setup.options ?? {},
    schedule: { timeZone: setup.timeZone || 'UTC', minutes: setup.minutes ?? {}, deadlines: setup.deadlines ?? {} },
    submissions: [],
    decisions: [],
  };
  const loaded = loadMatch(file);
  if (!loaded.ok) return { ok: false, errors: [errorAt(loaded.error)] };
  const missing = players.findIndex((p) => !p.email);
  if (missing >= 0) {
    return { ok: false, errors: [{ field: `players[${missing}].email`, message: `an email is needed: ${players[missing].name}'s form only takes answers from it, and their sheet is shared with it` }] };
  }
  const emails = new Map<string, number>();
  for (const [i, p] of players.entries()) {
    const key = p.email!.toLowerCase();
    if (emails.has(key)) return { ok: false, errors: [{ field: `players[${i}].email`, message: `${p.email} is also players[${emails.get(key)}]'s email; every player needs their own` }] };
    emails.set(key, i);
  }
  const schedule = loaded.value.schedule!;
  if (schedule.minutes.default === undefined && Object.keys(schedule.minutes).length === 0 && Object.keys(schedule.deadlines).length === 0 && loaded.value.game !== 'peg-domain') {
    return { ok: false, errors: [{ field: 'schedule.minutes.default', message: 'give a phase length (or explicit deadlines): the add-on closes each phase at its deadline' }] };
  }
  if (Date.parse(loaded.value.startAt!) < Date.parse(now) - 10 * 60_000) {
    return { ok: false, errors: [{ field: 'startAt', message: 'the start is in the past; choose a time from now on' }] };
  }
  return { ok: true, match: loaded.value };
}


export class MatchHost {
  private readonly log: MatchLog;

  constructor(private readonly ports: HostPorts) {
    this.log = new MatchLog(ports.files.host());
  }

  private getJson<T>(key: string): T | null {
    const text = this.ports.store.get(key);
    return text === null ? null : (JSON.parse(text) as T);
  }

  private setJson(key: string, value: unknown): void {
    this.ports.store.set(key, JSON.stringify(value));
  }

  private withLock<T>(busy: T, work: () => T): T {
    if (!this.ports.lock.tryAcquire(LOCK_WAIT_MS)) return busy;
    try {
      return work();
    } finally {
      this.ports.lock.release();
    }
  }

  // ── Starting ────────────────────────────────────────────────────────────────────────────────

  /**
   * New match…: validates, then creates the shared sheet, the forms and the player sheets, shares
   * them, installs the triggers, and last creates the log: the match exists from then on. Over
   * several calls (the sidebar calls again while the answer says `more`): a few players' files a
   * call, then the log, then the first drawing of every sheet and form, which answers with the
   * links.
   *
   * Any Apps Script call may fail part-way (a quota, a time-out). Everything made is recorded in
   * the store as soon as it exists, so the host pressing Start again with the same setup goes on
   * from there: the same forms and sheets, nobody shared with twice. Nothing made before the log
   * depends on the seed (forms and sheets are blank until the first run), and until the log exists
   * the triggers find no match and do nothing. Pressed again once the match runs (a double
   * click, or a failure after the log was made), it answers with the match's links.
   */
  start(setup: MatchSetup, seed: string): StartResult {
    const checked = validateSetup(setup, seed, this.ports.clock.now());
    if (!checked.ok) return checked;
    const busy: StartResult = { ok: false, errors: [{ field: '', message: 'genius-host is busy with this spreadsheet; try again in a minute' }] };
    return this.withLock<StartResult>(busy, () => {
      // What the host chose, the seed aside (each call without one draws another, and the seed
      // draws what it draws: Paint's teams, Peg Domain's pallets).
      const setupKey = fingerprint(JSON.stringify({ ...setup, seed: undefined }));
      const existing = this.log.read();
      if (existing) {
        const result = replayMatch(existing.match, { now: this.ports.clock.now() });
        if (result.open || result.pending.length > 0) {
          if (this.ports.store.get(KEY.setup) === setupKey) {
            if (this.ports.store.get(KEY.starting) !== null) this.ports.store.remove(KEY.starting);
            return { ok: true, links: this.linksOf(existing.match), report: this.runLocked() };
          }
          return { ok: false, errors: [{ field: '', message: `a ${result.game.title} match is still running in this spreadsheet; finish it first, or start the new match from another spreadsheet` }] };
        }
        this.log.archive(`ended, archived ${this.ports.clock.now().slice(0, 16)}`);
        this.clearPointers();
      }
      // A start that stopped part-way with another setup is left behind (its files stay unused).
      const progress = this.getJson<StartProgress>(KEY.starting);
      const resuming = progress?.setup === setupKey;
      if (progress && progress.setup !== setupKey) this.clearPointers();
      if (!resuming) this.setJson(KEY.starting, { setup: setupKey } satisfies StartProgress);

      const { files, forms } = this.ports;
      const host = files.host();
      const game = GAMES.get(checked.match.game)!;
      if (!this.getJson<SharedPointer>(KEY.shared)) {
        const shared = files.create(`${game.title}: the match (public)`);
        const published = files.publish(shared.id);
        this.setJson(KEY.shared, { id: shared.id, url: shared.url, spectators: published.url, published: published.published, ...(published.note ? { note: published.note } : {}) } satisfies SharedPointer);
      }
      const shared = this.getJson<SharedPointer>(KEY.shared)!;
      const made = (id: string) => this.getJson<StartedPlayer>(KEY.player(id)) ?? {};
      const ready = (id: string) => {
        const p = made(id);
        return p.form !== undefined && p.sheet !== undefined && (p.shares ?? []).includes(p.sheet.id) && (p.shares ?? []).includes(shared.id);
      };
      // A few players' files per execution: making a form, a sheet and two shares is some twenty
      // calls to Google a player, and twenty players in one execution could outlast Apps Script's
      // six minutes. The sidebar calls again until everyone is set up.
      let setUp = 0;
      for (const player of checked.match.players) {
        if (ready(player.id)) continue;
        if (setUp === PLAYERS_PER_START_CALL) {
          const done = checked.match.players.filter((p) => ready(p.id)).length;
          return { ok: false, more: true, progress: `Setting up: ${done} of ${checked.match.players.length} players' forms and sheets made` };
        }
        setUp += 1;
        if (!made(player.id).form) {
          const form = forms.create(`${game.title}: ${player.name}'s answers`, host.id);
          this.setJson(KEY.player(player.id), { ...made(player.id), form } satisfies StartedPlayer);
          this.setJson(KEY.form(form.id), { phase: null, key: '', items: {} } satisfies FormPointer);
        }
        if (!made(player.id).sheet) {
          const sheet = files.create(`${game.title}: ${player.name}'s sheet (private)`);
          this.setJson(KEY.player(player.id), { ...made(player.id), sheet: { id: sheet.id, url: sheet.url } } satisfies StartedPlayer);
        }
        const share = (fileId: string, role: 'reader' | 'writer', message: string) => {
          if (made(player.id).shares?.includes(fileId)) return;
          // Resuming, the share may have happened before its record failed: Drive knows.
          const done = resuming && files.sharedWith(fileId).some((e) => e.toLowerCase() === player.email!.toLowerCase());
          if (!done) files.share(fileId, player.email!, role, message);
          this.setJson(KEY.player(player.id), { ...made(player.id), shares: [...(made(player.id).shares ?? []), fileId] } satisfies StartedPlayer);
        };
        const { sheet, form } = made(player.id);
        share(sheet!.id, 'reader', `Your private sheet for ${game.title}: your view of the match and a receipt for every answer you send. Your form: ${form!.url}`);
        share(shared.id, 'writer', `The shared sheet of ${game.title}. Public answers go in your own row of the tab "${ANSWERS_TAB}"; the rest is read-only.`);
      }
      const match: MatchFile = { ...checked.match, players: checked.match.players.map((p) => ({ ...p, form: made(p.id).form!.id })) };
      this.ports.scheduler.install();
      host.batchUpdate(linksTabRequests(host, this.linksOf(match)));
      // The match exists from here: the triggers run it, and Start answers with its links. The
      // first drawing of every sheet and form is the next call's (or the next tick's) work.
      if (!this.log.exists()) {
        this.ports.store.set(KEY.setup, setupKey);
        this.log.create(match);
      }
      this.ports.store.remove(KEY.starting);
      return { ok: false, more: true, progress: 'Drawing the sheets and forms' };
    });
  }

  /** Forgets the pointers of an earlier match (or of a start left part-way). */
  private clearPointers(): void {
    for (const key of this.ports.store.keys()) if (key.startsWith('gh.')) this.ports.store.remove(key);
  }

  // ── Every execution ─────────────────────────────────────────────────────────────────────────

  /**
   * The body of every trigger and menu item: see the top of this file. `tick`: the minute tick,
   * which reads the forms only when that is due (see formsDue).
   */
  run(options: { force?: boolean; tick?: boolean; answer?: boolean } = {}): RunReport {
    // A form submission first asks for the forms to be read (a counter, written without the
    // lock: it only ever asks for more reading). If this execution cannot wait for the lock, or
    // fails before it has read them, the next tick sees the ask is unanswered and reads them.
    if (options.answer) this.ports.store.set(KEY.pollAsked, String(Number(this.ports.store.get(KEY.pollAsked) ?? '0') + 1));
    // Most ticks of a match have nothing to do: they end here, without the lock or the log (a
    // tick a minute is most of the daily trigger time Apps Script allows; see quietUntil).
    if (options.tick && !options.force) {
      const quiet = this.getJson<QuietPointer>(KEY.quiet);
      if (quiet && Date.parse(this.ports.clock.now()) < Date.parse(quiet.until) && (this.ports.store.get(KEY.pollAsked) ?? '0') === quiet.ask) {
        return { ran: true, logged: 0, open: quiet.open, over: quiet.open === null, writes: [], formsUpdated: 0 };
      }
    }
    return this.withLock<RunReport>({ ran: false, logged: 0, open: null, over: false, writes: [], formsUpdated: 0 }, () => this.runLocked(options));
  }

  /**
   * Whether a tick reads every form. Reading a form is two Forms calls, every minute, for every
   * player: for 12 players the largest part of a tick, and of the daily trigger runtime (90 minutes
   * for a consumer account). A form's answers come in through the form-submit trigger, which reads
   * every form; a deadline closes the forms that change and reads them once more (below). So a
   * tick reads them only to catch a submit trigger that did not fire (every FORMS_EVERY_MINUTES),
   * or did not get to read them (it asked, see run), and every tick while the open phase may end
   * on a move (a Peg Domain turn, where a missed trigger must not cost the next player their time).
   */
  private formsDue(match: MatchFile, now: string): boolean {
    const polled = this.getJson<PolledPointer>(KEY.polled);
    if (polled === null || Date.parse(now) - Date.parse(polled.at) >= FORMS_EVERY_MINUTES * 60_000) return true;
    if ((this.ports.store.get(KEY.pollAsked) ?? '0') !== polled.ask) return true;
    // Replaying only for a game whose phases may end on a move: the others never poll here.
    if (GAMES.get(match.game)?.closesEarly === undefined) return false;
    return replayMatch(match, { now }).open !== null;
  }

  private runLocked(options: { force?: boolean; tick?: boolean; answer?: boolean; entries?: readonly LogEntry[] } = {}): RunReport {
    // The host's menu changes what the ticks must do: they look again until this run says otherwise.
    if (!options.tick && !options.answer && this.ports.store.get(KEY.quiet) !== null) this.ports.store.remove(KEY.quiet);
    const read = this.log.read();
    if (!read) return { ran: true, logged: 0, open: null, over: false, writes: [], formsUpdated: 0 };
    const now = this.ports.clock.now();
    const startedAt = Date.parse(now);
    const entries: LogEntry[] = [];
    let match = read.match;
    const add = (more: readonly LogEntry[]) => {
      entries.push(...more);
      match = withEntries(match, more);
    };
    add(options.entries ?? []);
    const pollForms = options.tick !== true || this.formsDue(match, now);
    // The asks this read answers: those made before it (under the lock, the store is fresh).
    const ask = this.ports.store.get(KEY.pollAsked) ?? '0';
    if (pollForms) add(this.collectForms(match, match.players.map((p) => p.id)));
    const rowsRead = this.collectRows(match, now);
    add(rowsRead.entries);
    let result = replayMatch(match, { now });

    // A form about to change (a new phase, a new deadline) is closed first and read once more, so
    // every response is read with the items it answered and credited to the phase the form showed.
    // Each closed form, with the message it was closed with.
    const closed = new Map<string, string>();
    for (let round = 0; round < 3; round++) {
      const specs = this.formSpecs(result);
      const stale = match.players.filter((p) => !closed.has(p.id) && (options.force === true || this.formPointer(p.form!).key !== fingerprint(JSON.stringify(specs.get(p.id)!))));
      if (stale.length === 0) break;
      for (const player of stale) {
        this.ports.forms.setAccepting(player.form!, false, specs.get(player.id)!.closedMessage);
        closed.set(player.id, specs.get(player.id)!.closedMessage);
      }
      const late = this.collectForms(match, stale.map((p) => p.id));
      if (late.length === 0) break;
      add(late);
      result = replayMatch(match, { now });
    }
    const changing = [...closed];

    const writes: WriteReport[] = [];
    if (entries.length > 0) {
      this.log.append(entries, read.rows);
      writes.push({ target: 'log', requests: 1, bytes: utf8Length(JSON.stringify(entries)) });
    }
    // Only once what the rows said is in the log: an execution that stops before the append
    // must leave the next one the same read time, or a row sent in time would be stamped late.
    if (rowsRead.pointer) this.setJson(KEY.rows, rowsRead.pointer);

    const seen = stateKey(result);
    const rows = this.ports.store.get(KEY.rows) ? this.getJson<RowsPointer>(KEY.rows)! : null;
    const rowsPhase = result.open?.phase.id ?? null;
    const rowsMoved = !rows || rows.phase !== rowsPhase;
    const rowsStale = rowsMoved || options.force === true;
    let formsUpdated = 0;
    let unfinished = false;
    // A form answer's execution acknowledges it in the sender's sheet; while the phase stays
    // where it was, every other sheet (the Status tabs show who has answered) waits for the next
    // tick, which draws all that changed at once: twenty answers in a minute would otherwise be
    // twenty writes to every spreadsheet, far over the Sheets API's 60 writes a minute.
    const seenBefore = this.ports.store.get(KEY.seen);
    const phaseKept = seenBefore !== null && seenBefore.split('|').slice(3).join('|') === seen.split('|').slice(3).join('|');
    const only = options.answer === true && options.force !== true && phaseKept && !rowsStale
      ? new Set<Audience>(entries.filter((e) => e.kind === 'submission').map((e) => `player:${(e.value as Submission).player}` as Audience))
      : null;
    if (options.force || seen !== seenBefore || rowsStale || changing.length > 0) {
      const setup = rowsSetupFor(result.open?.phase ?? null);
      // Before the tab changes, say what it is changing to (see RowsPointer.next).
      if (rowsMoved) this.setJson(KEY.rows, { ...(rows ?? { phase: null, questions: [], readAt: now }), next: setup } satisfies RowsPointer);
      writes.push(...this.render(result, options.force === true, rowsMoved ? 'reset' : rowsStale ? 'keep' : null, only));
      if (rowsStale) this.setJson(KEY.rows, { ...setup, readAt: now } satisfies RowsPointer);
      const forms = this.updateForms(result, this.formSpecs(result), options.force === true, closed, startedAt);
      formsUpdated = forms.updated;
      // Drawn or changed in part: the next execution does the rest.
      if (!only && !forms.pending) this.ports.store.set(KEY.seen, seen);
      else unfinished = true;
    }
    if (pollForms) this.setJson(KEY.polled, { at: now, ask } satisfies PolledPointer);
    const polledAt = pollForms ? now : this.getJson<PolledPointer>(KEY.polled)?.at ?? now;
    const until = unfinished || options.force ? null : this.quietUntil(result, now, polledAt);
    const quiet = until === null ? null : JSON.stringify({ until, ask, open: result.open?.phase.id ?? null } satisfies QuietPointer);
    if (this.ports.store.get(KEY.quiet) !== quiet) {
      if (quiet === null) this.ports.store.remove(KEY.quiet);
      else this.ports.store.set(KEY.quiet, quiet);
    }
    // The writes go through the Sheets API, which needs no flush; flush only if anything was written.
    if (writes.length > 0 || formsUpdated > 0) this.ports.flush();
    return { ran: true, logged: entries.length, open: result.open?.phase.id ?? null, over: result.open === null, writes, formsUpdated };
  }

  /**
   * Until when the ticks have nothing to do after this run, or null when the next must look: the
   * next form reading (see formsDue), the open phase's deadline or the next phase's opening. A
   * phase with public rows is read every tick, and one that may end on a move (a Peg Domain turn)
   * has its forms read every tick.
   */
  private quietUntil(result: ReplayResult, now: string, polledAt: string): string | null {
    const times = [Date.parse(polledAt) + FORMS_EVERY_MINUTES * 60_000];
    const open = result.open;
    if (open) {
      const opensAt = open.timing.opensAt;
      if (opensAt !== undefined && Date.parse(opensAt) > Date.parse(now)) {
        times.push(Date.parse(opensAt));
      } else {
        if (result.game.closesEarly !== undefined) return null;
        if (Object.values(open.phase.questions).some((questions) => questions.some((q) => q.public))) return null;
        if (open.timing.deadline !== undefined) times.push(Date.parse(open.timing.deadline));
      }
    }
    return new Date(Math.min(...times)).toISOString();
  }

  // ── Collecting ──────────────────────────────────────────────────────────────────────────────

  private formPointer(formId: string): FormPointer {
    return this.getJson<FormPointer>(KEY.form(formId)) ?? { phase: null, key: '', items: {} };
  }

  /** New responses of the players' forms, as submissions of the phase each form showed. */
  private collectForms(match: MatchFile, playerIds: readonly string[]): LogEntry[] {
    const logged = new Set(match.submissions.map((s) => s.response).filter((id): id is string => id !== undefined));
    const out: LogEntry[] = [];
    for (const id of playerIds) {
      const player = match.players.find((p) => p.id === id)!;
      const formId = player.form!;
      const pointer = this.formPointer(formId);
      const fresh = this.ports.forms.responses(formId).filter((r) => !logged.has(r.id)).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
      for (const response of fresh) {
        logged.add(response.id);
        const answers = answersFromItems(Object.entries(response.items).map(([itemId, value]) => ({ questionId: pointer.items[itemId] ?? `item ${itemId}`, value })));
        const submission: Submission = {
          phase: pointer.phase ?? '(form closed)',
          player: player.id,
          at: new Date(Date.parse(response.at)).toISOString(),
          answers,
          via: 'form',
          form: formId,
          ...(response.email ? { from: response.email } : {}),
          response: response.id,
        };
        out.push({ kind: 'submission', value: submission });
      }
    }
    return out.sort((a, b) => Date.parse((a.value as Submission).at!) - Date.parse((b.value as Submission).at!));
  }

  /**
   * Changed public rows, as submissions of the phase the rows were set up for, and the pointer
   * with this read's time (the caller stores it once the entries are logged).
   */
  private collectRows(match: MatchFile, now: string): { entries: LogEntry[]; pointer: RowsPointer | null } {
    const rows = this.getJson<RowsPointer>(KEY.rows);
    const shared = this.getJson<SharedPointer>(KEY.shared);
    const setups = rows ? [rows, ...(rows.next ? [rows.next] : [])] : [];
    if (!rows || !shared || setups.every((s) => !s.phase || s.questions.length === 0)) return { entries: [], pointer: null };
    const sheet = this.ports.files.open(shared.id);
    // An execution that stopped before the tab's first write leaves no tab to read.
    if (rows.next && !(sheet.getMetadata().sheets ?? []).some((s) => s.properties?.title === ANSWERS_TAB)) return { entries: [], pointer: null };
    const tab = readAnswersTab(sheet, match.players, Math.max(1, ...setups.map((s) => s.questions.length)));
    // The rows answer the phase the tab shows: the recorded setup, or the one an execution was
    // writing when it stopped (adopted now, so the tab is not cleared again).
    const shown = setups.find((s) => showsSetup(tab.header, s)) ?? rows;
    const pointer: RowsPointer = { phase: shown.phase, questions: shown.questions, ...(shown.header ? { header: shown.header } : {}), readAt: now };
    if (!shown.phase || shown.questions.length === 0) return { entries: [], pointer: shown === rows ? null : pointer };
    // The deadline of the phase the rows show, as the log stood before this read.
    const before = replayMatch(match, { now: shown === rows ? rows.readAt : now });
    const timing = before.open?.phase.id === shown.phase ? before.open.timing : [...before.closed].reverse().find((c) => c.phase.id === shown.phase)?.timing;
    const at = rowStamp(now, rows.readAt, timing?.deadline);
    const out: LogEntry[] = [];
    for (const player of match.players) {
      const row = rowAnswers(tab.rows, player.id, shown.questions);
      const last = [...match.submissions].reverse().find((s) => s.via === 'row' && s.player === player.id && s.phase === shown.phase);
      const previous = Object.fromEntries(shown.questions.map((q) => [q, last ? String(last.answers[q] ?? '') : '']));
      if (shown.questions.every((q) => (row[q] ?? '') === previous[q])) continue;
      out.push({ kind: 'submission', value: { phase: shown.phase, player: player.id, at, answers: row, via: 'row' } });
    }
    return { entries: out, pointer };
  }

  // ── Writing ─────────────────────────────────────────────────────────────────────────────────

  private sheetFor(audience: Audience): Spreadsheet {
    if (audience === 'host') return this.ports.files.host();
    const shared = this.getJson<SharedPointer>(KEY.shared)!;
    if (audience === 'public') return this.ports.files.open(shared.id);
    const player = this.getJson<PlayerPointer>(KEY.player(audience.slice('player:'.length)))!;
    return this.ports.files.open(player.sheet.id);
  }

  /**
   * Renders every view that changed since its last render (or all, with `force`), one
   * batchUpdate per spreadsheet. Paint's team views are not rendered: each player's view already
   * holds their team's information. `rows`: the public answers tab is set up for the open phase
   * (`reset`: cleared for a new phase; `keep`: drawn again, what was typed stays). `only`: just
   * these audiences (a form answer's acknowledgement).
   */
  private render(result: ReplayResult, force: boolean, rows: 'reset' | 'keep' | null, only: ReadonlySet<Audience> | null = null): WriteReport[] {
    const rendered = this.getJson<Record<string, string>>(KEY.rendered) ?? {};
    const audiences = (['host', 'public', ...result.match.players.map((p) => `player:${p.id}`)] as Audience[]).filter((a) => !only || only.has(a));
    const writes: WriteReport[] = [];
    for (const audience of audiences) {
      const view: View = viewFor(result, audience);
      const key = fingerprint(JSON.stringify(view));
      const extra = audience === 'public' && rows !== null;
      if (!force && !extra && rendered[audience] === key) continue;
      const sheet = this.sheetFor(audience);
      const metadata = sheet.getMetadata();
      const requests: Request[] = force || rendered[audience] !== key ? renderRequests(view, metadata, { dropDefaultSheet: audience !== 'host', force }) : [];
      if (extra) requests.push(...answersTabRequests(metadata, result.match.players, result.open?.phase ?? null, rows === 'keep'));
      sheet.batchUpdate(requests);
      rendered[audience] = key;
      writes.push({ target: audience, requests: requests.length, bytes: utf8Length(JSON.stringify({ requests })) });
    }
    this.setJson(KEY.rendered, rendered);
    return writes;
  }

  private formSpecs(result: ReplayResult): Map<string, FormSpec> {
    const shared = this.getJson<SharedPointer>(KEY.shared);
    const timeZone = result.match.schedule?.timeZone ?? 'UTC';
    const deadline = result.open?.timing.deadline ? this.ports.formatTime(result.open.timing.deadline, timeZone) : undefined;
    const over = result.open ? undefined : result.final ? 'The match is over. Thank you for playing!' : 'The match waits on the host\'s decision.';
    const out = new Map<string, FormSpec>();
    for (const player of result.match.players) {
      const pointer = this.getJson<PlayerPointer>(KEY.player(player.id));
      out.set(player.id, formSpecFor(player.id, {
        gameTitle: result.game.title,
        playerName: player.name,
        phase: result.open?.phase ?? null,
        ...(deadline ? { deadline } : {}),
        ...(over ? { over } : {}),
        ...(shared ? { sharedSheetUrl: shared.url } : {}),
        ...(pointer ? { playerSheetUrl: pointer.sheet.url } : {}),
      }));
    }
    return out;
  }

  /** Shows each form its spec where it changed; returns how many forms changed. */
  private updateForms(result: ReplayResult, specs: ReadonlyMap<string, FormSpec>, force: boolean, closed: ReadonlyMap<string, string>, startedAt: number): { updated: number; pending: boolean } {
    let count = 0;
    for (const player of result.match.players) {
      const spec = specs.get(player.id)!;
      const key = fingerprint(JSON.stringify(spec));
      const pointer = this.formPointer(player.form!);
      // A form closed during this execution is shown again even if its questions did not change.
      if (!force && !closed.has(player.id) && pointer.key === key) continue;
      // Late in the execution: the next tick changes the rest (their pointers still differ, and a
      // form closed at the deadline stays closed until then, so no answer is read with stale items).
      if (count > 0 && Date.parse(this.ports.clock.now()) - startedAt > FORMS_TIME_BUDGET_MS) return { updated: count, pending: true };
      // What the form shows already is left alone (Re-render rewrites all of it).
      const shown = force ? undefined : pointer.layout;
      const wanted: FormLayout = {
        title: fingerprint(spec.title),
        description: fingerprint(spec.description),
        closedMessage: fingerprint(spec.closedMessage),
        items: spec.items.map((i) => ({ kind: i.kind, title: fingerprint(i.title), help: fingerprint(i.help), required: i.required, choices: fingerprint(JSON.stringify(i.choices ?? [])), validation: fingerprint(`${i.validation ?? ''}\n${i.validationHelp ?? ''}`) })),
      };
      const same: FormParts = {
        title: shown?.title === wanted.title,
        description: shown?.description === wanted.description,
        closedMessage: closed.has(player.id) ? closed.get(player.id) === spec.closedMessage : shown?.closedMessage === wanted.closedMessage,
        items: Array.isArray(shown?.items) ? shown.items.map((old, i) => {
          const want = wanted.items[i];
          return { kind: old.kind, title: old.title === want?.title, help: old.help === want?.help, required: old.required === want?.required, choices: old.choices === want?.choices, validation: old.validation === want?.validation };
        }) : null,
      };
      // Items about to change in place: the pointer first stops vouching for them, so an execution
      // stopped half-way makes the next one rebuild them rather than trust a stale layout.
      if (same.items && spec.items.length > 0 && same.items.some((p) => !(p.title && p.help && p.required && p.choices && p.validation))) {
        const { layout: _old, ...rest } = pointer;
        this.setJson(KEY.form(player.form!), { ...rest, key: '', ...(pointer.layout ? { layout: { title: pointer.layout.title, description: '', closedMessage: '', items: [] } } : {}) } satisfies FormPointer);
      }
      const items = this.ports.forms.show(player.form!, spec, pointer.items, same);
      // A closed form keeps the questions it had (show() leaves them).
      const layout: FormLayout = { ...wanted, items: spec.items.length > 0 ? wanted.items : pointer.layout?.items ?? [] };
      // The form opens only once the pointer names what it shows (an answer sent before would be
      // read with the old phase's items), and the pointer claims the spec only once the form is
      // open (or the next execution would not open it).
      this.setJson(KEY.form(player.form!), { phase: spec.phase, key: spec.accepting ? '' : key, items, layout } satisfies FormPointer);
      if (spec.accepting) {
        this.ports.forms.setAccepting(player.form!, true);
        this.setJson(KEY.form(player.form!), { phase: spec.phase, key, items, layout } satisfies FormPointer);
      } else if (!closed.has(player.id)) {
        this.ports.forms.setAccepting(player.form!, false);
      }
      count += 1;
    }
    return { updated: count, pending: false };
  }

  // ── The host's menu ─────────────────────────────────────────────────────────────────────────

  private requireMatch(): { match: MatchFile; rows: number } {
    const read = this.log.read();
    if (!read) throw new Error('No match here yet: use Genius Host → New match… first.');
    return read;
  }

  /** The state as of now, after collecting (the same run as a tick). */
  status(): ReplayResult | null {
    const read = this.log.read();
    return read ? replayMatch(read.match, { now: this.ports.clock.now() }) : null;
  }

  /** Resolves what is overdue, then logs the host's entry (built against the match as it stands) and runs again. */
  private logAndRun(build: (result: ReplayResult, now: string) => LogEntry): RunReport {
    const busy: RunReport = { ran: false, logged: 0, open: null, over: false, writes: [], formsUpdated: 0 };
    return this.withLock(busy, () => {
      this.requireMatch();
      this.runLocked();
      const now = this.ports.clock.now();
      const entry = build(replayMatch(this.requireMatch().match, { now }), now);
      return this.runLocked({ entries: [entry] });
    });
  }

  /**
   * Extend deadline…: a new deadline for the open phase. `seen` is the phase the host was shown
   * when asked (the prompt is outside the lock; a tick may close that phase meanwhile): if another
   * phase is open now, nothing changes and the host is told.
   */
  extend(deadline: string, seen?: string): RunReport {
    return this.logAndRun((result, now) => {
      if (seen !== undefined && result.open?.phase.id !== seen) {
        const closed = [...result.closed].reverse().find((c) => c.phase.id === seen);
        const title = closed?.phase.title ?? seen;
        throw new Error(`${title} closed${closed?.timing.deadline ? ` at its deadline ${closed.timing.deadline}` : ''} while you were typing; ${result.open ? `${result.open.phase.title} is open now` : 'no phase is open now'}. Nothing was changed: Undo last phase reopens ${title}, or choose Extend deadline… again.`);
      }
      if (!result.open) throw new Error('No phase is open: there is no deadline to extend.');
      const when = checkTime(deadline);
      if (Date.parse(when) <= Date.parse(now)) throw new Error(`The new deadline ${when} has passed already; give a time after ${now}.`);
      const event: MatchEvent = { type: 'extend', phase: result.open.phase.id, deadline: when, at: now };
      return { kind: 'event', value: event };
    });
  }

  /**
   * Undo last phase: reopens the phase that closed last, until `deadline`. `seen` is the phase
   * the host was offered (see extend): if another phase has closed since, nothing changes.
   */
  undo(deadline: string, seen?: string): RunReport {
    return this.logAndRun((result, now) => {
      const last = result.closed[result.closed.length - 1];
      if (!last) throw new Error('No phase has closed yet: there is nothing to undo.');
      if (seen !== undefined && last.phase.id !== seen) {
        const offered = result.closed.find((c) => c.phase.id === seen)?.phase.title ?? seen;
        throw new Error(`${last.phase.title} has closed too while you were typing, so Undo last phase would now reopen ${last.phase.title}, not ${offered}. Nothing was changed: choose Undo last phase again if that is what you want.`);
      }
      const when = checkTime(deadline);
      if (Date.parse(when) <= Date.parse(now)) throw new Error(`The new deadline ${when} has passed already; give a time after ${now}.`);
      const event: MatchEvent = { type: 'reopen', phase: last.phase.id, deadline: when, at: now };
      return { kind: 'event', value: event };
    });
  }

  /** Answer a host decision…: the host's choice for a pending decision. */
  decide(id: string, choice: string): RunReport {
    return this.logAndRun((result) => {
      const request = result.pending.find((p) => p.id === id);
      if (!request) throw new Error(`No host decision "${id}" is pending${result.pending.length > 0 ? ` (pending: ${result.pending.map((p) => p.id).join(', ')})` : ''}.`);
      const match = request.choices.find((c) => c.toLowerCase() === choice.trim().toLowerCase());
      if (!match) throw new Error(`"${choice}" is not one of ${request.choices.join(', ')}.`);
      const decision: Decision = { id, choice: match };
      return { kind: 'decision', value: decision };
    });
  }

  /** Export match file: the log as a match file (replay it anywhere). */
  exportText(): string {
    return stringifyMatchFile(this.requireMatch().match);
  }

  links(): Links {
    return this.linksOf(this.requireMatch().match);
  }

  private linksOf(match: MatchFile): Links {
    const shared = this.getJson<SharedPointer>(KEY.shared)!;
    return {
      host: this.ports.files.host().url,
      shared: shared.url,
      spectators: shared.spectators,
      published: shared.published,
      ...(shared.note ? { note: shared.note } : {}),
      players: match.players.map((p) => {
        const pointer = this.getJson<PlayerPointer>(KEY.player(p.id))!;
        return { id: p.id, name: p.name, email: p.email ?? '', form: pointer.form.url, sheet: pointer.sheet.url };
      }),
    };
  }
}

function checkTime(text: string): string {
  const ms = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) || Number.isNaN(ms)) throw new Error(`"${text}" is not a time such as 2026-11-24T20:00:00Z`);
  return new Date(ms).toISOString();
}

/** The match with log entries added. */
export function withEntries(match: MatchFile, entries: readonly LogEntry[]): MatchFile {
  if (entries.length === 0) return match;
  const submissions = [...match.submissions];
  const decisions = [...match.decisions];
  const events = [...(match.events ?? [])];
  for (const entry of entries) {
    if (entry.kind === 'submission') submissions.push(entry.value);
    else if (entry.kind === 'decision') decisions.push(entry.value);
    else events.push(entry.value);
  }
  return { ...match, submissions, decisions, ...(events.length > 0 ? { events } : {}) };
}

/** What decides whether anything must be written: the log's size and where the match stands. */
function stateKey(result: ReplayResult): string {
  const m = result.match;
  return [m.submissions.length, m.decisions.length, m.events?.length ?? 0, result.closed.length, result.open?.phase.id ?? '-', result.open?.timing.deadline ?? '-', result.pending.length, result.final ? 'final' : ''].join('|');
}

/** The host's Links tab: every link to post (Discord), in one table. */
function linksTabRequests(host: Spreadsheet, links: Links): Request[] {
  const sheets = host.getMetadata().sheets ?? [];
  const existing = sheets.find((s) => s.properties?.title === LINKS_TAB);
  const taken = new Set(sheets.map((s) => s.properties?.sheetId));
  let sheetId = 0x11b500;
  while (taken.has(sheetId)) sheetId += 1;
  const text = (value: string, bold = false) => ({ userEnteredValue: { stringValue: value }, ...(bold ? { userEnteredFormat: { textFormat: { bold: true } } } : {}) });
  const rows = [
    [text('Links of this match', true)],
    [text('Spectators (post this)', true), text(links.spectators), text(links.published ? 'published to the web, updates automatically' : links.note ?? 'anyone with the link can view')],
    [text('Shared sheet (players edit their row)', true), text(links.shared)],
    [],
    [text('Player', true), text('Email', true), text('Form (send privately)', true), text('Private sheet', true)],
    ...links.players.map((p) => [text(p.name), text(p.email), text(p.form), text(p.sheet)]),
  ];
  const requests: Request[] = [];
  // The links of an earlier match give way to this one's.
  if (existing?.properties?.sheetId !== undefined && existing.properties.sheetId !== null) requests.push({ deleteSheet: { sheetId: existing.properties.sheetId } });
  requests.push({ addSheet: { properties: { sheetId, title: LINKS_TAB, gridProperties: { rowCount: rows.length + 5, columnCount: 4 } } } });
  requests.push({ updateCells: { range: { sheetId, startRowIndex: 0, endRowIndex: rows.length, startColumnIndex: 0, endColumnIndex: 4 }, rows: rows.map((values) => ({ values })), fields: 'userEnteredValue,userEnteredFormat.textFormat' } });
  requests.push({ updateDimensionProperties: { range: { sheetId, dimension: 'COLUMNS', startIndex: 0, endIndex: 4 }, properties: { pixelSize: 260 }, fields: 'pixelSize' } });
  return requests;
}

export type { PhaseSpec };
