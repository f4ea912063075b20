// The match file's entries (docs/matchfile.md): submissions, host decisions and events, as the
// schema of matchfile.ts reads them. Apart from matchfile.ts only to keep each file short.

import * as z from 'zod/mini';
import { unreadAnswer } from './matchfile-notices.js';

export const isoTime = z
  .string()
  .check(z.refine((text) => isIsoTime(text), 'expected an ISO 8601 time such as 2026-11-21T18:00:00Z'));

export function isIsoTime(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) &&
    !Number.isNaN(Date.parse(text))
  );
}

/** Answers are text, as a form sends them; numbers in a hand-written file are read as text. */
const answerText = z.union([z.string(), z.pipe(z.number(), z.transform(String))]);
const answerValue = z.union([answerText, z.array(answerText), unreadAnswer]);

/** An entry's own id (docs/matchfile.md, "Entry ids"); optional: files written before ids load as they are. */
const entryUid = z.optional(
  z
    .string()
    .check(z.minLength(1, 'an entry id is not empty'), z.maxLength(500, 'an entry id is at most 500 characters')),
);

/** The link of the entry logged before this one (docs/matchfile.md, "The chain"); absent in files made before the chain. */
const entryAfter = z.optional(
  z.string().check(z.regex(/^[0-9a-f]{64}$/, 'a link is 64 lowercase hexadecimal digits (a SHA-256)')),
);

export const submissionSchema = z.strictObject({
  phase: z.string().check(z.minLength(1, 'a phase name is required')),
  player: z.string().check(z.minLength(1, 'a player id is required')),
  at: z.optional(isoTime),
  answers: z.record(z.string(), answerValue),
  via: z.optional(z.enum(['form', 'row', 'host', 'bot'])),
  from: z.optional(z.string().check(z.minLength(1, "the sender's email is required"))),
  form: z.optional(z.string().check(z.minLength(1, 'a form id is required'))),
  response: z.optional(z.string().check(z.minLength(1, 'a response id is required'))),
  editedBy: z.optional(z.enum(['other', 'unknown'])),
  uid: entryUid,
  after: entryAfter,
  receipt: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/, 'a receipt is 64 lowercase hexadecimal digits'))),
});

/** The longest reason a host may give for an action (it is shown on every spectator's sheet). */
export const MAX_REASON_LENGTH = 300;

/** The host's reason for an action (shown to everyone on the Host actions list): one line of text. */
const hostReason = z.optional(
  z.string().check(
    z.maxLength(MAX_REASON_LENGTH, `a reason is at most ${MAX_REASON_LENGTH} characters`),
    z.refine((text) => !/[\r\n]/.test(text), 'a reason is one line'),
  ),
);

const scheduleEventSchema = z.strictObject({
  type: z.enum(['extend', 'reopen']),
  phase: z.string().check(z.minLength(1, 'a phase name is required')),
  deadline: isoTime,
  at: isoTime,
  reason: hostReason,
  uid: entryUid,
  after: entryAfter,
});

const emailEventSchema = z.strictObject({
  type: z.literal('email'),
  player: z.string().check(z.minLength(1, 'a player id is required')),
  email: z.email('an email address such as ann@example.com is required'),
  at: isoTime,
  reason: hostReason,
  uid: entryUid,
  after: entryAfter,
});

const substituteEventSchema = z.strictObject({
  type: z.literal('substitute'),
  player: z.string().check(z.minLength(1, 'a player id is required')),
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'a name is required'), z.maxLength(60, 'a name is at most 60 characters')),
  /** An anonymous match's substitute: who they are (host-only); `name` is the seat's alias, which they take. */
  person: z.optional(
    z
      .string()
      .check(z.trim(), z.minLength(1, 'a person is named'), z.maxLength(60, 'a person is at most 60 characters')),
  ),
  email: z.email('an email address such as ann@example.com is required'),
  at: isoTime,
  reason: hostReason,
  uid: entryUid,
  after: entryAfter,
});

const closeEventSchema = z.strictObject({
  type: z.literal('close'),
  phase: z.string().check(z.minLength(1, 'a phase name is required')),
  at: isoTime,
  uid: entryUid,
  after: entryAfter,
});

/** Pause, resume, and Resolve overdue now (on the Host actions list; replay ignores it): docs/matchfile.md, "Host events". */
const pauseEventSchema = z.strictObject({
  type: z.enum(['pause', 'resume', 'resolve']),
  at: isoTime,
  reason: hostReason,
  uid: entryUid,
  after: entryAfter,
});

/** A message the add-on sent, skipped or gave up on (docs/matchfile.md, "Messages"): it changes nothing in the match. */
const messageEventSchema = z.strictObject({
  type: z.literal('message'),
  channel: z.enum(['email', 'discord']),
  key: z.string().check(z.minLength(1, 'a message key is required')),
  status: z.enum(['sent', 'skipped', 'failed', 'dropped']),
  player: z.optional(z.string().check(z.minLength(1, 'a player id is required'))),
  note: z.optional(z.string()),
  retry: z.optional(isoTime),
  at: isoTime,
  uid: entryUid,
  after: entryAfter,
});

export const eventSchema = z.discriminatedUnion('type', [
  scheduleEventSchema,
  emailEventSchema,
  closeEventSchema,
  pauseEventSchema,
  messageEventSchema,
  substituteEventSchema,
]);

export const decisionSchema = z.strictObject({
  id: z.string().check(z.minLength(1)),
  choice: z.string().check(z.minLength(1)),
  at: z.optional(isoTime),
  reason: hostReason,
  uid: entryUid,
  after: entryAfter,
});
