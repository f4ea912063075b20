// A full view for one audience: the game's own view plus the status of the match and, for the
// host, the log of every submission and its outcome (for a player, only their own receipts).

import type { Answers } from './game.js';
import { closeWhenReadyFor } from './ready.js';
import { shorten } from './quote.js';
import { type ReplayResult, type Receipt } from './replay.js';
import { MAX_ANSWER_LENGTH } from './submission.js';
import { seedCommitment } from './commitment.js';
import { receiptOf } from './receipt.js';
import { receiptNote } from './receipt-check.js';
import { fingerprint } from './hash.js';
import { discordTrouble } from './posts.js';
import { notEmailedLine } from './mail-quota.js';
import { newsLines } from './news.js';
import { publishedLines } from './publish.js';
import { resultLine, resultLines } from './outcome.js';
import { redactSecrets } from './redact.js';
import {
  type Audience,
  CHANGED_COLOUR,
  CHANGED_MEANING,
  type SeedView,
  type StatusView,
  type Table,
  type View,
  audiencePlayer,
  marksChanges,
  playerAudience,
} from './view.js';
import { spanText, zonedText, zonedTexts } from './zones.js';
import { guardrailsLine } from './guardrails.js';
import { hostActionsTable, rowEditsTable } from './host-actions.js';
import { seatedPlayers } from './seats.js';
import { whoIsWho } from './anonymity.js';

/** Every audience of a match: host, public, each player, and any the game adds (teams). */
export function audiencesOf(result: ReplayResult): Audience[] {
  const extra = result.game.extraAudiences?.(result.state, result.ctx) ?? [];
  return ['host', 'public', ...result.match.players.map((p) => playerAudience(p.id)), ...extra];
}

/** What a view is drawn as of: `now`, the time of this drawing, adds how long the open phase has left. */
interface ViewOptions {
  readonly now?: string;
  /** A player's own form (the add-on knows it; the engine does not): their sheet's "What to do now" links it. */
  readonly formUrl?: string;
}

/**
 * The zones a reader reads times in: a player (or their team's sheet: the match's) their own
 * `timeZone`, else the match's; the spectators and the host UTC and the match's. Published files
 * carry no player's zone (core/publish.ts), so a published view reads in the match's.
 */
function readerZones(result: ReplayResult, audience: Audience): string[] {
  const matchZone = result.match.schedule?.timeZone ?? 'UTC';
  const viewer = audiencePlayer(audience);
  if (viewer !== null) return [result.match.players.find((p) => p.id === viewer)?.timeZone ?? matchZone];
  if (audience === 'public' || audience === 'host') return [...new Set(['UTC', matchZone])];
  return [matchZone];
}

export function viewFor(result: ReplayResult, audience: Audience, options: ViewOptions = {}): View {
  const open = result.open ? { phase: result.open.phase, moves: result.open.moves, timing: result.open.timing } : null;
  const gameView = result.game.view(result.state, audience, seatedContext(result), open);
  const seed = audience === 'public' || audience === 'host' ? { seed: seedView(result) } : {};
  // The headline and the result name each seat as everyone reads it now ("Zoë (sub for Ben)").
  const zones = readerZones(result, audience);
  const viewer = audiencePlayer(audience);
  const todo = viewer === null ? null : todoFor(result, viewer, zones[0], options.formUrl);
  const status = {
    ...statusOf({ ...result, ctx: seatedContext(result) }, audience, zones, options.now),
    ...(todo ? { todo } : {}),
  };
  // Only the host hears of Discord's refusals (and only the host can act on them).
  const discord = audience === 'host' ? discordTrouble(result.match.events) : null;
  // Only the host hears whom the day's email quota left out (core/mail-quota.ts).
  const notEmailed =
    audience === 'host' && result.open
      ? notEmailedLine(result.match.events, result.open.phase.id, result.open.timing.opensAt, result.ctx.playerName)
      : null;
  // The changed-squares marker is the renderer's, the same in every game: so is its legend line.
  const legend = marksChanges(gameView.boards)
    ? [...gameView.legend, { symbol: '═', textColour: CHANGED_COLOUR, meaning: CHANGED_MEANING }]
    : gameView.legend;
  // Everyone reads the host's actions on the spectators' sheet; the host sees them on theirs too.
  const rowEdits = audience === 'public' || audience === 'host' ? rowEditsTable(result) : null;
  const actions =
    audience === 'public' || audience === 'host'
      ? { hostActions: hostActionsTable(result), ...(rowEdits ? { rowEdits } : {}) }
      : {};
  // Only the host's view says who plays under each alias (core/anonymity.ts).
  const people =
    audience === 'host' ? whoIsWho(result.match.anonymous, result.match.players, result.match.events) : null;
  return {
    ...gameView,
    ...(people ? { sections: [people, ...gameView.sections] } : {}),
    legend,
    audience,
    status: {
      ...status,
      ...(discord === null ? {} : { discord }),
      ...(notEmailed === null ? {} : { notEmailed }),
    },
    log: logFor(result, audience),
    ...seed,
    ...actions,
    rules: rulesOf(result),
  };
}

