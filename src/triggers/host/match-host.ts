// The add-on's one entry into running a match: every trigger and menu item asks MatchHost. It is a
// facade over the modules that do the work, each written once against the ports (google/ports.ts), so the
// add-on and the tests run the same code:
//
//   match-setup.ts      what the sidebar sends, and its check
//   start-match.ts      New match…: the files, the shares, the triggers, the log
//   execution/pipeline.ts  every execution, one pipeline: read, replay, decide, write, draw, arm (its header)
//   answers/form-responses.ts    form responses → submissions
//   answers/row-edits.ts      the shared sheet's edits → submissions (public rows)
//   drawing/forms-sync.ts each form shows the open phase's questions
//   saved/pointers.ts   what one execution leaves the next (typed, checked)
//   drawing/links.ts      every link of a match, and the host's Links tab
//
// The host's own entries (extend, reopen, a decision) are entries of the log like any submission,
// so replay of the exported file gives the same match.

import { currentEmails, looksLikeEmail, sameAccount } from '../../engine/core/email.js';
import type { Decision, MatchEvent, Player } from '../../engine/core/game.js';
import { type MatchFile, type ReplayResult, stringifyMatchFile } from '../../engine/index.js';
import { type HostContext, hostContext, withLock } from '../saved/context.js';
import { WEBHOOK_SECRET, setWebhook } from '../messages/discord-webhook.js';
import { redactSecrets, rememberSecret } from '../../engine/core/redact.js';
import { BUSY, type RunKind, type RunReport, type Started, run, runLocked } from '../execution/pipeline.js';
import { type Links, linksOf, linksTabRequests } from '../drawing/links.js';
import type { LogEntry } from '../saved/match-log.js';
import type { HostPorts } from '../google/ports.js';
import type { MatchSetup } from './match-setup.js';
import { handToMachine, takeBack } from './handover.js';
import { type StartResult, refusedShareNote, startMatch } from './start-match.js';
import { findSeat, handOverFiles, hostReason, substituteEvent } from './substitute.js';
import { extensionRefusal, pauseRefusal, reopenRefusal } from '../../engine/core/guardrails.js';

export type { FieldError, MatchSetup } from './match-setup.js';
export { firstMistake, validateSetup } from './match-setup.js';
export type { RunKind, RunReport, Started, WriteReport } from '../execution/pipeline.js';
export type { Runner } from '../saved/runner.js';
export type { StartResult } from './start-match.js';
export type { Links, PlayerLinks } from '../drawing/links.js';

export class MatchHost {
  private readonly ctx: HostContext;

  constructor(ports: HostPorts) {
    this.ctx = hostContext(ports);
  }

  /** New match… (see start-match.ts): call again with the same setup while the answer says `more`. */
  start(setup: MatchSetup, seed: string): StartResult {
    return startMatch(this.ctx, setup, seed);
  }

  /** The body of every trigger and menu item (see execution/pipeline.ts). */
  run(kind: RunKind, started?: Started): RunReport {
    return run(this.ctx, kind, started);
  }

  /** Whether a rehearsal watches the match, as the last run read it (undefined: it read neither). */
  get rehearsal(): boolean | undefined {
    return this.ctx.rehearsal;
  }

  // ── The host's menu ─────────────────────────────────────────────────────────────────────────

  private requireMatch(): { match: MatchFile; logRows: number } {
    const read = this.ctx.log.read();
    if (!read) throw new Error('No match here yet: use Genius Host → New match… first.');
    return read;
  }

  /** The state as of now, after collecting (the same run as a tick). */
  status(): ReplayResult | null {
    const read = this.ctx.log.read();
    return read ? this.ctx.replay(read.match, this.ctx.ports.clock.now()) : null;
  }

  /**
   * Where the match stands, for a check before the run, without a replay the run would not share:
   * this execution's replay while it stands (a prompt's), or its first. Null when the one it made
   * no longer stands: the run replays the match once more and refuses the entry (execution/pipeline.ts).
   */
  private standing(): ReplayResult | null {
    const read = this.ctx.log.read();
    if (!read) return null;
    const now = this.ctx.ports.clock.now();
    return this.ctx.standing(read.match, now) ?? (this.ctx.replays === 0 ? this.ctx.replay(read.match, now) : null);
  }

