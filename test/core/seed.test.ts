// A seed anyone can check (docs/matchfile.md): the commitment is SHA-256 over the seed's UTF-8
// bytes; the published match file hides the players' accounts and files yet replays to exactly the
// same result; the spectators' view shows the commitment from the start and the file at the end.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCommitment, seedCommitment } from '../../src/engine/core/commitment.js';
import { utf8Bytes } from '../../src/engine/core/utf8.js';
import { sameAccount } from '../../src/engine/core/email.js';
import type { MatchFile } from '../../src/engine/core/matchfile.js';
import { PUBLISHED_LINE_MAX, publishedLines, publishedMatch } from '../../src/engine/core/publish.js';
import {
  EXAMPLE_GAME,
  GAME_LIST,
  type ReplayResult,
  loadMatchText,
  newMatch,
  playMatch,
  replayMatch,
  stringifyMatchFile,
  viewFor,
} from '../../src/engine/index.js';
import { copiedFileText } from '../../src/cli/verify-command.js';
import { checkPublishedFile } from '../helpers/privacy.js';

const root = join(__dirname, '../..');

function example(name: string): MatchFile {
  const loaded = loadMatchText(readFileSync(join(root, 'examples', name), 'utf8'));
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.value;
}

function finalOf(result: ReplayResult) {
  if (!result.final) throw new Error('the match has no final result');
  return result.final;
}

/** What a replay decided, submission by submission, and the end. */
function outcome(result: ReplayResult) {
  return {
    final: result.final,
    rounds: result.game.rounds(result.state, result.ctx),
    receipts: result.receipts.map((r) => [r.index, r.status, r.superseded ?? false]),
    rejected: result.rejected.map((r) => [r.submission, r.phase, r.player]),
  };
}

describe('the commitment: SHA-256 of the seed, lowercase hex over its UTF-8 bytes', () => {
  it('gives the known digests (FIPS 180-2 for "" and "abc"; a non-ASCII seed)', () => {
    expect(seedCommitment('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(seedCommitment('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // "Ünïcødé 🎲 seed": two-, three- and four-byte characters.
    expect(seedCommitment('Ünïcødé 🎲 seed')).toBe('7655d34d5301f5bf5096f382c959b9fc5700117d2add2a470bf5193c6ff639c4');
  });

  it("agrees with Node's SHA-256 and UTF-8 on any text (a lone surrogate is U+FFFD, as TextEncoder writes it)", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii' })),
        (seed) => {
          expect(Buffer.from(utf8Bytes(seed)).equals(Buffer.from(seed, 'utf8'))).toBe(true);
          expect(seedCommitment(seed)).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
        },
      ),
    );
  });

  it('knows the shape of a commitment', () => {
    expect(isCommitment(seedCommitment('x'))).toBe(true);
    expect(isCommitment(seedCommitment('x').toUpperCase())).toBe(true);
    expect(isCommitment('abc')).toBe(false);
    expect(isCommitment(`${seedCommitment('x')}0`)).toBe(false);
    expect(isCommitment('g'.repeat(64))).toBe(false);
  });
});

/**
 * The Not Flower Field example as the add-on logs a match: addresses written as the host typed
 * them and as each form verified them (Ann's Gmail another way), forms and response ids; an
 * answer from a stranger's account and one through another player's form (both refused), and Dev's
 * address corrected by the host, his answers coming from the corrected account.
 */
function fromTheAddOn(): MatchFile {
  const base = example(`${EXAMPLE_GAME.id}.json`);
  const emails: Record<string, string> = {
    p1: 'ann.lee@gmail.com',
    p2: 'ben@example.com',
    p3: 'cara@example.org',
    p4: 'dev@example.com',
  };
  const sentFrom: Record<string, string> = {
    p1: 'AnnLee+genius@googlemail.com',
    p2: 'ben@example.com',
    p3: 'Cara@Example.org',
    p4: 'dev.new@example.com',
  };
  const form = (id: string) => `1FAIpQLSe-form-of-${id}-0123456789abcdef`;
  const submissions = base.submissions.flatMap((s, i) => {
    const response = `2_ABaOnu-response-${i}`;
    const sent = {
      ...s,
      via: 'form' as const,
      from: sentFrom[s.player],
      form: form(s.player),
      response,
      uid: `response:${response}`,
    };
    if (i === 5)
      return [sent, { ...sent, from: 'mallory@example.net', response: 'r-mallory', uid: 'response:r-mallory' }];
    if (i === 9)
      return [
        sent,
        {
          ...sent,
          form: form(s.player === 'p1' ? 'p2' : 'p1'),
          response: 'r-through-another',
          uid: 'response:r-through-another',
        },
      ];
    return [sent];
  });
  return {
    ...base,
    // Ann's reminders come in her own time zone: a setup detail replay never reads.
    players: base.players.map((p) => ({
      ...p,
      email: emails[p.id],
      form: form(p.id),
      ...(p.id === 'p1' ? { timeZone: 'Australia/Sydney' } : {}),
    })),
    submissions,
    events: [{ type: 'email', player: 'p4', email: 'Dev.New@Example.com', at: '2026-11-21T18:00:00Z' }],
  };
}

