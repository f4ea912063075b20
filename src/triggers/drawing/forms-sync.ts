// Keeping the forms in step with the match: each player's form shows the open phase's questions
// (or a closed message). A form about to change is closed and read once more first (execution/decide.ts),
// so every response is read with the items it answered and credited to the phase the form showed.

import { fingerprint } from '../../engine/core/hash.js';
import { closeWhenReadyFor } from '../../engine/core/ready.js';
import { zonedText } from '../../engine/core/zones.js';
import type { ReplayResult } from '../../engine/index.js';
import { type FormSpec, formSpecFor } from '../../forms/index.js';
import { formOf } from '../answers/form-responses.js';
import type { HostContext } from '../saved/context.js';
import type { FormLayout, FormPointer, ItemLayout } from '../saved/pointers.js';
import type { FormParts, FormProtection, ItemParts } from '../google/ports.js';
import { publicByForm } from '../answers/public-rows.js';

/**
 * How long an execution may have run before it leaves the forms it has not changed yet to the next
 * tick (they stay closed until then: see updateForms). Apps Script stops an execution at 6
 * minutes; changing twenty forms' questions can take several (test/reliability/cost.ts).
 */
const FORMS_TIME_BUDGET_MS = 150_000;

/** What a player's form should show, and its fingerprint (the key its pointer keeps once it shows it). */
export interface WantedForm {
  readonly spec: FormSpec;
  readonly key: string;
}

/** What each player's form should show as the match stands (made once per replay, and handed on). */
export function formSpecs(ctx: HostContext, result: ReplayResult): Map<string, WantedForm> {
  const shared = ctx.pointers.shared();
  const matchZone = result.match.schedule?.timeZone ?? 'UTC';
  const closesWhenReady = result.open !== null && closeWhenReadyFor(result.match.schedule, result.open.phase);
  const over = result.open
    ? undefined
    : result.final
      ? 'The match is over. Thank you for playing!'
      : "The match waits on the host's decision.";
  const out = new Map<string, WantedForm>();
  for (const player of result.match.players) {
    const pointer = ctx.pointers.player(player.id);
    // Times in the player's own zone, as their sheet and emails give them (core/zones.ts).
    const zone = player.timeZone ?? matchZone;
    const deadline = result.open?.timing.deadline ? zonedText(result.open.timing.deadline, zone) : undefined;
    const pausedSince = result.paused ? zonedText(result.paused.from, zone) : undefined;
    const spec = formSpecFor(player.id, {
      gameTitle: result.game.title,
      playerName: player.name,
      phase: result.open?.phase ?? null,
      ...(deadline ? { deadline } : {}),
      ...(over ? { over } : {}),
      ...(pausedSince !== undefined ? { pausedSince } : {}),
      ...(closesWhenReady ? { closesWhenReady } : {}),
      ...(shared ? { sharedSheetUrl: shared.url } : {}),
      ...(publicByForm(result.match) ? { publicByForm: true } : {}),
      ...(pointer ? { playerSheetUrl: pointer.sheet.url } : {}),
    });
    out.set(player.id, { spec, key: fingerprint(JSON.stringify(spec)) });
  }
  return out;
}

function specOf(specs: ReadonlyMap<string, WantedForm>, playerId: string): WantedForm {
  const wanted = specs.get(playerId);
  if (!wanted) throw new Error(`no form spec for player ${playerId}`);
  return wanted;
}

/** The fingerprints of what `spec` shows, part by part. */
function layoutOf(spec: FormSpec): FormLayout {
  return {
    title: fingerprint(spec.title),
    description: fingerprint(spec.description),
    closedMessage: fingerprint(spec.closedMessage),
    items: spec.items.map((i) => ({
      kind: i.kind,
      title: fingerprint(i.title),
      help: fingerprint(i.help),
      required: i.required,
      choices: fingerprint(JSON.stringify(i.choices ?? [])),
      validation: fingerprint(`${i.validation ?? ''}\n${i.validationHelp ?? ''}`),
    })),
  };
}

/** Which parts of an item the form shows (`old`) show `want` already. */
function itemParts(old: ItemLayout, want: ItemLayout | undefined): ItemParts {
  return {
    kind: old.kind,
    title: old.title === want?.title,
    help: old.help === want?.help,
    required: old.required === want?.required,
    choices: old.choices === want?.choices,
    validation: old.validation === want?.validation,
  };
}

/** Which parts of the form show `wanted` already (`shown`: what it showed, if known; a close leaves its closed message: execution/decide.ts). */
function partsShown(shown: FormLayout | undefined, wanted: FormLayout): FormParts {
  const items = Array.isArray(shown?.items) ? shown.items : null;
  return {
    title: shown?.title === wanted.title,
    description: shown?.description === wanted.description,
    closedMessage: shown?.closedMessage === wanted.closedMessage,
    items: items ? items.map((old, i) => itemParts(old, wanted.items[i])) : null,
    ...(items ? { across: items.map((old) => wanted.items.map((want) => itemParts(old, want))) } : {}),
  };
}

