// The Rehearsal report: one row per behaviour of Google a rehearsal can observe, keyed to its row of
// docs/google.md (the `key` column there), each confirmed, differs (with what was seen) or not
// tried. Built from what the rehearsal recorded (rehearsal-record.ts: Check this account…'s items
// and the triggers' firings), the match's log and what Start made; pure, so the sandbox and the
// dialog read the same rows.

import { sameAccount } from '../engine/core/email.js';
import type { MatchFile } from '../engine/index.js';
import {
  type Firing,
  REHEARSAL_MINUTES,
  REHEARSAL_REMINDER_MINUTES,
  type RehearsalRecord,
} from './rehearsal-record.js';

export type Verdict = 'confirmed' | 'differs' | 'not tried';

export interface ReportRow {
  /** The behaviour's own id (two behaviours may observe one row of docs/google.md). */
  readonly id: string;
  /** The row's key in docs/google.md. */
  readonly key: string;
  readonly behaviour: string;
  readonly verdict: Verdict;
  readonly seen: string;
  /** What the host does about it, in their words: for a `differs` only ('' otherwise). */
  readonly todo: string;
}

/** What the rehearsal's match showed besides its record: its log, the host's form, the shared sheet. */
export interface Evidence {
  readonly record: RehearsalRecord;
  readonly match: MatchFile | null;
  /** Whether a phase of the match asked the host's seat something in its row of the shared sheet. */
  readonly rowAsked: boolean;
  readonly form?: { readonly published: boolean | 'legacy'; readonly responders: string; readonly emails: string };
  readonly shared?: { readonly published: boolean; readonly spectators: string; readonly note?: string };
  readonly webhook: boolean;
  /** What Start recorded of each bot seat's form: who may answer it, and how many notes it left the host. */
  readonly bots?: readonly { readonly responders: string; readonly notes: number }[];
}

/** Check this account…'s items, by the behaviour each observes. */
const CHECK_IDS: Readonly<Record<string, string>> = {
  'Create a spreadsheet (Sheets API)': 'drive-file-scope',
  'Read who owns it (Drive, drive.file scope)': 'drive-file-scope',
  'Publish a spreadsheet to the web': 'drive-publish',
  'Share a spreadsheet with anyone who has the link': 'drive-link-sharing',
  'Stop writers from sharing a spreadsheet on': 'drive-writers-can-share',
  'Protect a range for one editor': 'sheets-protected-range',
  'Create a form': 'forms-publish',
  'Publish a form (keep it closed until its phase)': 'forms-publish',
  "Open a form to one player's account only": 'forms-responders',
  'Collect verified email addresses (read back)': 'forms-email-collection',
  'Install and delete a trigger': 'scriptapp-triggers',
  'Keep small pointers (document properties)': 'properties-pointers',
};