describe('the published match file', () => {
  it('logged twice by two hosts, an entry is published once, under its pseudonym, and replays the same', () => {
    const match = fromTheAddOn();
    const doubled: MatchFile = {
      ...match,
      submissions: [...match.submissions.slice(0, 8), match.submissions[3], ...match.submissions.slice(8)],
    };
    const result = replayMatch(doubled);
    expect(outcome(result)).toEqual(outcome(replayMatch(match)));
    const published = publishedMatch(doubled, finalOf(result));
    expect(published.submissions).toHaveLength(match.submissions.length);
    expect(published).toEqual(publishedMatch(match, finalOf(replayMatch(match))));
    expect(checkPublishedFile(match, publishedLines(doubled, finalOf(result)).join('\n'))).toBeGreaterThan(20);
  });

  it('replays to exactly the same result, refusals and all, without an address, form id or response id', () => {
    const match = fromTheAddOn();
    const result = replayMatch(match);
    expect(result.rejected.map((r) => r.reason).join('\n')).toMatch(
      /sent from mallory@example\.net, which is not \w+'s address/,
    );
    expect(result.rejected.map((r) => r.reason).join('\n')).toMatch(/sent through \w+'s form, not \w+'s own form/);
    const published = publishedMatch(match, finalOf(result));
    expect(outcome(replayMatch(published))).toEqual(outcome(result));
    expect(published.final).toEqual(JSON.parse(JSON.stringify(result.final)));

    // One pseudonym per Google account: Ann's two spellings share one, Dev's corrected account is another.
    const [ann, , , dev] = published.players;
    expect(ann.email).toMatch(/^account\d+@accounts\.invalid$/);
    const annSent = match.submissions.flatMap((s, i) => (s.player === 'p1' && s.from?.startsWith('AnnLee') ? [i] : []));
    expect(annSent.length).toBeGreaterThan(3);
    expect(annSent.every((i) => published.submissions[i].from === ann.email)).toBe(true);
    const mallory = match.submissions.findIndex((s) => s.from === 'mallory@example.net');
    expect(published.submissions[mallory].from).toMatch(/^account\d+@accounts\.invalid$/);
    expect(new Set(published.players.map((p) => p.email)).has(published.submissions[mallory].from)).toBe(false);
    expect(published.events?.[0]).toMatchObject({ type: 'email', player: 'p4' });
    const corrected = published.events?.[0]?.type === 'email' ? published.events[0].email : '';
    expect(published.submissions.filter((s) => s.player === 'p4').every((s) => s.from === corrected)).toBe(true);
    expect(corrected).not.toBe(dev.email);
    expect(published.submissions.some((s) => s.response !== undefined)).toBe(false);
    // Where a player lives is theirs: no time zone is published.
    expect(match.players[0].timeZone).toBe('Australia/Sydney');
    expect(published.players.some((p) => p.timeZone !== undefined)).toBe(false);
    // Entry ids stay (replay compares them) but say nothing: a response's id is an entry's pseudonym.
    expect(published.submissions.map((s) => s.uid)).toEqual(match.submissions.map((_, i) => `entry${i + 1}`));

    const text = publishedLines(match, finalOf(result)).join('\n');
    expect(checkPublishedFile(match, text)).toBeGreaterThan(20);
    const reloaded = loadMatchText(text);
    if (!reloaded.ok) throw new Error(reloaded.error);
    expect(reloaded.value).toEqual(published);
  });

  it('is the same text whatever order the log kept the fields in (the add-on builds entries one way, a loaded file another)', () => {
    const match = fromTheAddOn();
    const reversed = (value: object) => Object.fromEntries(Object.entries(value).reverse());
    const shuffled: MatchFile = {
      ...match,
      players: match.players.map((p) => reversed(p) as MatchFile['players'][number]),
      submissions: match.submissions.map((s) => reversed(s) as MatchFile['submissions'][number]),
      events: match.events?.map((e) => reversed(e) as NonNullable<MatchFile['events']>[number]),
    };
    const final = finalOf(replayMatch(match));
    expect(publishedLines(shuffled, final)).toEqual(publishedLines(match, final));
  });

  it('the privacy check fails on a file published as the host keeps it', () => {
    const match = fromTheAddOn();
    expect(() => checkPublishedFile(match, stringifyMatchFile({ ...match, final: {} }))).toThrow(
      /the published file holds "ann\.lee@gmail\.com"/,
    );
  });

  it('keeps "came from the player\'s own account" exactly where it held, for any addresses', () => {
    const pool = [
      'ann@gmail.com',
      'A.nn@gmail.com',
      'ann+x@googlemail.com',
      'ann@example.com',
      'Ann@Example.com',
      'a.nn@example.com',
      'ben@example.com',
      'x@y.org',
    ];
    const base = example(`${EXAMPLE_GAME.id}.json`);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pool), { minLength: 4, maxLength: 4 }),
        fc.array(fc.constantFrom(...pool), { minLength: base.submissions.length, maxLength: base.submissions.length }),
        (emails, froms) => {
          const match: MatchFile = {
            ...base,
            players: base.players.map((p, i) => ({ ...p, email: emails[i] })),
            submissions: base.submissions.map((s, i) => ({ ...s, via: 'form', from: froms[i] })),
          };
          const result = replayMatch(match);
          const published = publishedMatch(match, result.final ?? ({} as never));
          match.submissions.forEach((s, i) => {
            const own = (m: MatchFile, sub: MatchFile['submissions'][number]) =>
              sameAccount(sub.from ?? '', m.players.find((p) => p.id === sub.player)?.email ?? '');
            expect(own(published, published.submissions[i])).toBe(own(match, s));
          });
          expect(replayMatch(published).receipts.map((r) => r.status)).toEqual(result.receipts.map((r) => r.status));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('replays to the same final result for a bot match of every game', () => {
    for (const game of GAME_LIST) {
      const fresh = newMatch(game.id, { seed: 'publish' });
      if (!fresh.ok) throw new Error(fresh.error);
      const played = playMatch(fresh.value, {
        bots: game.bots.random ? 'random' : game.defaultBot,
        answerDecisions: true,
      });
      const result = replayMatch(played);
      const text = publishedLines(played, finalOf(result)).join('\n');
      const reloaded = loadMatchText(text);
      if (!reloaded.ok) throw new Error(`${game.id}: ${reloaded.error}`);
      expect(replayMatch(reloaded.value).final, game.id).toEqual(result.final);
    }
  });

  it("keeps the host's other events (a pause, a resume) as they are: the match replays the same", () => {
    const fresh = newMatch(EXAMPLE_GAME.id, { seed: 'paused', startAt: '2026-11-21T18:00:00.000Z' });
    if (!fresh.ok) throw new Error(fresh.error);
    const played = playMatch(
      { ...fresh.value, schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {} } },
      { bots: 'random', answerDecisions: true },
    );
    // Paused a second before a submission in the middle of the match, for half an hour: it is refused.
    const sent = Date.parse(played.submissions[Math.floor(played.submissions.length / 2)].at ?? '');
    const at = (ms: number) => new Date(sent + ms).toISOString();
    const match: MatchFile = {
      ...played,
      events: [
        { type: 'pause', at: at(-1000) },
        { type: 'resume', at: at(30 * 60_000) },
      ],
    };
    const result = replayMatch(match);
    expect(result.rejected.some((r) => /paused/.test(r.reason))).toBe(true);
    // (The pause may leave a host decision open: any final will do for what is checked here.)
    const published = publishedMatch(match, result.final ?? finalOf(replayMatch(played)));
    expect(published.events).toEqual(match.events);
    expect(outcome(replayMatch(published))).toEqual(outcome(result));
  });

  it("leaves out every message's note (Google's refusal may quote an address, UrlFetchApp's the webhook's URL) and keeps the rest of each message", () => {
    const fresh = newMatch(EXAMPLE_GAME.id, { seed: 'messages', players: 4 });
    if (!fresh.ok) throw new Error(fresh.error);
    const played = playMatch(fresh.value, { bots: 'random', answerDecisions: true });
    const at = '2026-11-21T18:00:00.000Z';
    const webhook = 'https://discord.com/api/webhooks/123456789012345678/SeCrEtToKeN0123456789abcdefghijklmnopqrstuvwx';
    const match: MatchFile = {
      ...played,
      events: [
        {
          type: 'message',
          channel: 'email',
          key: 'remind:round-1@x:10',
          status: 'skipped',
          player: 'p1',
          note: `Invalid email: ${played.players[0].email}`,
          at,
        },
        {
          type: 'message',
          channel: 'discord',
          key: 'result:round-1@x',
          status: 'failed',
          note: `Address unavailable: ${webhook}?wait=true`,
          retry: at,
          at,
        },
      ],
    };
    const result = replayMatch(match);
    const published = publishedMatch(match, result.final ?? finalOf(result));
    expect(JSON.stringify(published)).not.toContain(played.players[0].email ?? '@');
    expect(JSON.stringify(published)).not.toContain('SeCrEtToKeN');
    expect(publishedLines(match, result.final ?? finalOf(result)).join('\n')).not.toContain('SeCrEtToKeN');
    expect(published.events).toEqual([
      { type: 'message', channel: 'email', key: 'remind:round-1@x:10', status: 'skipped', player: 'p1', at },
      { type: 'message', channel: 'discord', key: 'result:round-1@x', status: 'failed', retry: at, at },
    ]);
  });

  it('cuts a line longer than a cell holds into rows, which a copy of the cells joins again', () => {
    const base = example(`${EXAMPLE_GAME.id}.json`);
    const long = 'x'.repeat(2 * PUBLISHED_LINE_MAX + 5);
    const match: MatchFile = {
      ...base,
      submissions: [
        ...base.submissions,
        { phase: base.submissions.at(-1)!.phase, player: 'p1', answers: { own: long } },
      ],
    };
    const lines = publishedLines(match, finalOf(replayMatch(match)));
    expect(Math.max(...lines.map((l) => l.length))).toBe(PUBLISHED_LINE_MAX);
    expect(lines.filter((l) => l.length === PUBLISHED_LINE_MAX)).toHaveLength(2);
    expect(() => JSON.parse(lines.join('\n'))).toThrow();
    const copied = copiedFileText(lines.join('\r\n'));
    expect(JSON.parse(copied ?? '')).toEqual(
      JSON.parse(stringifyMatchFile(publishedMatch(match, finalOf(replayMatch(match))))),
    );
    // As a program that quotes each copied cell (doubling its quotes), below the Seed tab's other rows.
    const quoted = [
      'Commitment',
      seedCommitment(match.seed),
      ...lines.map((l) => (l.includes('"') ? `"${l.replace(/"/g, '""')}"` : l)),
    ].join('\n');
    expect(JSON.parse(copiedFileText(quoted) ?? '')).toEqual(JSON.parse(copied ?? ''));
    expect(copiedFileText('not a file')).toBeNull();
  });
});