/** The game's rules for the Rules tab; a game without its own gives its blurb, and where the rules are. */
function rulesOf(result: ReplayResult): readonly string[] {
  const { game } = result;
  return game.rules && game.rules.length > 0
    ? game.rules
    : [game.blurb, 'The host has the complete rules of this game: ask them.'];
}

/** What tells whether a drawn view changed: everything in it but the time it was drawn (StatusView.asOf). */
export function viewKey(view: View): string {
  const { asOf: _asOf, ...status } = view.status;
  return fingerprint(JSON.stringify({ ...view, status }));
}

/**
 * The game's context with each seat named as everyone reads it now ("Ann (sub for Bob)": seats.ts).
 * Only the views take it: replay judges answers that name a player by the names of the match file.
 */
function seatedContext(result: ReplayResult): ReplayResult['ctx'] {
  const players = seatedPlayers(result.match);
  if (players === result.match.players) return result.ctx;
  const names = new Map(players.map((p) => [p.id, p.name]));
  return { ...result.ctx, players, playerName: (id: string) => names.get(id) ?? id };
}

/** The commitment from the start; the seed and the match file once the match has its final result, unless the host keeps them. */
function seedView(result: ReplayResult): SeedView {
  const commitment = seedCommitment(result.match.seed);
  if (result.match.publish === false)
    return { commitment, published: null, note: 'The host keeps the seed and the match file private for this match.' };
  if (!result.final)
    return {
      commitment,
      published: null,
      note: 'The seed and the whole match file are published here when the match is over.',
    };
  return { commitment, published: { seed: result.match.seed, lines: publishedLines(result.match, result.final) } };
}

function statusOf(
  result: ReplayResult,
  audience: Audience,
  zones: readonly string[],
  now: string | undefined,
): StatusView {
  const name = result.ctx.playerName;
  const open = result.open;
  const submitted = open ? [...open.moves.keys()].map(name) : [];
  const waitingFor = open
    ? Object.keys(open.phase.questions)
        .filter((id) => !open.moves.has(id))
        .map(name)
    : [];
  const deadline = open?.timing.deadline;
  let headline: string;
  if (open && result.paused) {
    headline = `The match is paused (since ${zonedTexts(result.paused.from, zones)}): ${open.phase.title} waits, and its deadline moves by the time paused when the host resumes`;
  } else if (open) {
    headline = `${open.phase.title} is open${deadline ? ` until ${zonedTexts(deadline, zones)}` : ''}`;
  } else if (result.final) {
    headline = `The match is over: ${resultLine(result)}`;
  } else {
    headline = `The match is over and waits on ${result.pending.length} host decision${result.pending.length === 1 ? '' : 's'}: ${result.pending.map((p) => p.question).join('; ')}`;
  }
  // How long is left, as of this drawing: only while the deadline is ahead and the match runs.
  const left = deadline && now && !result.paused ? Date.parse(deadline) - Date.parse(now) : 0;
  return {
    game: result.game.title,
    headline,
    zones,
    phase: open
      ? {
          id: open.phase.id,
          title: open.phase.title,
          ...(open.timing.opensAt ? { opensAt: open.timing.opensAt } : {}),
          ...(deadline ? { deadline } : {}),
        }
      : null,
    submitted,
    waitingFor,
    pendingDecisions: result.pending.map((p) => p.question),
    ...(open ? {} : { result: resultLines(result, audience) }),
    ...(result.paused ? { pausedSince: result.paused.from } : {}),
    ...(open && closeWhenReadyFor(result.match.schedule, open.phase) ? { closesWhenReady: true } : {}),
    ...(left > 0 && now ? { asOf: asOf(now, spanText(left), zones) } : {}),
    guardrails: guardrailsLine(result.match),
    ...newsOf(result),
  };
}

/**
 * What a player's sheet starts with (issue 40): the open phase, what it asks of them in words, their
 * form, the deadline on their clock, and whether an answer of theirs has been received, with its
 * receipt; null once the match is over.
 */
