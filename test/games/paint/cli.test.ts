// The genius-host command on Paint's example: the built CLI in a child process.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMatchText, replayMatch, resultLine } from '../../../src/engine/index.js';
import { receiptCode } from '../../../src/engine/core/receipt.js';
import { seedCommitment } from '../../../src/engine/core/commitment.js';
import { publishedLines } from '../../../src/engine/core/publish.js';
import { root, run } from '../../helpers/cli.js';

function lineOf(file: string) {
  const match = loadMatchText(readFileSync(join(root, file), 'utf8'));
  if (!match.ok) throw new Error(match.error);
  return resultLine(replayMatch(match.value));
}

describe('the result line of npm start and render', () => {
  it('says which tie-break made the loser lose', () => {
    // Paint: red and blue both coloured 4 segments; blue had fewer pixels.
    expect(lineOf('examples/paint.json')).toBe(
      'winners red (4), yellow (5) · loser blue (4) on a tie-break (red and blue tied on 4 segments on the final canvas; blue had fewer pixels (406)) · elimination candidate Finn',
    );
  });
});

describe('genius-host verify', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gh-verify-'));
  const paint = loadMatchText(readFileSync(join(root, 'examples/paint.json'), 'utf8'));
  if (!paint.ok) throw new Error(paint.error);
  const final = replayMatch(paint.value).final;
  if (!final) throw new Error('examples/paint.json does not finish');
  const lines = publishedLines(paint.value, final);
  const commitment = seedCommitment(paint.value.seed);
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const published = write('match.json', `${lines.join('\n')}\n`);
  const edited = (
    name: string,
    edit: (file: Record<string, unknown> & { submissions: Record<string, unknown>[] }) => void,
  ) => {
    const json = JSON.parse(readFileSync(published, 'utf8'));
    edit(json);
    return write(name, JSON.stringify(json, null, 2));
  };

  it('checks the seed against the commitment and the replay against the published result, and says so', () => {
    const { code, stdout, stderr } = run('verify', published, '--commitment', commitment.toUpperCase());
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      `${published}: Paint You a Picture, 12 players, ${paint.value.submissions.length} submissions`,
      `seed ${JSON.stringify(paint.value.seed)}: its SHA-256 is the commitment ${commitment}`,
      `replay: the final result is exactly the published one (winners: ${final.winners.join(', ')})`,
      `receipts: all ${paint.value.submissions.length} match their submissions`,
      'verified: the seed is the one committed to at the start, and the file replays to the published result',
      '',
    ]);
  });

  it('reads the file as copied from the Seed tab: the rows above it, each cell in quotes, Windows line ends', () => {
    const copied = ['The match file: copy cells A14 to A99', ...lines.map((l) => `"${l.replace(/"/g, '""')}"`)].join(
      '\r\n',
    );
    const { code, stdout } = run('verify', write('copied.txt', copied), '--commitment', commitment);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^verified: /m);
  });

  it('verifies a file published before the result carried its tie-break, and refuses a changed tie-break', () => {
    const older = edited('older.json', (json) => {
      delete (json.final as { tieBreak?: string }).tieBreak;
    });
    expect(run('verify', older, '--commitment', commitment).code).toBe(0);
    const changed = edited('tiebreak.json', (json) => {
      (json.final as { tieBreak?: string }).tieBreak = 'the host said so';
    });
    const refused = run('verify', changed, '--commitment', commitment);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'genius-host: verify: replaying the file does not give the published result (final.tieBreak)\n',
    );
  });

  it('refuses a file whose answer, time or phase was changed after its receipt was given, naming the receipt', () => {
    const listed = JSON.parse(readFileSync(published, 'utf8')).submissions as { receipt: string; at?: string }[];
    const edits: [string, (s: Record<string, unknown>) => void][] = [
      ['answer.json', (s) => (s.answers = { ...(s.answers as object), vote: 'a changed vote' })],
      ['time.json', (s) => (s.at = '2026-11-21T18:00:00.000Z')],
      ['phase.json', (s) => (s.phase = 'another phase')],
    ];
    for (const [name, edit] of edits) {
      const file = edited(name, (json) => edit(json.submissions[3]));
      const { code, stdout, stderr } = run('verify', file, '--commitment', commitment);
      expect(code, name).toBe(1);
      expect(stdout, name).toContain(`receipts: ${listed[3].receipt} of submissions[3] (`);
      expect(stderr, name).toMatch(new RegExp(`receipt ${listed[3].receipt} does not match submissions\\[3\\]`));
    }
  });

  it("finds the submission a player's receipt was given for, says what became of it, and says when none matches", () => {
    const submission = paint.value.submissions[5];
    const code = receiptCode(paint.value.seed, submission);
    const player = paint.value.players.find((p) => p.id === submission.player)!;
    const found = run('verify', published, '--receipt', code.toUpperCase());
    expect(found.stderr).toBe('');
    expect(found.code).toBe(0);
    // An example file has no chain (no secret): the receipt names its submission, and what replay made of it.
    expect(found.stdout).toContain('was made before the log was chained');
    expect(found.stdout).toContain(
      `receipt ${code.slice(0, 12)}…: submissions[5], ${player.name} in ${submission.phase}`,
    );
    expect(found.stdout).toContain('it counted');
    expect(found.stdout).toMatch(/^verified: the move of this receipt counted/m);

    // The host changed that answer before publishing: the player's receipt matches nothing.
    const changed = edited('changed.json', (json) => {
      json.submissions[5].answers = { vote: 'changed' };
    });
    const missing = run('verify', changed, '--receipt', code);
    expect(missing.code).toBe(1);
    // The file still lists the receipt beside the changed submission: it is named.
    expect(missing.stderr).toBe(
      `genius-host: verify: receipt ${code.slice(0, 12)}…: submissions[5] (an answer from ${player.name} in ${submission.phase}) lists this receipt, but no longer holds what it was given for: it was changed after it was logged\n`,
    );
    expect(run('verify', published, '--receipt', 'abc').stderr).toMatch(
      /^genius-host: --receipt: "abc" is not a receipt/,
    );
  });

  it('refuses a changed seed, naming it, with exit 1', () => {
    const file = edited('seed.json', (json) => {
      json.seed = `${paint.value.seed}!`;
    });
    const { code, stdout, stderr } = run('verify', file, '--commitment', commitment);
    expect(code).toBe(1);
    expect(stdout).toContain(`NOT the commitment ${commitment}`);
    // Paint's canvas is drawn from the seed: another seed is another match, and replay says so too.
    expect(stderr).toMatch(
      /^genius-host: verify: the seed does not match the commitment \(its SHA-256 is [0-9a-f]{64}\); and replaying the file does not (give the published result \(final\.[\w.[\]]+\)|reach a final result)\n$/,
    );
  });

  it('refuses a changed submission or a changed result, naming where the replay differs', () => {
    const result = edited('result.json', (json) => {
      (json.final as { winners: string[] }).winners = ['nobody'];
    });
    const changedResult = run('verify', result, '--commitment', commitment);
    expect(changedResult.code).toBe(1);
    expect(changedResult.stdout).toContain(
      `replay: final.winners[0] is ${JSON.stringify(final.winners[0])}, but the file was published with "nobody"`,
    );
    expect(changedResult.stderr).toBe(
      'genius-host: verify: replaying the file does not give the published result (final.winners[0])\n',
    );

    // Every vote of the winning team dropped: the replay ends otherwise.
    const winners = new Set(
      Object.entries(paint.value.options.teams as Record<string, string[]>).find(
        ([team]) => team === final.winners[0],
      )?.[1],
    );
    const votes = edited('votes.json', (json) => {
      json.submissions = json.submissions.filter((s) => !winners.has(String(s.player)));
    });
    const changedVotes = run('verify', votes, '--commitment', commitment);
    expect(changedVotes.code).toBe(1);
    expect(changedVotes.stdout).toContain(`its SHA-256 is the commitment ${commitment}`);
    expect(changedVotes.stderr).toMatch(
      /^genius-host: verify: replaying the file does not (give the published result|reach a final result)/,
    );
  });
});