describe("the Seed tab's view", () => {
  const played = example(`${EXAMPLE_GAME.id}.json`);
  const commitment = seedCommitment(played.seed);

  it('shows the spectators and the host the commitment from the start, and the seed and the file only at the end', () => {
    const start = replayMatch({ ...played, submissions: [], decisions: [] });
    expect(start.final).toBeNull();
    for (const audience of ['public', 'host'] as const) {
      expect(viewFor(start, audience).seed).toEqual({
        commitment,
        published: null,
        note: expect.stringMatching(/published here when the match is over/),
      });
      const end = viewFor(replayMatch(played), audience).seed;
      expect(end?.commitment).toBe(commitment);
      expect(end?.published?.seed).toBe(played.seed);
      expect(end?.published?.lines.join('\n')).toBe(
        stringifyMatchFile(publishedMatch(played, finalOf(replayMatch(played)))).trimEnd(),
      );
    }
    expect(viewFor(replayMatch(played), 'player:p1').seed).toBeUndefined();
  });

  it('publishes nothing when the host keeps the file (publish: false), and says so', () => {
    const kept = replayMatch({ ...played, publish: false });
    expect(kept.final).not.toBeNull();
    expect(viewFor(kept, 'public').seed).toEqual({
      commitment,
      published: null,
      note: expect.stringMatching(/keeps the seed and the match file private/),
    });
  });
});