function todoFor(result: ReplayResult, viewer: string, zone: string, formUrl: string | undefined): string[] | null {
  const open = result.open;
  if (!open) return null;
  const questions = open.phase.questions[viewer] ?? [];
  const deadline = open.timing.deadline;
  const until = deadline ? ` until ${zonedText(deadline, zone)}` : '';
  if (questions.length === 0)
    return [`Now: ${open.phase.title} is open${until}. It asks nothing of you: wait for the next phase.`];
  const lines = [
    `Now: ${open.phase.title} is open${until}${result.paused ? ' (the match is paused: the deadline moves by the time paused)' : ''}.`,
    ...questions.map((q) => `Answer: ${q.label}: ${q.help}`),
  ];
  const byForm = result.match.anonymous === true || questions.some((q) => !q.public);
  if (byForm) lines.push(formUrl ? `Your form: ${formUrl}` : 'Your form: the link in your email from the host');
  if (questions.some((q) => q.public) && result.match.anonymous !== true)
    lines.push('Your row: the shared sheet\'s "Your answers" tab');
  const counting = [...result.receipts]
    .reverse()
    .find((r) => r.player === viewer && r.phase === open.phase.id && r.status !== 'rejected' && !r.superseded);
  if (counting) {
    const code = receiptOf(result.match, result.match.submissions[counting.index]);
    const at = counting.at ? ` sent ${zonedText(counting.at, zone)}` : '';
    const partly = counting.status === 'partial' ? ', partly (see Your submissions on the Log tab)' : '';
    lines.push(`Received: your answer${at} counts${partly}. Receipt: ${code}`);
  } else
    lines.push(
      open.moves.has(viewer)
        ? 'Received: an answer of yours counts.'
        : 'Not received yet: nothing of yours counts for this phase. Send your answer before the deadline.',
    );
  return lines;
}

/** The last resolution in words (core/news.ts), once a phase has closed and the game tells it. */
function newsOf(result: ReplayResult): { news?: readonly string[] } {
  if (result.closed.length === 0 || !result.game.news) return {};
  const lines = newsLines(result.game.news(result.state, result.ctx));
  return lines.length > 0 ? { news: lines } : {};
}

/** How long the open phase has left, as of the drawing at `at`, in the reader's zones. */
function asOf(at: string, closesIn: string, zones: readonly string[]): NonNullable<StatusView['asOf']> {
  return { at, closesIn, text: `${closesIn}, as of the last update at ${zonedTexts(at, zones)}` };
}

// What the log shows of a submission: every answer the engine reads (up to MAX_ANSWER_LENGTH) in
// full, but never more than a Sheets cell holds (50,000 characters; a longer text fails the whole
// write). Anything cut ends in an ellipsis.
const LOG_QUESTION_MAX = 60;
const LOG_ANSWERS_MAX = 10_000;

/** One answer as the log shows it: a text, a list joined, or what a file held that is not text, in words. */
function logAnswer(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    return value.map(String).join(', ');
  return '(not text)';
}

/** Answers as one line of text, as the player wrote them (cut short only past what is read). */
export function answersText(answers: Answers): string {
  const text = Object.entries(answers)
    .map(([key, value]) => `${shorten(key, LOG_QUESTION_MAX)}: ${shorten(logAnswer(value), MAX_ANSWER_LENGTH)}`)
    .join(' | ');
  return shorten(text, LOG_ANSWERS_MAX);
}

function outcome(receipt: Receipt): string {
  if (receipt.status === 'rejected') return 'rejected';
  if (receipt.superseded) return 'replaced by a later submission';
  return receipt.status === 'partial' ? 'accepted in part' : 'accepted';
}

function logFor(result: ReplayResult, audience: Audience): Table | null {
  const viewer = audiencePlayer(audience);
  if (audience !== 'host' && viewer === null) return null;
  const receipts = result.receipts.filter((r) => viewer === null || r.player === viewer);
  // A player reads phases by their titles and times on their own clock; the host's log keeps the file's own words.
  const words = viewer === null ? null : readerWords(result, readerZones(result, audience)[0]);
  const rows = receipts.map((r) => [
    r.index + 1,
    shorten(words ? words.phase(r.phase) : r.phase, LOG_QUESTION_MAX),
    seatedContext(result).playerName(r.player),
    r.at === undefined ? '' : words ? words.text(r.at) : r.at,
    r.overLimit
      ? '(not read: over the limit of answers a phase)'
      : answersText(result.match.submissions[r.index].answers),
    outcome(r),
    ((text) => (words ? words.text(text) : text))([...r.reasons, ...(r.notes ?? [])].join('; ')),
    receiptOf(result.match, result.match.submissions[r.index]),
    receiptNote(result, r.index, result.open?.phase.id === r.phase),
  ]);
  if (audience === 'host') {
    for (const rejection of result.rejected.filter((r) => r.submission === undefined)) {
      rows.push(['', rejection.phase, rejection.player, '', '', 'rejected', rejection.reason, '', '']);
    }
    rows.push(...messageRows(result));
  }
  return {
    title: audience === 'host' ? 'Log: every submission and its outcome' : 'Your submissions',
    // The receipt near the end: a player copies it and keeps it (docs/trust.md), and beside it what
    // checking it after the match will say.
    header: ['#', 'Phase', 'Player', 'Time', 'Answers', 'Outcome', 'Why', 'Receipt', 'Checked after the match'],
    rows,
    ...(audience === 'host' ? {} : { caption: RECEIPTS_CAPTION }),
  };
}

