// New match…: validates the setup, then creates the shared sheet, each player's form and private
// sheet, shares them, installs the triggers, and last creates the log: the match exists from then
// on. Over several calls (the sidebar calls again while the answer says `more`): a few players'
// files a call, then the log, then the first drawing of every sheet and form, which answers with
// the links.
//
// Any Apps Script call may fail part-way (a quota, a time-out). Everything made is recorded in the
// store as soon as it exists, so the host pressing Start again with the same setup goes on from
// there: the same forms and sheets, nobody shared with twice. Nothing made before the log depends
// on the seed (forms and sheets are blank until the first run), and until the log exists the
// triggers find no match and do nothing. Pressed again once the match runs (a double click, or a
// failure after the log was made), it answers with the match's links.

import type { Player } from '../../engine/core/game.js';
import { isNobody, sameAccount } from '../../engine/core/email.js';
import { fingerprint } from '../../engine/core/hash.js';
import type { AnyGame } from '../../engine/core/game.js';
import { type MatchFile, gameById } from '../../engine/index.js';
import { disarmed } from '../schedule/clock-triggers.js';
import { startOnMenuTriggers } from '../saved/menu-triggers.js';
import { type HostContext, withLock } from '../saved/context.js';
import { type RunReport, runLocked } from '../execution/pipeline.js';
import { type Links, linksOf, linksTabRequests } from '../drawing/links.js';
import { BLANK_FORM, KEY, type SharedPointer, type StartedPlayer } from '../saved/pointers.js';
import type { Spreadsheet } from '../google/ports.js';
import { ANSWERS_TAB } from '../answers/public-rows.js';
import { seasonBefore } from '../saved/season-logs.js';
import { type FieldError, type MatchSetup, validateSetup } from './match-setup.js';

/** Players whose files one start call makes at most (see setUpPlayers). */
const PLAYERS_PER_START_CALL = 5;
/**
 * How long a start call may have run before it leaves the players not set up yet to the next call:
 * a player's files are some twenty calls to Google, nearly a minute on a slow day (LATENCY in
 * google/latency.ts, pessimistic), and every execution stays within 4 of Apps Script's 6 minutes.
 */
const START_TIME_BUDGET_MS = 150_000;

export type StartResult =
  | { readonly ok: true; readonly links: Links; readonly report: RunReport }
  | { readonly ok: false; readonly errors: readonly FieldError[] }
  /** Set up part of the way: call start again with the same setup to go on (the sidebar does). */
  | { readonly ok: false; readonly more: true; readonly progress: string };

const BUSY: StartResult = {
  ok: false,
  errors: [{ field: '', message: 'genius-host is busy with this spreadsheet; try again in a minute' }],
};

export function startMatch(ctx: HostContext, setup: MatchSetup, drawn: string): StartResult {
  // What the host chose, the seed aside (each call without one draws another, and the seed
  // draws what it draws: Paint's teams, Peg Domain's pallets).
  const setupKey = fingerprint(JSON.stringify({ ...setup, seed: undefined }));
  // Each player's files of an anonymous match are made under an alias: every call of one start
  // keeps the first call's seed and secret (the aliases and players' order come from the secret).
  const kept = ctx.pointers.starting();
  const seed = setup.anonymous === true && kept?.setup === setupKey && kept.seed ? kept.seed : drawn;
  // The host's secret (never published: the chain's pseudonyms, an anonymous match's aliases and
  // seat order), drawn once per start and kept by every call of it: two ids, 244 random bits.
  const secret = kept?.setup === setupKey && kept.secret ? kept.secret : `${ctx.ports.newId()}${ctx.ports.newId()}`;
  const checked = validateSetup(setup, seed, ctx.ports.clock.now(), secret);
  if (!checked.ok) return { ok: false, errors: checked.error };
  const startedAt = Date.parse(ctx.ports.clock.now());
  return withLock<StartResult>(ctx, BUSY, () => {
    const running = answerForRunningMatch(ctx, setupKey);
    if (running) return running;
    const resuming = beginOrResume(ctx, setupKey, setup.anonymous === true ? seed : undefined, secret);
    const host = ctx.ports.files.host();
    const game = gameById(checked.value.game);
    const shared = sharedSheet(ctx, game);
    const anonymous = checked.value.anonymous === true;
    const more = setUpPlayers(ctx, {
      players: checked.value.players,
      game,
      shared,
      resuming,
      hostId: host.id,
      anonymous,
      startedAt,
    });
    if (more) return more;
    return createLog(ctx, host, checked.value, setupKey);
  });
}

/**
 * Where the log holds a match already: the answer to this press when it is the same match still
 * running (a double click, or a failure after the log was made), a refusal when it is another
 * running match; an ended match is archived and null lets the new one start.
 */