  /**
   * Logs the host's entry, built against the match as it stands once what is overdue is resolved,
   * in one run (execution/pipeline.ts): a refused entry throws, after the rest of the run is done.
   */
  private logAndRun(build: (result: ReplayResult, now: string) => LogEntry, then: RunKind = 'menu'): RunReport {
    return withLock(this.ctx, BUSY, () => {
      this.requireMatch();
      return runLocked(this.ctx, then, (result, now) => {
        const built = build(result, now);
        // The host's action has its own id, drawn once here (unless made from what it is, as a
        // Resolve overdue now's): logged twice (a retried run), it counts once.
        const uid = built.value.uid ?? `host:${this.ctx.ports.newId()}`;
        return built.kind === 'submission'
          ? { kind: 'submission', value: { ...built.value, uid } }
          : built.kind === 'decision'
            ? { kind: 'decision', value: { ...built.value, uid } }
            : { kind: 'event', value: { ...built.value, uid } };
      });
    });
  }

  /**
   * Extend deadline…: a new deadline for the open phase. `seen` is the phase the host was shown
   * when asked (the prompt is outside the lock; a tick may close that phase meanwhile): if another
   * phase is open now, nothing changes and the host is told.
   */
  extend(deadline: string, seen?: string, reason?: string): RunReport {
    // An extension past the guardrails is refused before anything runs: nothing is logged or drawn.
    const before = this.standing();
    const refusedNow = before?.open && extensionRefusal(before, checkTime(deadline), this.ctx.ports.clock.now());
    if (refusedNow) throw new Error(refusedNow);
    return this.logAndRun((result, now) => {
      if (seen !== undefined && result.open?.phase.id !== seen) {
        const closed = [...result.closed].reverse().find((c) => c.phase.id === seen);
        const title = closed?.phase.title ?? seen;
        throw new Error(
          `${title} closed${closed?.timing.deadline ? ` at its deadline ${closed.timing.deadline}` : ''} while you were typing; ${result.open ? `${result.open.phase.title} is open now` : 'no phase is open now'}. Nothing was changed: Undo last phase reopens ${title}, or choose Extend deadline… again.`,
        );
      }
      if (!result.open) throw new Error('No phase is open: there is no deadline to extend.');
      const when = checkTime(deadline);
      if (Date.parse(when) <= Date.parse(now))
        throw new Error(`The new deadline ${when} has passed already; give a time after ${now}.`);
      const refused = extensionRefusal(result, when, now);
      if (refused !== null) throw new Error(refused);
      const event: MatchEvent = {
        type: 'extend',
        phase: result.open.phase.id,
        deadline: when,
        at: now,
        ...hostReason(reason),
      };
      return { kind: 'event', value: event };
    });
  }

  /**
   * Undo last phase: reopens the phase that closed last, until `deadline`. `seen` is the phase
   * the host was offered (see extend): if another phase has closed since, nothing changes.
   */
  undo(deadline: string, seen?: string, reason?: string): RunReport {
    // A reopening past the guardrails is refused before anything runs: nothing is logged or drawn.
    const before = this.standing();
    const offered = before?.closed.at(-1);
    const refusedNow =
      before && offered && (seen === undefined || offered.phase.id === seen)
        ? reopenRefusal(before, offered.phase.id, checkTime(deadline), this.ctx.ports.clock.now())
        : null;
    if (refusedNow) throw new Error(refusedNow);
    return this.logAndRun((result, now) => {
      const last = result.closed[result.closed.length - 1];
      if (!last) throw new Error('No phase has closed yet: there is nothing to undo.');
      if (seen !== undefined && last.phase.id !== seen) {
        const offered = result.closed.find((c) => c.phase.id === seen)?.phase.title ?? seen;
        throw new Error(
          `${last.phase.title} has closed too while you were typing, so Undo last phase would now reopen ${last.phase.title}, not ${offered}. Nothing was changed: choose Undo last phase again if that is what you want.`,
        );
      }
      const when = checkTime(deadline);
      if (Date.parse(when) <= Date.parse(now))
        throw new Error(`The new deadline ${when} has passed already; give a time after ${now}.`);
      const refused = reopenRefusal(result, last.phase.id, when, now);
      if (refused !== null) throw new Error(refused);
      const event: MatchEvent = {
        type: 'reopen',
        phase: last.phase.id,
        deadline: when,
        at: now,
        ...hostReason(reason),
      };
      return { kind: 'event', value: event };
    });
  }