/** How a player checks their moves (docs/trust.md), under their receipts. */
const RECEIPTS_CAPTION =
  'Keep your receipts. When the match ends, the spectators’ sheet publishes the seed and the match file; ' +
  'genius-host verify FILE --receipt RECEIPT then says whether that move counted, and if not what took its place, ' +
  'and shows anything logged for your seat after it; a change to anything logged before it shows. ' +
  'An answer you sent that has no receipt here was never logged: tell the host at once.';

/** An ISO time as the engine writes it into a reason ("arrived at 2026-11-21T19:00:30.000Z"). */
const ISO_IN_TEXT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})/g;

/**
 * A player's words for what the engine writes with ids and ISO times: a phase by its title (where the
 * match has met it), a time on the reader's clock with its offset, in a reason as in a cell.
 */
function readerWords(
  result: ReplayResult,
  zone: string,
): { phase: (id: string) => string; text: (text: string) => string } {
  const titles = new Map<string, string>();
  for (const c of result.closed) titles.set(c.phase.id, c.phase.title);
  if (result.open) titles.set(result.open.phase.id, result.open.phase.title);
  // Longest ids first, so round-10 is never read as round-1 followed by 0.
  const ids = [...titles.keys()].sort((a, b) => b.length - a.length);
  const escaped = ids.map((id) => id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  const idPattern = ids.length > 0 ? new RegExp(`(?<![\\w-])(?:${escaped.join('|')})(?![\\w/-])`, 'g') : null;
  const phase = (id: string) => titles.get(id) ?? id;
  return {
    phase,
    text: (text) => {
      const timed = text.replace(ISO_IN_TEXT, (iso) => toTheSecond(iso, zone));
      return idPattern ? timed.replace(idPattern, (id) => phase(id)) : timed;
    },
  };
}

/**
 * A time on the reader's clock to the second ("Sat 21 Nov 2026, 19:00:30 Europe/London (UTC+00:00)"):
 * when an answer arrived is told apart from a deadline on the minute. A zone's offset is whole
 * minutes, so the seconds are the UTC time's.
 */
function toTheSecond(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const seconds = String(new Date(ms).getUTCSeconds()).padStart(2, '0');
  return zonedText(iso, zone).replace(/, (\d{2}:\d{2})/, `, $1:${seconds}`);
}

const MESSAGE_OUTCOME = {
  sent: 'sent',
  skipped: 'skipped',
  failed: 'failed, tried again later',
  dropped: 'dropped',
} as const;

/**
 * The host's log of every message the add-on sent or gave up on (reminder emails, Discord posts),
 * with why when it did not go out. `remind:<phase>@<deadline>:<minutes>`, `result:<phase>@<closed>`.
 */
function messageRows(result: ReplayResult): (string | number)[][] {
  return (result.match.events ?? []).flatMap((event) => {
    if (event.type !== 'message') return [];
    const [what, rest = ''] = event.key.split(/:(.*)/s);
    const phase = rest.slice(0, rest.lastIndexOf('@'));
    const minutes = what === 'remind' ? rest.slice(rest.lastIndexOf(':') + 1) : '';
    const description =
      what === 'remind'
        ? `${event.channel === 'email' ? 'reminder email' : 'Discord post: waiting for'} (${minutes} minutes before the deadline)`
        : what === 'open'
          ? event.channel === 'email'
            ? 'email: the phase is open'
            : 'Discord post: the phase is open'
          : 'Discord post: the result';
    const who =
      event.player !== undefined ? result.ctx.playerName(event.player) : event.channel === 'discord' ? 'Discord' : '';
    const shown =
      event.status === 'failed' && event.retry !== undefined
        ? `failed, tried again from ${event.retry}`
        : MESSAGE_OUTCOME[event.status];
    return [
      [
        '',
        shorten(phase, LOG_QUESTION_MAX),
        who,
        event.at,
        description,
        shown,
        redactSecrets(event.note ?? ''),
        '',
        '',
      ],
    ];
  });
}