function answerForRunningMatch(ctx: HostContext, setupKey: string): StartResult | null {
  const existing = ctx.log.read();
  if (!existing) return null;
  const result = ctx.replay(existing.match, ctx.ports.clock.now());
  if (result.open || result.pending.length > 0) {
    if (ctx.pointers.text(KEY.setup) === setupKey) {
      ctx.pointers.remove(KEY.starting);
      return { ok: true, links: linksOf(ctx, existing.match), report: runLocked(ctx, 'menu') };
    }
    return {
      ok: false,
      errors: [
        {
          field: '',
          message: `a ${result.game.title} match is still running in this spreadsheet; finish it first, or start the new match from another spreadsheet`,
        },
      ],
    };
  }
  ctx.log.archive(`ended, archived ${ctx.ports.clock.now().slice(0, 16)}`);
  ctx.pointers.clear();
  return null;
}

/** Records the start under way; true when it goes on with a start this setup left part-way. */
function beginOrResume(ctx: HostContext, setupKey: string, seed: string | undefined, secret: string): boolean {
  // A start that stopped part-way with another setup is left behind (its files stay unused).
  const progress = ctx.pointers.starting();
  const resuming = progress?.setup === setupKey;
  if (progress && !resuming) ctx.pointers.clear();
  if (!resuming) ctx.pointers.setStarting({ setup: setupKey, ...(seed !== undefined ? { seed } : {}), secret });
  return resuming;
}

/**
 * The spectators' sheet, made and published unless a press before did. Its id is recorded the
 * moment it exists, before publishing, so a press after any failure publishes the same sheet
 * rather than making another; a refused publish (or link sharing) is a note, not a failure.
 */
function sharedSheet(ctx: HostContext, game: AnyGame): SharedPointer {
  const { files } = ctx.ports;
  let made = ctx.pointers.shared();
  if (!made) {
    const shared = files.create(`${game.title}: the match (public)`);
    made = {
      id: shared.id,
      url: shared.url,
      ...(shared.firstSheetId !== undefined ? { firstSheetId: shared.firstSheetId } : {}),
      spectators: shared.url,
      published: false,
      publishing: true,
    };
    ctx.pointers.setShared(made);
  }
  if (!made.publishing) return made;
  const published = files.publish(made.id);
  const { publishing: _done, ...rest } = made;
  const pointer: SharedPointer = {
    ...rest,
    spectators: published.url,
    published: published.published,
    ...(published.note ? { note: published.note } : {}),
  };
  ctx.pointers.setShared(pointer);
  return pointer;
}

/** What setting up the players' files works from. */
interface PlayersStart {
  readonly players: readonly Player[];
  readonly game: AnyGame;
  readonly shared: SharedPointer;
  /** Going on with a start this setup left part-way (a share may have happened before its record). */
  readonly resuming: boolean;
  /** The host spreadsheet, where every form sends its responses. */
  readonly hostId: string;
  /** An anonymous match: the shared sheet is only published, never shared with a player (its sharing would show every player's address). */
  readonly anonymous: boolean;
  /** When this call started (ms): see START_TIME_BUDGET_MS. */
  readonly startedAt: number;
}

/** Whether a player's form (set up) and sheet exist and both files are shared with them (the shared sheet: not in an anonymous match). */
function playerReady(ctx: HostContext, id: string, start: PlayersStart): boolean {
  const p = ctx.pointers.startedPlayer(id);
  return (
    p.form !== undefined &&
    p.protection !== undefined &&
    p.sheet !== undefined &&
    (p.shares ?? []).includes(p.sheet.id) &&
    (start.anonymous || (p.shares ?? []).includes(start.shared.id))
  );
}

/**
 * Makes the files of the players not set up yet, a few per execution: making a form, a sheet and
 * two shares is some twenty calls to Google a player, and twenty players in one execution could
 * outlast Apps Script's six minutes. Answers `more` while some are left (the sidebar calls again):
 * after PLAYERS_PER_START_CALL players, or sooner once the call has run START_TIME_BUDGET_MS.
 */
function setUpPlayers(ctx: HostContext, start: PlayersStart): StartResult | null {
  const { players } = start;
  let setUp = 0;
  for (const player of players) {
    if (playerReady(ctx, player.id, start)) continue;
    const late = setUp > 0 && Date.parse(ctx.ports.clock.now()) - start.startedAt > START_TIME_BUDGET_MS;
    if (setUp === PLAYERS_PER_START_CALL || late) {
      const done = players.filter((p) => playerReady(ctx, p.id, start)).length;
      return {
        ok: false,
        more: true,
        progress: `Setting up: ${done} of ${players.length} players' forms and sheets made`,
      };
    }
    setUp += 1;
    setUpPlayer(ctx, player, start);
  }
  return null;
}