/** Every row of the report, in the order it shows them: each a google.md key and its behaviour. */
export const BEHAVIOURS: readonly { readonly id: string; readonly key: string; readonly behaviour: string }[] = [
  ['drive-file-scope', 'Spreadsheets made, read and shared by genius-host'],
  ['forms-publish', 'A form genius-host made opened at its phase and took your answer'],
  ['forms-responders', 'A form open to your account only'],
  ['bots-share-nothing', "The bots' forms: nobody to share with, and their answers logged as the bots'"],
  ['advanced-services', 'Google Sheets and Drive answer your copy of genius-host'],
  ['template-no-sheets-api', 'The template your copy came from was made the documented way'],
  ['forms-email-collection', 'Forms records the signed-in account of whoever answers'],
  ['forms-respondent-email', 'Your answer arrived with your own address'],
  ['forms-submit-trigger', 'Your form answer woke genius-host at once'],
  ['triggers-one-shot', 'genius-host woke itself at the time it set'],
  ['triggers-from-trigger', 'A wake-up set while genius-host ran on its own came'],
  ['triggers-minute', 'Near a deadline, genius-host ran about once a minute'],
  ['edits-trigger', 'Typing in your row of the shared sheet was noticed'],
  ['edits-source', 'That notice named the right spreadsheet'],
  ['sheets-batch-update', 'Every change to the sheets was applied'],
  ['sheets-quota', 'A burst of changes over Google’s per-minute limit was finished a minute later'],
  ['drive-publish', 'The shared sheet was published for spectators'],
  ['spectators-link', "The spectators' link opens without sign-in", 'drive-publish'],
  ['drive-link-sharing', 'Sharing with anyone who has the link (used where publishing is refused)'],
  ['drive-writers-can-share', 'Writers kept from sharing the shared sheet on'],
  ['sheets-protected-range', 'A range protected for one editor'],
  ['scriptapp-triggers', 'genius-host set and removed its timers'],
  ['properties-pointers', 'genius-host kept its small notes between runs'],
  ['mail-reminder', 'The reminder email was accepted'],
  ['discord-post', 'The Discord post was accepted'],
  ['discord-refusal', 'A webhook Discord refused was not used again'],
].map(([id, behaviour, key]) => ({ id, behaviour, key: key ?? id }));

/** What a host does about a row that differs: in their words, no API or scope names (the key column is the maintainers'). */
const WHAT_TO_DO_ANY =
  'Nothing to change on your side: send the report (see the top of this tab); genius-host already does the safest thing it can.';
const WHAT_TO_DO: Readonly<Record<string, string>> = {
  'drive-file-scope': 'Run Genius Host → Check this account… again: it says what Google refused and what to do.',
  'advanced-services':
    'Run Genius Host → Check this account…: it gives the steps to add the service in the Apps Script editor.',
  'forms-publish': 'Before a match, open each player’s form (its link on the Links tab) and press Publish.',
  'forms-responders':
    'Before a match, open each player’s form, Publish → Responders, and remove everyone but that player; send each link to its player only.',
  'forms-email-collection': 'In each form: Settings → Responses → Collect email addresses → Verified.',
  'forms-respondent-email': 'Ask each player to answer signed in to the account you listed for them.',
  'forms-submit-trigger': 'Nothing: answers are still read at each deadline, only later than at once.',
  'triggers-one-shot': 'Nothing: genius-host’s hourly check closes a phase at the latest an hour after its deadline.',
  'triggers-from-trigger':
    'Nothing for now: genius-host’s hourly check still closes each phase, up to an hour late; choose deadlines on the hour, and send the report.',
  'triggers-minute': 'Nothing: phases close on the next run after their deadline.',
  'edits-trigger': 'Ask players to answer in their form rather than their row, or use Re-render after a deadline.',
  'sheets-batch-update': 'Use Genius Host → Re-render; if it stays wrong, send the report.',
  'drive-publish': 'Post the shared sheet’s link instead (the Links tab): spectators open it with the link.',
  'drive-link-sharing': 'Ask your domain’s administrator to allow sharing by link, or post pictures of the board.',
  'drive-writers-can-share': 'Ask players not to share the shared sheet on.',
  'sheets-protected-range': 'Ask players to type only in their own row; the log keeps who typed what.',
  'mail-reminder': 'Remind players yourself on Discord; reminders resume tomorrow if the day’s quota was spent.',
  'discord-post': 'Check the webhook (Genius Host → Discord webhook…), or host the match from a machine.',
  'discord-refusal': 'Set the webhook again: Genius Host → Discord webhook….',
  'bots-share-nothing': 'Nothing: bots’ forms are removed with the rehearsal; send the report.',
};

interface Seen {
  readonly verdict: Verdict;
  readonly seen: string;
}

const confirmed = (seen: string): Seen => ({ verdict: 'confirmed', seen });
const differs = (seen: string): Seen => ({ verdict: 'differs', seen });
const notTried = (seen: string): Seen => ({ verdict: 'not tried', seen });