  /**
   * Pause the match: from now nothing closes, every form says the match is paused (and since
   * when), and nothing sent counts until Resume (a `pause` event; docs/matchfile.md, "Host events").
   */
  pause(reason?: string): RunReport {
    // A pause past the guardrails is refused before anything runs: nothing is logged or drawn.
    const before = this.standing();
    const refusedNow = before && pauseRefusal(before.match, this.ctx.ports.clock.now());
    if (refusedNow) throw new Error(refusedNow);
    return this.logAndRun((result, now) => {
      if (result.paused)
        throw new Error(`The match is paused already (since ${result.paused.from}); Resume the match lets it go on.`);
      if (!result.open) throw new Error('No phase is open: there is nothing to pause.');
      const refused = pauseRefusal(result.match, now);
      if (refused !== null) throw new Error(refused);
      const event: MatchEvent = { type: 'pause', at: now, ...hostReason(reason) };
      return { kind: 'event', value: event };
    });
  }

  /** Resume the match: every deadline not passed at the pause moves by the time paused, and the open phase's forms open again (a `resume` event). */
  resume(reason?: string): RunReport {
    return this.logAndRun((result, now) => {
      if (!result.paused) throw new Error('The match is not paused: there is nothing to resume.');
      const event: MatchEvent = { type: 'resume', at: now, ...hostReason(reason) };
      return { kind: 'event', value: event };
    });
  }

  /**
   * Resolve overdue now: the run every tick makes (whatever is overdue is resolved, every form is
   * read), with a `resolve` event so everyone reads on the Host actions list that the host did not
   * wait for the clock. Its id is made from its time (`resolve:<at>`), as a close's is from what it
   * is: the same request logged by two runs at once counts once, and a replay ignores it.
   */
  resolveOverdue(reason?: string): RunReport {
    return this.logAndRun((_result, now) => {
      const event: MatchEvent = { type: 'resolve', at: now, ...hostReason(reason), uid: `resolve:${now}` };
      return { kind: 'event', value: event };
    });
  }

  /** Answer a host decision…: the host's choice for a pending decision. */
  decide(id: string, choice: string, reason?: string): RunReport {
    return this.logAndRun((result, now) => {
      const request = result.pending.find((p) => p.id === id);
      if (!request)
        throw new Error(
          `No host decision "${id}" is pending${result.pending.length > 0 ? ` (pending: ${result.pending.map((p) => p.id).join(', ')})` : ''}.`,
        );
      const match = request.choices.find((c) => c.toLowerCase() === choice.trim().toLowerCase());
      if (!match) throw new Error(`"${choice}" is not one of ${request.choices.join(', ')}.`);
      const decision: Decision = { id, choice: match, at: now, ...hostReason(reason) };
      return { kind: 'decision', value: decision };
    });
  }

  /**
   * Correct a player's email…: from the open phase on, `player`'s form answers must come from
   * `email`'s Google account (an EmailEvent in the log; replay judges by it). `player`: an id or
   * a name. The new account gets what the old address had: the form (where it is kept to its
   * player), the private sheet, the shared sheet and the player's row there (every sheet is drawn
   * again, so the row's protection names the new account). The Links tab shows the new address,
   * and a share Drive refuses is a warning there.
   */
  correctEmail(player: string, email: string, reason?: string): RunReport {
    let corrected: Player | undefined;
    let anonymous = false;
    const report = this.logAndRun((result, now) => {
      anonymous = result.match.anonymous === true;
      const wanted = player.trim().toLowerCase();
      const target = result.match.players.find(
        (p) => p.id.toLowerCase() === wanted || p.name.trim().toLowerCase() === wanted,
      );
      if (!target)
        throw new Error(
          `No player "${player}" in this match (players: ${result.match.players.map((p) => p.name).join(', ')}).`,
        );
      const address = email.trim();
      if (!looksLikeEmail(address))
        throw new Error(
          `"${email}" is not an email address; give ${target.name}'s Google account, such as ann.lee@gmail.com.`,
        );
      const emails = currentEmails(result.match);
      const owner = result.match.players.find(
        (p) => p.id !== target.id && sameAccount(emails.get(p.id) ?? '', address),
      );
      if (owner)
        throw new Error(
          `${address} is ${owner.name}'s Google account; every player needs their own. Nothing was changed.`,
        );
      if (sameAccount(emails.get(target.id) ?? '', address))
        throw new Error(
          `${target.name}'s email is ${emails.get(target.id)} already, the same Google account as ${address}. Nothing was changed.`,
        );
      const event: MatchEvent = { type: 'email', player: target.id, email: address, at: now, ...hostReason(reason) };
      corrected = target;
      return { kind: 'event', value: event };
    }, 'rerender');
    if (report.ran && corrected) {
      // The player's form is kept to their account: it now opens to the corrected one too.
      if (corrected.form && this.ctx.pointers.protection(corrected.id)?.responders === 'player')
        this.ctx.ports.forms.addResponder(corrected.form, email.trim());
      this.shareWithCorrected(corrected, email.trim(), anonymous);
      const host = this.ctx.ports.files.host();
      host.batchUpdate(linksTabRequests(host, this.links()));
    }
    return report;
  }

