// The match log tab (src/triggers/saved/match-log.ts) with two writers: entries named as any host would name
// them, appended after whatever rows are there, an entry the log holds not appended again.
import { describe, expect, it } from 'vitest';
import type { MatchEvent, Submission } from '../../src/engine/core/game.js';
import type { MatchFile } from '../../src/engine/index.js';
import { LOG_TAB, type LogEntry, MatchLog, entryUids } from '../../src/triggers/saved/match-log.js';
import { matchOf, baseFile } from '../helpers/match.js';
import { gameSeating } from '../helpers/some-game.js';
import { SheetFile, spreadsheetPort } from './sheets.js';

const match: MatchFile = matchOf(baseFile(gameSeating(3).id, 3));
const sent = (player: string, response: string): LogEntry => ({
  kind: 'submission',
  value: {
    phase: 'step-1',
    player,
    answers: { colour: 'red' },
    via: 'form',
    form: 'f',
    response,
  } satisfies Submission,
});
const message = (key: string, player: string): LogEntry => ({
  kind: 'event',
  value: {
    type: 'message',
    channel: 'email',
    key,
    player,
    status: 'sent',
    at: '2026-11-21T18:00:00.000Z',
  } satisfies MatchEvent,
});

describe('the match log with two writers', () => {
  it('two hosts that read the same log and append: both rows stay (no row written over), and the same entry counts once', () => {
    const file = new SheetFile('1Log', 'Host', 'host@example.com');
    new MatchLog(spreadsheetPort(file)).create(match);
    const a = new MatchLog(spreadsheetPort(file));
    const b = new MatchLog(spreadsheetPort(file));
    const readA = a.read();
    const readB = b.read();
    if (!readA || !readB) throw new Error('no log');
    // Both saw the same rows; each logs what it read, one response in common.
    a.append(entryUids([sent('p1', 'r1'), sent('p2', 'r2')], readA.match));
    b.append(entryUids([sent('p2', 'r2'), sent('p3', 'r3')], readB.match));
    const rows = (file.values(`'${LOG_TAB}'!A1:A`, 'FORMULA').values ?? []).length;
    expect(rows).toBe(5);
    const log = new MatchLog(spreadsheetPort(file)).read()?.match;
    expect(log?.submissions.map((s) => s.response)).toEqual(['r1', 'r2', 'r3']);
    expect(log?.submissions.map((s) => s.uid)).toEqual(['response:r1', 'response:r2', 'response:r3']);
  });

  it('appending an entry the log held when read writes nothing', () => {
    const file = new SheetFile('1Log2', 'Host', 'host@example.com');
    new MatchLog(spreadsheetPort(file)).create(match);
    const log = new MatchLog(spreadsheetPort(file));
    const first = log.read();
    if (!first) throw new Error('no log');
    log.append(entryUids([sent('p1', 'r1')], first.match));
    const writes = file.writes.length;
    const again = log.read();
    if (!again) throw new Error('no log');
    log.append(entryUids([sent('p1', 'r1')], again.match));
    expect(file.writes.length).toBe(writes);
    expect(new MatchLog(spreadsheetPort(file)).read()?.logRows).toBe(2);
  });

  it('names the same thing the same way: a close by its phase and the reopens before it, a message by its try', () => {
    const reopened: MatchFile = {
      ...match,
      events: [
        { type: 'reopen', phase: 'step-1', deadline: '2026-11-21T19:00:00.000Z', at: '2026-11-21T18:40:00.000Z' },
      ],
    };
    const close: LogEntry = {
      kind: 'event',
      value: { type: 'close', phase: 'step-1', at: '2026-11-21T18:10:00.000Z' },
    };
    const uid = (entries: LogEntry[], m: MatchFile) => entryUids(entries, m).map((e) => e.value.uid);
    expect(uid([close], match)).toEqual(['close:step-1:0']);
    // A close at another time, by another host, of the same opening: the same id.
    expect(
      uid([{ kind: 'event', value: { type: 'close', phase: 'step-1', at: '2026-11-21T18:11:00.000Z' } }], match),
    ).toEqual(['close:step-1:0']);
    // After the host reopened the phase, its next close is another.
    expect(uid([close], reopened)).toEqual(['close:step-1:1']);
    const tried = { ...match, events: [message('remind:step-1@x:60', 'p1').value as MatchEvent] };
    expect(uid([message('remind:step-1@x:60', 'p1'), message('remind:step-1@x:60', 'p2')], match)).toEqual([
      'message:email:remind:step-1@x:60:p1:0',
      'message:email:remind:step-1@x:60:p2:0',
    ]);
    expect(uid([message('remind:step-1@x:60', 'p1')], tried)).toEqual(['message:email:remind:step-1@x:60:p1:1']);
    // A host's action keeps the id it was given when the host acted.
    expect(uid([{ kind: 'decision', value: { id: 'tie', choice: 'p1', uid: 'host:abc' } }], match)).toEqual([
      'host:abc',
    ]);
  });
});