/** Several observations of one row as one: differs if any does, confirmed if any is, else not tried. */
function merged(parts: readonly Seen[]): Seen {
  const worst = parts.find((p) => p.verdict === 'differs')
    ? 'differs'
    : parts.find((p) => p.verdict === 'confirmed')
      ? 'confirmed'
      : 'not tried';
  const seen = parts
    .filter((p) => p.verdict === worst)
    .map((p) => p.seen)
    .filter((s) => s !== '');
  return { verdict: worst, seen: seen.join('; ') };
}

/** The report's rows from the evidence. */
export function reportRows(evidence: Evidence): ReportRow[] {
  const byId = new Map<string, Seen[]>();
  const add = (id: string, seen: Seen | null) => {
    if (seen) byId.set(id, [...(byId.get(id) ?? []), seen]);
  };
  for (const item of evidence.record.check) {
    const id = CHECK_IDS[item.item];
    if (id)
      add(
        id,
        item.works ? confirmed(`checked (Check this account…): ${item.item}`) : differs(`${item.item}: ${item.detail}`),
      );
  }
  for (const [id, seen] of liveObservations(evidence)) add(id, seen);
  return BEHAVIOURS.map(({ id, key, behaviour }) => {
    const parts = byId.get(id) ?? [];
    const seen = parts.length > 0 ? merged(parts) : notTried('');
    return { id, key, behaviour, ...seen, todo: seen.verdict === 'differs' ? (WHAT_TO_DO[id] ?? WHAT_TO_DO_ANY) : '' };
  });
}

/** What the match itself showed, by row. */
function liveObservations(evidence: Evidence): [string, Seen | null][] {
  const { record, match } = evidence;
  const mine = (match?.submissions ?? []).filter((s) => s.player === record.seat);
  const formAnswer = mine.find((s) => s.via === 'form');
  return [
    ['forms-publish', formSeen(evidence, formAnswer?.at)],
    [
      'forms-responders',
      evidence.form?.responders === 'player' ? confirmed('read back: only your account can answer your form') : null,
    ],
    ['bots-share-nothing', botsSeen(evidence)],
    ['advanced-services', servicesSeen(record)],
    [
      'template-no-sheets-api',
      notTried('made once by the maintainers (npm run template), not by your copy: nothing for you to do'),
    ],
    ['triggers-from-trigger', chainSeen(record)],
    ['forms-respondent-email', emailSeen(record.host, formAnswer?.from)],
    ['forms-submit-trigger', submitSeen(record.submit, formAnswer !== undefined)],
    [
      'triggers-one-shot',
      record.wake
        ? firingSeen(record.wake, 'after its time', 15 * 60)
        : notTried(
            `never armed: a one-shot trigger waits for a deadline over 20 minutes away, and phases of ${REHEARSAL_MINUTES} minutes run on the minute trigger`,
          ),
    ],
    ['triggers-minute', firingSeen(record.minute, 'apart', 2 * 60)],
    ...editSeen(
      evidence,
      mine.some((s) => s.via === 'row'),
    ),
    ['sheets-batch-update', batchSeen(record.runs)],
    [
      'sheets-quota',
      record.runs.quota
        ? confirmed(`refused: ${record.runs.quota}; later executions drew the rest`)
        : notTried('no minute held more than 60 writes'),
    ],
    ['drive-publish', publishSeen(evidence.shared)],
    ['spectators-link', linkSeen(evidence.shared)],
    [
      'mail-reminder',
      messageSeen(
        match,
        'email',
        `no reminder was due: you answered each phase before its reminder (${REHEARSAL_REMINDER_MINUTES} minutes before the deadline, to whoever has not answered)`,
        record.seat,
        'remind:',
      ),
    ],
    ['discord-refusal', discordRefusalSeen(match)],
    [
      'discord-post',
      messageSeen(
        match,
        'discord',
        evidence.webhook ? 'no post was due' : 'no Discord webhook is set (Genius Host → Discord webhook…)',
      ),
    ],
  ];
}

