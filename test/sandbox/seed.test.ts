// A seed anyone can check (docs/checking-a-match.md), run by the built add-on in the Apps
// Script sandbox: the spectators' sheet shows the SHA-256 of the seed from the start and never the
// seed itself while the match runs; at the end it shows the seed and the match file, without the
// players' addresses or form ids. `genius-host verify` (the built CLI) accepts the file copied from
// the sheet, and refuses it once its seed or one submission is changed.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadMatchText, replayMatch } from '../../src/engine/index.js';
import { run } from '../helpers/cli.js';
import { checkPublishedFile, publishedText, workbookTexts } from '../helpers/privacy.js';
import { DEFAULT_FAULTS, Table, logOf } from './players.js';
import { PHASES, SANDBOX_GAME, calmMinutes } from '../helpers/sandbox-game.js';

const NAMES = ['Ann', 'Ben', 'Cara'];
const SETUP = {
  game: SANDBOX_GAME.id,
  players: NAMES.map((name) => ({ name, email: `${name.toLowerCase()}@example.com`, garnets: 0 })),
  startAt: '2026-11-21T18:00:00.000Z',
  timeZone: 'Europe/London',
  minutes: calmMinutes(),
  deadlines: {},
};

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), then the built command on its published file, on 2 busy cores.
it('the public sheet shows the commitment from the start and the file at the end, which verify accepts, and refuses changed', () => {
  const table = new Table(
    SANDBOX_GAME.id,
    NAMES.map((n) => `${n.toLowerCase()}@example.com`),
    DEFAULT_FAULTS,
  );
  table.run('onOpen');
  const started = table.startMatch(SETUP) as { ok: boolean; links?: { commitment?: string } };
  expect(started.ok).toBe(true);
  const seed = logOf(table.sandbox).seed;
  // The commitment, computed here by Node's own SHA-256, not the add-on's.
  const commitment = createHash('sha256').update(seed, 'utf8').digest('hex');
  // The host gets it with the links, to post with the spectators' link.
  expect(started.links?.commitment).toBe(commitment);
  const linksTab = table.google.host
    .sheet('Links')
    .cells.map((line) => (line ?? []).map((cell) => cell?.userEnteredValue?.stringValue ?? ''));
  expect(linksTab.find((line) => line[0].startsWith('Seed commitment'))?.[1]).toBe(commitment);
  const publicSheet = () => table.google.spreadsheet(table.sharedId()).workbook;
  const publicTexts = () => [...workbookTexts(publicSheet())];

  for (let phase = 0; table.state().final === null; phase++) {
    expect(publicTexts(), `after ${phase} phases`).toContain(commitment);
    expect(
      publicTexts().some((t) => t.includes(seed)),
      `the seed is not shown while the match runs (after ${phase} phases)`,
    ).toBe(false);
    expect(publishedText(publicSheet())).toBeNull();
    if (phase >= 100) throw new Error('the match did not end within 100 phases');
    table.playPhase();
  }
  table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
  table.run('resolveOverdueNow');

  const match = logOf(table.sandbox);
  expect(table.stats.wrongAddress + table.stats.wrongAccountRefused).toBeGreaterThan(0);
  const final = replayMatch(match).final;
  expect(final).not.toBeNull();
  expect(publicTexts()).toContain(commitment);
  expect(publicTexts()).toContain(seed);
  const text = publishedText(publicSheet());
  if (text === null) throw new Error('the Seed tab of the public sheet publishes no match file');
  // Nothing of the players' accounts: addresses, form ids, response ids.
  expect(checkPublishedFile(match, text)).toBeGreaterThan(NAMES.length * 2);
  const published = loadMatchText(text);
  if (!published.ok) throw new Error(published.error);
  expect(replayMatch(published.value).final).toEqual(final);
  expect(published.value.final).toEqual(JSON.parse(JSON.stringify(final)));

  const dir = mkdtempSync(join(tmpdir(), 'gh-seed-'));
  const file = join(dir, 'match.json');
  writeFileSync(file, `${text}\n`);
  const ok = run('verify', file, '--commitment', commitment);
  expect(ok.stderr).toBe('');
  expect(ok.code).toBe(0);
  expect(ok.stdout).toContain(`its SHA-256 is the commitment ${commitment}`);
  expect(ok.stdout).toMatch(/^verified: /m);

  const otherSeed = join(dir, 'other-seed.json');
  writeFileSync(
    otherSeed,
    text.replace(`"seed": ${JSON.stringify(seed)}`, `"seed": ${JSON.stringify(`${seed}-again`)}`),
  );
  const refusedSeed = run('verify', otherSeed, '--commitment', commitment);
  expect(refusedSeed.code).toBe(1);
  expect(refusedSeed.stderr).toMatch(/^genius-host: verify: the seed does not match the commitment/);

  // One submission changed: the winner's last accepted placement, emptied (so it no longer counts).
  const json = JSON.parse(text) as {
    submissions: { player: string; phase: string; answers: Record<string, unknown> }[];
  };
  const result = replayMatch(match);
  const winner = final?.winners[0];
  const index = result.receipts
    .filter((r) => r.player === winner && r.status !== 'rejected' && !r.superseded && r.phase !== PHASES[0])
    .at(-1)?.index;
  if (index === undefined) throw new Error('the winner has no accepted round submission');
  json.submissions[index].answers = {};
  const changed = loadMatchText(JSON.stringify(json));
  if (!changed.ok) throw new Error(changed.error);
  expect(replayMatch(changed.value).final).not.toEqual(final);
  const otherSubmission = join(dir, 'other-submission.json');
  writeFileSync(otherSubmission, JSON.stringify(json, null, 2));
  const refusedSubmission = run('verify', otherSubmission, '--commitment', commitment);
  expect(refusedSubmission.code).toBe(1);
  expect(refusedSubmission.stdout).toContain(`its SHA-256 is the commitment ${commitment}`);
  expect(refusedSubmission.stderr).toMatch(/^genius-host: verify: replaying the file does not/);
}, 240_000);

// Up to 2 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('a host who unticks "publish" keeps the seed and the file: the commitment only, to the end', () => {
  const calm = { invalidEvery: 10_000, missSubmitEvery: 10_000, doubleSubmitEvery: 10_000, tickLateSeconds: [5] };
  const table = new Table(
    SANDBOX_GAME.id,
    NAMES.map((n) => `${n.toLowerCase()}@example.com`),
    calm,
  );
  expect(table.startMatch({ ...SETUP, publish: false }).ok).toBe(true);
  expect(logOf(table.sandbox).publish).toBe(false);
  table.playToEnd(20);
  table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
  table.run('resolveOverdueNow');
  const match = logOf(table.sandbox);
  expect(replayMatch(match).final).not.toBeNull();
  const texts = [...workbookTexts(table.google.spreadsheet(table.sharedId()).workbook)];
  expect(texts).toContain(createHash('sha256').update(match.seed, 'utf8').digest('hex'));
  expect(texts).toContain('The host keeps the seed and the match file private for this match.');
  expect(texts.some((t) => t.includes(match.seed))).toBe(false);
  expect(publishedText(table.google.spreadsheet(table.sharedId()).workbook)).toBeNull();
}, 120_000);