function setUpPlayer(ctx: HostContext, player: Player, start: PlayersStart): void {
  const { game, shared, resuming, hostId } = start;
  const { files, forms } = ctx.ports;
  const made = () => ctx.pointers.startedPlayer(player.id);
  const email = player.email ?? '';
  // Each file's id is recorded the moment it exists, before anything else is done with it.
  let form = made().form;
  if (!form) {
    form = forms.create(`${game.title}: ${player.name}'s answers`);
    ctx.pointers.setStartedPlayer(player.id, { ...made(), form });
    ctx.pointers.setForm(form.id, BLANK_FORM);
  }
  if (!made().protection) {
    // Published closed, open to this player's account only, verified emails; refusals are notes.
    const protection = forms.setUp(form.id, hostId, email);
    ctx.pointers.setStartedPlayer(player.id, {
      ...made(),
      protection: { ...protection, notes: [...protection.notes] },
    });
  }
  let sheet = made().sheet;
  if (!sheet) {
    const created = files.create(`${game.title}: ${player.name}'s sheet (private)`);
    sheet = {
      id: created.id,
      url: created.url,
      ...(created.firstSheetId !== undefined ? { firstSheetId: created.firstSheetId } : {}),
    };
    ctx.pointers.setStartedPlayer(player.id, { ...made(), sheet });
  }
  const share = (fileId: string, role: 'reader' | 'writer', what: string, message: string) => {
    if (made().shares?.includes(fileId)) return;
    // A seat nobody holds (a rehearsal's bot, email.ts) is shared with nobody: recorded as done.
    if (isNobody(email)) {
      ctx.pointers.setStartedPlayer(player.id, { ...made(), shares: [...(made().shares ?? []), fileId] });
      return;
    }
    // Resuming, the share may have happened before its record failed: Drive knows.
    const done = resuming && files.sharedWith(fileId).some((e) => sameAccount(e, email));
    const result = done ? {} : files.share(fileId, email, role, message);
    // A refusal (a domain's sharing policy) would be refused again: the start goes on, and the
    // host is told what the player is missing and what to do.
    const notes =
      result.refused !== undefined
        ? [...(made().notes ?? []), refusedShareNote(what, email, player.name, result.refused)]
        : made().notes;
    // The account's own address, when Drive names it for the same account, is the one the
    // match uses (the address forms verify); another account's is never taken.
    const reported = result.refused === undefined ? result.account : undefined;
    const account = reported !== undefined && sameAccount(reported, email) ? { account: reported } : {};
    ctx.pointers.setStartedPlayer(player.id, {
      ...made(),
      ...account,
      ...(notes ? { notes } : {}),
      shares: [...(made().shares ?? []), fileId],
    } satisfies StartedPlayer);
  };
  share(
    sheet.id,
    'reader',
    `${player.name}'s private sheet`,
    `Your private sheet for ${game.title}: your view of the match and a receipt for every answer you send. Your form: ${form.url}${start.anonymous ? ` An anonymous match: you play as ${player.name}, and every answer goes through your form. The match's public sheet: ${shared.spectators}` : ''}`,
  );
  if (start.anonymous) return;
  share(
    shared.id,
    'writer',
    'the shared sheet',
    `The shared sheet of ${game.title}. Public answers go in your own row of the tab "${ANSWERS_TAB}"; the rest is read-only.`,
  );
}

/** Every player's files exist: the triggers, the Links tab, and last the log. */
function createLog(ctx: HostContext, host: Spreadsheet, checked: MatchFile, setupKey: string): StartResult {
  const match: MatchFile = {
    ...checked,
    players: checked.players.map((p) => {
      const account = ctx.pointers.startedPlayer(p.id).account;
      return { ...p, ...(account ? { email: account } : {}), form: ctx.pointers.requirePlayer(p.id).form.id };
    }),
  };
  // Where triggers made by triggers do not fire, the minute trigger made here runs the match (schedule/clock-triggers.ts).
  ctx.ports.scheduler.install(ctx.pointers.requireShared().id, startOnMenuTriggers(ctx));
  // The triggers are new: nothing one-shot is armed until the first drawing's run arms it (schedule/clock-triggers.ts).
  disarmed(ctx);
  // Through the metadata the log reads (its answer shows the forms' response tabs made since): one read less.
  const known = ctx.metadata.sheet(host, { keep: false });
  known.batchUpdate(linksTabRequests(known, linksOf(ctx, match)));
  // The match exists from here: the triggers run it, and Start answers with its links. The
  // first drawing of every sheet and form is the next call's (or the next tick's) work.
  if (!ctx.log.exists()) {
    ctx.pointers.setText(KEY.setup, setupKey);
    // A later match of a season: the ledger of the matches before it, replayed here once from the
    // archived logs and kept in the log, so no execution reads them again (season/kept.ts).
    ctx.log.create(match, seasonBefore(host, match) ?? undefined);
  }
  ctx.pointers.remove(KEY.starting);
  return { ok: false, more: true, progress: 'Drawing the sheets and forms' };
}

/** What the host is told when Drive refuses to share a file with a player (a domain's policy). */
export function refusedShareNote(what: string, email: string, name: string, refusal: string): string {
  return `Drive refused to share ${what} with ${email} (${refusal}): ${name} cannot open it. Share it with their account by hand (the file's Share button), or ask your domain's administrator to allow it.`;
}