/** Start made each bot seat's form with nobody to answer it and nothing for the host to fix; the bots answered in the log. */
function botsSeen(evidence: Evidence): Seen {
  const bots = evidence.bots ?? [];
  if (bots.length === 0) return notTried('this rehearsal had no bot seats');
  const answers = (evidence.match?.submissions ?? []).filter((s) => s.via === 'bot').length;
  const wider = bots.filter((b) => b.responders !== 'none' || b.notes > 0).length;
  if (wider > 0) return differs(`${wider} of ${bots.length} bots' forms were shared with someone or left you a note`);
  return confirmed(`${bots.length} bots' forms shared with nobody; ${answers} answers logged as the bots'`);
}

/** Google's "has not been used in project … or it is disabled", where Check this account… met it. */
function servicesSeen(record: RehearsalRecord): Seen {
  const off = record.check.filter(
    (i) => !i.works && /has not been used in project \d+ before or it is disabled/.test(i.detail),
  );
  if (off.length > 0)
    return differs(
      `turned off for this copy's script: ${[...new Set(off.map((i) => (/Drive API/.test(i.detail) ? 'Drive' : 'Sheets')))].join(' and ')} (Check this account… says how to add it)`,
    );
  const works = (item: string) => record.check.some((i) => i.item === item && i.works);
  if (works('Create a spreadsheet (Sheets API)') && works('Read who owns it (Drive, drive.file scope)'))
    return confirmed('the Sheets and Drive services answered');
  return notTried('Check this account… did not reach both services');
}

/** The one-shot trigger the rehearsal arms from inside a trigger's execution: whether and how late it fired. */
function chainSeen(record: RehearsalRecord): Seen {
  const chain = record.chain;
  if (!chain) return notTried('no trigger execution armed one before the rehearsal ended');
  if (!chain.firing || chain.firing.count === 0)
    return differs(
      `armed from a trigger for ${chain.due}, never fired: genius-host keeps its deadlines with minute triggers instead`,
    );
  return firingSeen(chain.firing, 'after its time', 15 * 60);
}

/** A post dropped because Discord refused the webhook itself, and whether anything was sent to it after. */
function discordRefusalSeen(match: MatchFile | null): Seen {
  const events = (match?.events ?? []).flatMap((e) => (e.type === 'message' && e.channel === 'discord' ? [e] : []));
  const stopped = events.findIndex(
    (e) => e.status === 'dropped' && /posts to this webhook are stopped/.test(e.note ?? ''),
  );
  if (stopped < 0) return notTried('Discord refused no webhook');
  const after = events.slice(stopped + 1).filter((e) => e.status === 'sent' || e.status === 'failed').length;
  return after === 0
    ? confirmed(`stopped at the first refusal: ${events[stopped].note ?? ''}`)
    : differs(`${after} posts were tried after Discord refused the webhook`);
}

function formSeen(evidence: Evidence, answeredAt: string | undefined): Seen {
  const published = evidence.form?.published;
  if (published === false) return differs('your form was not published, so it took no answer');
  if (answeredAt) return confirmed(`published; took your answer at ${answeredAt}`);
  return notTried('no answer came through your form: send one in the next rehearsal');
}

function emailSeen(host: string, from: string | undefined): Seen {
  if (from === undefined) return notTried('no answer came through your form');
  return sameAccount(from, host) ? confirmed(`read back ${from}`) : differs(`read back ${from}, not ${host}`);
}

function submitSeen(submit: Firing | undefined, answered: boolean): Seen {
  if (submit && submit.count > 0) return confirmed(`fired ${submit.count}×${range(submit, 'after the answer')}`);
  return answered
    ? differs('never fired: the clock trigger read your answer instead')
    : notTried('no answer came through your form');
}