  /** Shares a corrected player's private sheet and (unless the match is anonymous: start-match.ts) the shared sheet with their new address. */
  private shareWithCorrected(
    player: { readonly id: string; readonly name: string },
    email: string,
    anonymous: boolean,
  ): void {
    const shares = [
      {
        id: this.ctx.pointers.requirePlayer(player.id).sheet.id,
        role: 'reader' as const,
        what: `${player.name}'s private sheet`,
      },
      { id: this.ctx.pointers.requireShared().id, role: 'writer' as const, what: 'the shared sheet' },
    ].slice(0, anonymous ? 1 : 2);
    const notes: string[] = [];
    for (const file of shares) {
      const result = this.ctx.ports.files.share(
        file.id,
        email,
        file.role,
        `The host of this match corrected your address: ${file.what} is now shared with this account.`,
      );
      if (result.refused !== undefined) notes.push(refusedShareNote(file.what, email, player.name, result.refused));
    }
    const started = this.ctx.pointers.startedPlayer(player.id);
    if (notes.length > 0)
      this.ctx.pointers.setStartedPlayer(player.id, { ...started, notes: [...(started.notes ?? []), ...notes] });
  }

  /**
   * Substitute a player…: from now on the seat `player` (an id or a name) is `name`'s, answering
   * from `email`'s Google account (a `substitute` event; replay judges each answer by the account
   * holding the seat when it was sent). The seat keeps everything it holds; its form, private sheet
   * and public row pass from the old account to the new one (substitute.ts), and every sheet is drawn
   * again, so the row's protection names the new account and everyone reads "Ann (sub for Bob)".
   */
  substitute(player: string, name: string, email: string, reason?: string): RunReport {
    let handed: { seat: Player; before: string | undefined; anonymous: boolean } | undefined;
    const report = this.logAndRun((result, now) => {
      const event = substituteEvent(result, now, { player, name, email, reason });
      const seat = findSeat(result, player);
      handed = { seat, before: currentEmails(result.match).get(seat.id), anonymous: result.match.anonymous === true };
      return { kind: 'event', value: event };
    }, 'rerender');
    if (report.ran && handed) {
      handOverFiles(this.ctx, handed.seat, handed.before, { name: name.trim(), email: email.trim() }, handed.anonymous);
      const host = this.ctx.ports.files.host();
      host.batchUpdate(linksTabRequests(host, this.links()));
    }
    return report;
  }

  /** Discord webhook…: sets the webhook URL (checked for Discord's shape) or, for an empty text, clears it (messages/discord-webhook.ts). */
  setDiscordWebhook(text: string): string {
    return setWebhook(this.ctx, text);
  }

  /** Host from a machine… (handover.ts): answers what the host should do next. */
  handToMachine(): string {
    return handToMachine(this.ctx);
  }

  /** Host from Apps Script again (handover.ts). */
  takeBack(): string {
    return takeBack(this.ctx);
  }

  /** Export match file: the log as a match file (replay it anywhere). */
  exportText(): string {
    // Whatever a note quotes, the webhook's token leaves in no form (core/redact.ts).
    const url = this.ctx.ports.secrets?.get(WEBHOOK_SECRET);
    if (url) rememberSecret(url);
    return redactSecrets(stringifyMatchFile(this.requireMatch().match));
  }

  links(): Links {
    return linksOf(this.ctx, this.requireMatch().match);
  }
}

function checkTime(text: string): string {
  const ms = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) || Number.isNaN(ms))
    throw new Error(`"${text}" is not a time such as 2026-11-24T20:00:00Z`);
  return new Date(ms).toISOString();
}
