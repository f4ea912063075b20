// Replay computes wall-clock deadlines from the file alone (issue 29 item 1): Not Flower Field's
// example replayed by machines set to different time zones (the TZ variable of the child process)
// gives the same deadlines, to the byte.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../helpers/cli.js';

// Not Flower Field's example on a schedule of "20:00 Europe/Paris, at least 12 hours after it
// opens", started on Thursday 26 March 2026, so round 2 spans the night Paris changes to summer
// time. Each phase opens at the deadline of the one before (UTC): every answer is sent an hour in.
const OPENINGS: Record<string, string> = {
  pregame: '2026-03-26T12:00:00Z',
  'round-1': '2026-03-27T19:00:00Z', // Fri 20:00 CET
  'round-2': '2026-03-28T19:00:00Z', // Sat 20:00 CET
  'round-3': '2026-03-29T18:00:00Z', // Sun 20:00 CEST: round 2 lasted 23 hours
  'round-4': '2026-03-30T18:00:00Z',
  'round-5': '2026-03-31T18:00:00Z',
};

function scheduledExample(): string {
  const example = JSON.parse(readFileSync(join(root, 'examples/not-flower-field.json'), 'utf8'));
  example.startAt = OPENINGS.pregame;
  example.schedule = { timeZone: 'Europe/Paris', closeAt: { default: { time: '20:00', atLeastHours: 12 } } };
  for (const submission of example.submissions)
    submission.at = new Date(Date.parse(OPENINGS[submission.phase]) + 3_600_000).toISOString();
  const file = join(mkdtempSync(join(tmpdir(), 'gh-tz-')), 'paris.json');
  writeFileSync(file, JSON.stringify(example));
  return file;
}

function replayIn(tz: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, [join(root, 'bin/genius-host.mjs'), 'replay', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, TZ: tz },
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

describe('replay with wall-clock deadlines on machines in other time zones', () => {
  const file = scheduledExample();
  const zones = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Chatham'];

  it('gives the same open phase and deadline, 20:00 Paris across the change to summer time', () => {
    const outputs = zones.map((tz) => replayIn(tz, file, '--now', '2026-03-29T18:30:00Z'));
    for (const output of outputs) expect(output).toBe(outputs[0]);
    const out = JSON.parse(outputs[0]);
    expect(out.open).toMatchObject({ phase: 'round-3', deadline: '2026-03-30T18:00:00.000Z' });
    expect(out.rounds).toHaveLength(2);
  });

  it('gives the same whole match: every answer in time, the documented result', () => {
    const outputs = zones.map((tz) => replayIn(tz, file, '--now', '2026-04-02T00:00:00Z'));
    for (const output of outputs) expect(output).toBe(outputs[0]);
    const out = JSON.parse(outputs[0]);
    expect(out.open).toBeNull();
    expect(out.final.winners).toEqual(['p3']);
    // Only the example's own two refusals: no answer was late on any machine.
    expect(out.rejected).toHaveLength(2);
  });
});
