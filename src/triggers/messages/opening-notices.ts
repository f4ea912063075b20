// The call at a phase's opening (docs/notices.md): each player the phase waits for gets an email
// with their own form's link, what the phase asks of them and the deadline in their own zone, and
// the match's Discord channel gets a post naming the phase and mentioning those players by their
// Discord user ids where the setup gives them. Each can be turned off at setup (schedule.notices).
// Sending, logging and the mail quota are messages.ts's, as for reminders: this file says only
// what is due and what it reads.

import type { Question } from '../../engine/core/game.js';
import type { MatchFile } from '../../engine/core/matchfile.js';
import { zonedText } from '../../engine/core/zones.js';
import type { ReplayResult } from '../../engine/index.js';
import type { HostContext } from '../saved/context.js';
import { discordText } from './discord-webhook.js';
import type { MailMessage } from '../google/ports.js';
import { publicByForm } from '../answers/public-rows.js';

/**
 * The open phase's opening, the same for every execution: `open:<phase>@<opensAt>` (a phase the host
 * reopens opens again, at another time: a new notice). None while paused, nor without an opening time
 * (a match file replayed without a schedule).
 */
export function openingKey(result: ReplayResult): string | null {
  const open = result.open;
  if (!open || result.paused || open.timing.opensAt === undefined) return null;
  return `open:${open.phase.id}@${open.timing.opensAt}`;
}

/** Which channels call the players at an opening: both unless the setup turned one off. */
export function noticesOn(match: MatchFile): { email: boolean; discord: boolean } {
  const notices = match.schedule?.notices;
  return { email: notices?.email !== false, discord: notices?.discord !== false };
}

/** What one question asks, in a line: its label, what to write, and where (form or shared row). */
function questionLine(question: Question, byRow: boolean): string {
  const where = byRow ? ' (in your row of the shared sheet)' : '';
  const choices =
    question.kind !== 'text' &&
    question.choices &&
    question.choices.length > 0 &&
    question.choices.length <= 12 &&
    !question.choices.every((choice) => question.help.includes(choice))
      ? ` Choices: ${question.choices.join(', ')}.`
      : '';
  return `- ${question.label}${where}: ${question.help}${choices}`;
}

/** The email a player gets when a phase that waits for them opens: their links, the questions, the deadline in their zone. */
export function openingEmail(ctx: HostContext, result: ReplayResult, playerId: string, to: string): MailMessage {
  const open = result.open;
  if (!open) throw new Error('an opening notice needs an open phase');
  const player = result.match.players.find((p) => p.id === playerId);
  const name = player?.name ?? playerId;
  const timeZone = player?.timeZone ?? result.match.schedule?.timeZone ?? 'UTC';
  const deadline = open.timing.deadline;
  const when = deadline ? `Answer by ${zonedText(deadline, timeZone)}.` : 'It has no deadline yet: the host closes it.';
  const byForm = publicByForm(result.match);
  const questions = open.phase.questions[playerId] ?? [];
  const links = ctx.pointers.player(playerId);
  const lines = [
    `Hello ${name},`,
    '',
    `${result.game.title}: ${open.phase.title} is open and waits for your answer. ${when}`,
    '',
    'What to answer:',
    ...questions.map((q) => questionLine(q, !byForm && q.public === true)),
    '',
  ];
  if (questions.some((q) => byForm || !q.public) && links) lines.push(`Your form: ${links.form.url}`);
  if (!byForm && questions.some((q) => q.public))
    lines.push(`Your row in the shared sheet (tab "Your answers"): ${ctx.pointers.requireShared().url}`);
  if (links) lines.push(`Your sheet (what to do now, your receipts and the board): ${links.sheet.url}`);
  lines.push(
    '',
    'The last valid answer you send before the deadline counts, so you can change your mind. This notice comes from the match host’s genius-host at each phase that waits for you.',
  );
  return {
    to,
    subject: `${result.game.title}: ${open.phase.title} is open${deadline ? `, answer by ${zonedText(deadline, timeZone)}` : ''}`,
    body: lines.join('\n'),
  };
}

/**
 * The post at an opening: the phase, its deadline in each reader's own time (Discord's timestamp
 * markup), and the players it waits for, each mentioned by their Discord id where the setup gives
 * one (with the name beside it), else named. An anonymous match mentions nobody: an id would say who
 * plays under an alias.
 */
export function openingPost(result: ReplayResult, waiting: readonly string[]): { content: string; mentions: string[] } {
  const open = result.open;
  const deadline = open?.timing.deadline;
  const mentions: string[] = [];
  const names = waiting.map((id) => {
    const name = discordText(result.ctx.playerName(id));
    const discord =
      result.match.anonymous === true ? undefined : result.match.players.find((p) => p.id === id)?.discord;
    if (discord === undefined) return name;
    mentions.push(discord);
    return `<@${discord}> (${name})`;
  });
  const until = deadline ? ` until ${discordTimestamp(deadline)}` : '';
  return {
    content: `**${discordText(result.game.title)}**: ${discordText(open?.phase.title ?? '')} is open${until}. Waiting for: ${names.join(', ')}`,
    mentions,
  };
}

/** A time in Discord's timestamp markup, shown in each reader's own zone: the full date and time, then how far off. */
function discordTimestamp(iso: string): string {
  const seconds = Math.floor(Date.parse(iso) / 1000);
  return `<t:${seconds}:F> (<t:${seconds}:R>)`;
}