/** Shows one form its spec, then opens or closes it, recording each step in its pointer. */
function showForm(
  ctx: HostContext,
  formId: string,
  spec: FormSpec,
  key: string,
  pointer: FormPointer,
  {
    rewrite,
    closedWith,
    published,
  }: {
    rewrite: boolean;
    closedWith: string | undefined;
    /** Whether the start found the form published (FormProtection), if it is to be trusted. */
    published: FormProtection['published'] | undefined;
  },
): void {
  // What the form shows already is left alone (Re-render rewrites all of it).
  const shown = rewrite ? undefined : pointer.layout;
  // A closed form shows its custom closed-form message, not its questions or description
  // (docs/google.md, forms-closed-message): while it stays closed, the description it had is kept,
  // one Forms call fewer a form a phase; it is set when the form opens.
  const kept = !spec.accepting && shown !== undefined;
  const wanted = kept ? { ...layoutOf(spec), description: shown.description } : layoutOf(spec);
  const same = partsShown(shown, wanted);
  // Items about to change in place: the pointer first stops vouching for them, so an execution
  // stopped half-way makes the next one rebuild them rather than trust a stale layout.
  if (
    same.items &&
    spec.items.length > 0 &&
    same.items.some((p) => !(p.title && p.help && p.required && p.choices && p.validation))
  ) {
    const { layout: _old, ...rest } = pointer;
    ctx.pointers.setForm(formId, {
      ...rest,
      key: '',
      ...(pointer.layout
        ? { layout: { title: pointer.layout.title, description: '', closedMessage: '', items: [] } }
        : {}),
    });
  }
  const items = ctx.ports.forms.show(formId, spec, pointer.items, same);
  // A closed form keeps the questions it had (show() leaves them).
  const layout: FormLayout = { ...wanted, items: spec.items.length > 0 ? wanted.items : (pointer.layout?.items ?? []) };
  // The form opens only once the pointer names what it shows (an answer sent before would be
  // read with the old phase's items), and the pointer claims the spec only once the form is
  // open (or the next execution would not open it).
  // `open`: answers may wait in the form unread. A form closed and read again in this execution
  // (closedWith) holds none; one closed here without that read keeps what it said.
  const open = spec.accepting || (closedWith === undefined && pointer.open !== false);
  ctx.pointers.setForm(formId, { phase: spec.phase, key: spec.accepting ? '' : key, items, layout, open });
  if (spec.accepting) {
    ctx.ports.forms.startAccepting(formId, published);
    ctx.pointers.setForm(formId, { phase: spec.phase, key, items, layout, open });
  } else if (closedWith === undefined && (rewrite || pointer.open !== false)) {
    // A form closed and read (its pointer's `open` false) has not been opened since: it accepts
    // nothing already, and closing it again would be a Forms call that changes nothing.
    ctx.ports.forms.stopAccepting(formId);
  }
}

/**
 * The forms left to the next execution from `from` on that this one closed and read (the log holds
 * what they said: it is written before the forms are drawn): their pointers say so (`open` false),
 * so the next execution neither closes nor reads them again (three Forms calls a form, issue 42).
 */
function leftClosed(
  ctx: HostContext,
  result: ReplayResult,
  specs: ReadonlyMap<string, WantedForm>,
  closed: ReadonlyMap<string, string>,
  from: string,
): void {
  const players = result.match.players;
  for (const player of players.slice(players.findIndex((p) => p.id === from))) {
    if (!closed.has(player.id) || !specs.has(player.id)) continue;
    const formId = formOf(player);
    const pointer = ctx.pointers.form(formId);
    if (pointer.open !== false) ctx.pointers.setForm(formId, { ...pointer, open: false });
  }
}

/**
 * Shows each form its spec where it changed (every form with `rewrite`); `closed`: the forms this
 * execution closed, shown again even if their questions did not change. Returns how many forms
 * changed, and whether some were left to the next execution (late in this one).
 */
export function updateForms(
  ctx: HostContext,
  result: ReplayResult,
  specs: ReadonlyMap<string, WantedForm>,
  {
    rewrite,
    closed,
    held,
    startedAt,
    drewAll,
  }: {
    rewrite: boolean;
    closed: ReadonlyMap<string, string>;
    held: ReadonlySet<string>;
    startedAt: number;
    /** This execution drew every sheet that changed: the next one has the forms alone to do, so it changes at least one. */
    drewAll: boolean;
  },
): { updated: number; pending: boolean } {
  let count = 0;
  let pending = false;
  for (const player of result.match.players) {
    const { spec, key } = specOf(specs, player.id);
    const formId = formOf(player);
    const pointer = ctx.pointers.form(formId);
    if (!rewrite && !closed.has(player.id) && pointer.key === key) continue;
    // Not closed and read here, and may hold an answer: the next execution closes it first (its
    // pointer still differs, so it looks: see afterReads in execution/decide.ts).
    if (held.has(player.id)) {
      pending = true;
      continue;
    }
    // Late in the execution: the next tick changes the rest (their pointers still differ, and a
    // form closed at the deadline stays closed until then, so no answer is read with stale items).
    // An execution that drew the sheets may leave every form (a deadline's, after the boards);
    // one that drew none changes one at least, so the forms always move on.
    if ((count > 0 || drewAll) && Date.parse(ctx.ports.clock.now()) - startedAt > FORMS_TIME_BUDGET_MS) {
      leftClosed(ctx, result, specs, closed, player.id);
      return { updated: count, pending: true };
    }
    showForm(ctx, formId, spec, key, pointer, {
      rewrite,
      closedWith: closed.get(player.id),
      // Re-render asks Forms again whether each form is published.
      published: rewrite ? undefined : ctx.pointers.protection(player.id)?.published,
    });
    count += 1;
  }
  return { updated: count, pending };
}