describe('the match log over 2 MB at once', () => {
  it('appends 300 entries of about 9 KB each in several batchUpdates each under 2 MB, every entry once and in order', () => {
    const file = new SheetFile('1Log3', 'Host', 'host@example.com');
    new MatchLog(spreadsheetPort(file)).create(match);
    const log = new MatchLog(spreadsheetPort(file));
    const first = log.read();
    if (!first) throw new Error('no log');
    const long = (i: number) =>
      Object.fromEntries(
        Array.from({ length: 9 }, (_, q) => [`note${q + 1}`, `${i}.${q} ${'Grüße, answer text; '.repeat(49)}`]),
      );
    const entries: LogEntry[] = Array.from({ length: 300 }, (_, i) => ({
      kind: 'submission',
      value: {
        phase: 'step-1',
        player: 'p1',
        answers: { colour: 'red', ...long(i) },
        via: 'form',
        form: 'f',
        response: `r${i}`,
      } satisfies Submission,
    }));
    const writes = file.writes.length;
    log.append(entryUids(entries, first.match));
    const made = file.writes.slice(writes);
    expect(made.length).toBeGreaterThan(1);
    for (const write of made) expect(write.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    const read = new MatchLog(spreadsheetPort(file)).read()?.match;
    expect(read?.submissions.map((s) => s.response)).toEqual(entries.map((_, i) => `r${i}`));
    expect(read?.submissions[299].answers).toEqual({ colour: 'red', ...long(299) });
  });
});

describe('the log read by its kept tab id (issue 42)', () => {
  /** A spreadsheet port that counts its metadata reads. */
  function counted(file: SheetFile) {
    const port = spreadsheetPort(file);
    const reads = { metadata: 0 };
    return {
      reads,
      port: {
        ...port,
        getMetadata: () => {
          reads.metadata += 1;
          return port.getMetadata();
        },
      },
    };
  }

  it('reads it without the metadata once its id is kept, and finds it again when the kept id no longer reads', () => {
    const file = new SheetFile('1Log', 'Host', 'host@example.com');
    new MatchLog(spreadsheetPort(file)).create(match);
    let kept: number | null = null;
    const keep = { get: () => kept, set: (id: number) => (kept = id) };
    const first = counted(file);
    expect(new MatchLog(first.port, keep).read()?.match.seed).toBe(match.seed);
    expect(first.reads.metadata).toBe(1);
    expect(kept).not.toBeNull();
    // The next execution: one values read, no metadata; its append goes to the kept tab.
    const second = counted(file);
    const log = new MatchLog(second.port, keep);
    expect(log.read()?.match.seed).toBe(match.seed);
    log.append([sent('p1', 'r1')]);
    expect(second.reads.metadata).toBe(0);
    expect(new MatchLog(spreadsheetPort(file)).read()?.match.submissions).toHaveLength(1);
    // The tab renamed by hand: the kept id reads nothing by its title, and the metadata says there is no log.
    const id = kept!;
    file.workbook.batchUpdate([
      { updateSheetProperties: { properties: { sheetId: id, title: 'renamed' }, fields: 'title' } },
    ]);
    const third = counted(file);
    expect(new MatchLog(third.port, keep).read()).toBeNull();
    expect(third.reads.metadata).toBe(1);
  });
});
