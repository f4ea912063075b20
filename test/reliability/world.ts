// The sandbox's world reduced to what a person could see or the add-on could read, part by part,
// so two runs can be compared and a difference named: the match log, every tab of every
// spreadsheet, every form, the document properties, sharing and publishing, the triggers.
//
// The rows pointer's read time, when the forms were last read and the calls' timings are left out (see below). Form item ids are not compared as such: Forms gives new items new ids, so a form rebuilt by a
// retry has other ids than in a clean run. Items are compared by position, and the add-on's
// pointer from item ids to question ids is compared with ids replaced by those positions.
import { createHash } from 'node:crypto';
import type { Google } from '../sandbox/services.js';

export type WorldDigest = ReadonlyMap<string, string>;

const hash = (text: string) => createHash('sha1').update(text).digest('base64');

/** The world, part by part (each part's value is a hash, or the text itself when short). */
export function digestWorld(google: Google): WorldDigest {
  const parts = new Map<string, string>();
  // Each part made text once: a tab of a large board is megabytes of JSON, digested after every faulted run.
  const put = (key: string, value: unknown) => {
    const text = JSON.stringify(value) ?? 'undefined';
    parts.set(key, text.length <= 400 ? text : hash(text));
  };
  for (const file of google.sheets.values()) {
    const meta = google.files.get(file.id)!;
    put(`file ${file.title}: sharing`, {
      permissions: meta.permissions,
      published: meta.published,
      publishAuto: meta.publishAuto,
    });
    file.workbook.tabs.forEach((tab, index) => {
      // Without their ids: Sheets draws them at random (so does the embedded workbook).
      const protections = tab.protectedRanges.map(({ protectedRangeId, ...p }) => ({
        ...p,
        editors: file.protections.get(protectedRangeId)?.editors ?? null,
      }));
      put(`file ${file.title}: tab ${tab.title}`, {
        index,
        hidden: file.hidden.has(tab.sheetId),
        rows: tab.rowCount,
        columns: tab.columnCount,
        frozen: [tab.frozenRowCount, tab.frozenColumnCount],
        cells: withoutDrawnTime(tab.cells),
        merges: tab.merges,
        heights: tab.rowHeights,
        widths: tab.columnWidths,
        protections,
        metadata: metadataWithoutDrawnTime(tab.cells, tab.developerMetadata),
      });
    });
  }
  const itemPosition = new Map<string, string>();
  for (const form of google.forms.values()) {
    form.items.forEach((item, i) => itemPosition.set(`${form.id}/${item.id}`, `#${i}`));
    put(`form ${form.title}`, {
      description: form.description,
      accepting: form.accepting,
      closedMessage: form.closedMessage,
      collectEmail: form.collectEmail,
      destination: form.destination,
      responses: form.responses.length,
      items: form.items.map((i) => ({
        kind: i.kind,
        title: i.title,
        help: i.help,
        required: i.required,
        choices: i.choices,
        pattern: i.pattern,
      })),
    });
  }
  for (const [key, value] of google.properties) {
    if (key.startsWith('gh.form.')) {
      const formId = key.slice('gh.form.'.length);
      const pointer = JSON.parse(value) as { items: Record<string, string> };
      // By position: a map's order says nothing (numeric ids go first, in numeric order, whatever
      // the order the items were made in).
      const items = Object.entries(pointer.items)
        .map(([id, question]) => [itemPosition.get(`${formId}/${id}`) ?? `gone ${id}`, question])
        .sort(([a], [b]) => a.localeCompare(b));
      put(`property ${key}`, { ...pointer, items });
    } else if (
      key === 'gh.polled' ||
      key === 'gh.poll-asked' ||
      key === 'gh.quiet' ||
      key === 'gh.drawn-at' ||
      key.startsWith('gh.ask.') ||
      // How long Google's calls took (src/triggers/google/measured.ts): a measurement, which each
      // interleaving makes differently, not what the match is.
      key === 'genius-host.latency'
    ) {
      // When the forms were last read, and how often asked to be: bookkeeping of the same kind as readAt.
      continue;
    } else if (key.startsWith('gh.meta.')) {
      // A spreadsheet's metadata as its last write answered it (known-metadata.ts): a copy of what
      // the spreadsheet holds, which is compared above, with the ids Sheets draws at random.
      continue;
    } else if (key === 'gh.armed') {
      // What is armed (arming.ts): whether the minute trigger runs is the same; a one-shot trigger's
      // time is not, since a faulted run's retry ran later and arms "soon" from then.
      const { wake: _wake, ...armed } = JSON.parse(value) as Record<string, unknown>;
      put(`property ${key}`, armed);
    } else if (key === 'gh.state') {
      // The execution's record: when the forms were last read and the sheets last drawn are
      // bookkeeping like the keys above; what was drawn (seen, rendered) is compared.
      const { polledAt: _polledAt, drawnAt: _drawnAt, ...state } = JSON.parse(value) as Record<string, unknown>;
      put(`property ${key}`, state);
    } else if (key === 'gh.rows') {
      // When the rows were last read differs with when an execution got to read them; what it
      // decides (the time a row answer is stamped with) is in the log, which is compared.
      // When the tab began showing each setup (`since`) differs in the same way.
      const {
        readAt: _readAt,
        since: _since,
        previous,
        next,
        ...rows
      } = JSON.parse(value) as {
        readAt?: string;
        since?: string;
        previous?: { since?: string };
        next?: { since?: string };
      };
      const undated = (s?: { since?: string }) => (s ? { ...s, since: undefined } : undefined);
      put(`property ${key}`, { ...rows, previous: undated(previous), next: undated(next) });
    } else {
      put(`property ${key}`, value);
    }
  }
  put('triggers', google.triggers.map((t) => [t.kind, t.handler, t.minutes ?? null]).sort());
  put('mail', google.mail);
  return parts;
}

/** The parts that differ, each with both values (empty when the worlds are the same). */
export function differences(expected: WorldDigest, actual: WorldDigest): string[] {
  const out: string[] = [];
  for (const key of new Set([...expected.keys(), ...actual.keys()])) {
    const a = expected.get(key);
    const b = actual.get(key);
    if (a !== b) out.push(`${key}: expected ${a ?? '(missing)'}, got ${b ?? '(missing)'}`);
  }
  return out;
}

/**
 * A tab's cells without the time it was drawn at: the Status tab's "Closes in … as of the last
 * update at …" row says how long the phase had left when its execution drew it, which a run with a
 * fault (drawn by a later execution) and a clean run say differently. Everything else must agree.
 */
export function withoutDrawnTime<T extends readonly unknown[] | null | undefined>(cells: readonly T[]): T[] {
  return cells.map((row) => {
    const first = row?.[0] as { userEnteredValue?: { stringValue?: string } } | null | undefined;
    if (!row || first?.userEnteredValue?.stringValue !== 'Closes in') return row;
    return [row[0], null, ...row.slice(2)] as unknown as T;
  });
}

/** A tab's developer metadata, without the fingerprint of its content where that content holds the time it was drawn (see withoutDrawnTime). */
export function metadataWithoutDrawnTime<M extends { readonly metadataKey?: string }>(
  cells: readonly (readonly unknown[] | null | undefined)[],
  metadata: readonly M[],
): M[] {
  const drawnAt = cells.some(
    (row) =>
      (row?.[0] as { userEnteredValue?: { stringValue?: string } } | null | undefined)?.userEnteredValue
        ?.stringValue === 'Closes in',
  );
  return drawnAt ? metadata.filter((m) => !(m.metadataKey ?? '').endsWith('/content')) : [...metadata];
}