/** A clock trigger's firings; `most` seconds late or more is not what the add-on plans for. */
function firingSeen(firing: Firing | undefined, late: string, most: number): Seen {
  if (!firing || firing.count === 0) return differs('never fired');
  const text = `fired ${firing.count}×${range(firing, late)}`;
  return (firing.most ?? 0) > most ? differs(text) : confirmed(text);
}

function range(firing: Firing, late: string): string {
  if (firing.least === undefined || firing.most === undefined) return '';
  return firing.least === firing.most ? `, ${firing.least} s ${late}` : `, ${firing.least} to ${firing.most} s ${late}`;
}

function editSeen(evidence: Evidence, rowLogged: boolean): [string, Seen][] {
  const edit = evidence.record.edit;
  if (!edit || edit.count === 0) {
    const none = evidence.rowAsked
      ? differs('no edit of your row was heard, though the match asked for one there')
      : notTried('this game asks nothing in the shared sheet’s rows');
    return [
      ['edits-trigger', none],
      ['edits-source', notTried('no edit was heard')],
    ];
  }
  const heard = `heard ${edit.count} edit${edit.count === 1 ? '' : 's'} of the shared sheet${rowLogged ? '; the match logged your row' : '; none reached the log'}`;
  const source =
    edit.source === 'host'
      ? confirmed('source named this spreadsheet (the host’s), not the shared sheet edited')
      : differs(
          `source named ${edit.source === 'shared' ? 'the shared sheet (the file edited)' : `another file (${edit.source})`}; the add-on goes by the range's own spreadsheet, so the match heard it all the same`,
        );
  return [
    ['edits-trigger', edit.shared && rowLogged ? confirmed(heard) : differs(heard)],
    ['edits-source', source],
  ];
}

function batchSeen(runs: RehearsalRecord['runs']): Seen {
  if (runs.refused) return differs(runs.refused);
  if (runs.writes === 0) return notTried('no execution wrote to a sheet');
  return confirmed(`${runs.writes} changes to the sheets in ${runs.count} runs, each applied`);
}

function publishSeen(shared: Evidence['shared']): Seen | null {
  if (!shared) return null;
  return shared.published
    ? confirmed(`published: ${shared.spectators}`)
    : differs(`not published: ${shared.note ?? 'refused'}`);
}

/** Whether the link opens signed out, no script can tell: the host looks. */
function linkSeen(shared: Evidence['shared']): Seen {
  if (!shared) return notTried('no shared sheet was made');
  return notTried(`Apps Script cannot open a link signed out: open ${shared.spectators} in a private window to see`);
}

/**
 * The message events of one channel (to `seat`, keyed from `kind`: `remind:` for the reminders
 * alone, not the openings' notices): accepted, refused (with Google's or Discord's words), or none.
 */
function messageSeen(
  match: MatchFile | null,
  channel: 'email' | 'discord',
  none: string,
  seat?: string,
  kind = '',
): Seen {
  const events = (match?.events ?? []).flatMap((e) =>
    e.type === 'message' && e.channel === channel && (seat === undefined || e.player === seat) && e.key.startsWith(kind)
      ? [e]
      : [],
  );
  const refused = events.find((e) => e.status !== 'sent' && e.note);
  const sent = events.filter((e) => e.status === 'sent').length;
  if (refused) return differs(`${refused.status}: ${refused.note ?? ''}`);
  if (sent > 0) return confirmed(`${sent} accepted`);
  return notTried(none);
}

/** The report as plain text, for a bug report (the copy button) and the tests. */
export function reportText(title: string, rows: readonly ReportRow[], footer: readonly string[]): string {
  const lines = rows.map(
    (r) =>
      `[${r.verdict}] ${r.behaviour} (docs/google.md: ${r.key})${r.seen ? `: ${r.seen}` : ''}${r.todo ? ` To do: ${r.todo}` : ''}`,
  );
  return [title, '', ...lines, '', ...footer].join('\n');
}
