// Every way a new user can call genius-host wrongly gets one line on stderr naming the mistake,
// exit status 1, no stack trace, nothing on stdout and nothing written.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorLine } from '../../src/cli/cli.js';
import { EXAMPLE_FILE } from '../../src/cli/args.js';
import { botNames } from '../../src/cli/demo.js';
import type { AnyGame } from '../../src/engine/core/game.js';
import { EXAMPLE_GAME, GAME_LIST } from '../../src/engine/index.js';
import { root, run } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'gh-errors-'));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const example = EXAMPLE_FILE;
// The expected lines that name games and bots are built from the registry, so any registered game serves.
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const line = (text: string) => new RegExp(`^${escape(text)}$`);
const id = EXAMPLE_GAME.id;
/** "A", "A and B", "A, B and C". */
const listed = (items: readonly string[]) =>
  items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
const range = (game: AnyGame) =>
  game.playerCount.min === game.playerCount.max
    ? `${game.playerCount.min}`
    : `${game.playerCount.min}–${game.playerCount.max}`;
/** A game for two or more players, with a range to refuse below and above. */
const ranged = GAME_LIST.find((g) => g.playerCount.min > 1 && g.playerCount.min < g.playerCount.max)!;
const has = (game: AnyGame, bot: string) => Object.hasOwn(game.bots, bot);
/** A bot some registered games have and others lack, and one game lacking a bot another game has. */
const partBot = GAME_LIST.flatMap(botNames).find((bot) => !GAME_LIST.every((g) => has(g, bot)))!;
const lacking = GAME_LIST.find((g) => !has(g, partBot))!;
const havingPart = GAME_LIST.filter((g) => has(g, partBot)).map((g) => g.id);
const common = botNames(GAME_LIST[0]).filter((bot) => GAME_LIST.every((g) => has(g, bot)));
const seats = (game: AnyGame, n: number) => game.playerCount.min <= n && n <= game.playerCount.max;
const nineFit = GAME_LIST.filter((g) => seats(g, 9)).map((g) => g.id);
const aFile = file('notes.txt', 'not a directory\n');
const aDir = join(dir, 'matches');
mkdirSync(aDir);
const badValue = file('bad-value.json', `{\n  "game": "${id}",\n  "seed": x\n}\n`);
const trailingComma = file('trailing-comma.json', `{\n  "game": "${id}",\n  "seed": "s",\n}\n`);
const cutShort = file('cut-short.json', `{\n  "game": "${id}",\n  "players": [\n`);
const empty = file('empty.json', '');
const duplicate = (() => {
  const match = JSON.parse(readFileSync(join(root, example), 'utf8'));
  match.players[3].id = 'p2';
  return file('duplicate.json', JSON.stringify(match));
})();
/** The example with `field` set to `json` (text, so that it can nest deeper than JSON.stringify goes). */
const exampleWith = (name: string, field: string, json: string) =>
  file(name, readFileSync(join(root, example), 'utf8').replace(/\}\s*$/, `, "${field}": ${json} }`));
// Invalid JSON nested 200,000 deep: the locator of the error walked it by recursion and ran out of stack.
const deepInvalid = file('deep-invalid.json', `${'['.repeat(200_000)}x`);
const deepFinal = exampleWith('deep-final.json', 'final', `${'{"a":'.repeat(20_000)}{}${'}'.repeat(20_000)}`);
const constructorFinal = exampleWith('constructor-final.json', 'final', '{ "winners": [], "constructor": 1 }');
const endlessSchedule = exampleWith('endless-schedule.json', 'schedule', '{ "minutes": { "default": 1e308 } }');
const exampleJson = () =>
  JSON.parse(readFileSync(join(root, example), 'utf8')) as {
    players: Record<string, unknown>[];
    options: Record<string, unknown>;
  };
/** zod's own words ("Too big: expected int to be <=9007199254740991", "expected object, received array") reworded. */
const hugeGarnets = (() => {
  const match = exampleJson();
  match.players[0].garnets = 1e300;
  return file('huge-garnets.json', JSON.stringify(match));
})();
const manyRounds = (() => {
  const match = exampleJson();
  match.options.rounds = 1e300;
  return file('many-rounds.json', JSON.stringify(match));
})();
const halfRound = (() => {
  const match = exampleJson();
  match.options.rounds = 2.5;
  return file('half-round.json', JSON.stringify(match));
})();
const scheduleList = exampleWith('schedule-list.json', 'schedule', '[]');
const aList = file('a-list.json', `[{ "game": "${id}" }]`);
const plyers = file('plyers.json', readFileSync(join(root, example), 'utf8').replace('"players"', '"plyers"'));
/** Invisible characters, and a file that is not UTF-8 text, quoted so that they show. */
const zeroWidthGame = file(
  'zero-width-game.json',
  readFileSync(join(root, example), 'utf8').replace(`"${id}"`, `"${id}\u200b"`),
);
const zeroWidthStart = file('zero-width-start.json', `\u200b${readFileSync(join(root, example), 'utf8')}`);
const utf16 = (() => {
  writeFileSync(join(dir, 'utf16.json'), Buffer.from('\uFEFF{}', 'utf16le'));
  return join(dir, 'utf16.json');
})();
const setupPlyers = file(
  'setup-plyers.json',
  `{ "game": "${id}", "plyers": [], "startAt": "2026-12-01T18:00:00Z", "timeZone": "UTC" }`,
);
const setupColour = file('setup-colour.json', `{ "game": "${id}", "players": [], "colour": "red" }`);
/** A file of 65 MB (sparse: nothing is written), over the 64 MB the command reads. */
const huge = file('huge.json', '');
truncateSync(huge, 65 * 1024 * 1024);
/** A commitment of the right shape (the SHA-256 of "genius"). */
const aCommitment = '9ed142d60c4571b67f1468ef4f75950a60a1d8dc1c38075cd0d13c80fea7aba5';
/** A spreadsheet ID of the shape Google gives (never called: each mistake is found first). */
const sheetId = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';
/** An --out that must still not exist afterwards: the mistake is found before anything is played. */
const untouched = join(dir, 'never-written');

const cases: { args: string[]; says: RegExp }[] = [
  // Commands and options
  {
    args: ['strat'],
    says: /^unknown command "strat"; did you mean start\? \(commands: replay, new, show, start, render, pull, verify, season, host, login, help;/,
  },
  { args: ['--players', '3'], says: /^name a command before the options, e.g\. genius-host start --players 3/ },
  { args: ['help', 'foo'], says: /^unknown command "foo" \(commands: / },
  {
    args: ['start', '--plyers', '3', '--out', untouched],
    says: /^start: unknown option --plyers; did you mean --players\? \(it takes --seed, --players, --bot, --out, --spreadsheet\)$/,
  },
  { args: ['start', '--player', '3', '--out', untouched], says: /did you mean --players\?/ },
  { args: ['replay', example, '--players', '3'], says: /^replay takes no --players \(it takes --now\)$/ },
  { args: ['show', example, '--all=yes'], says: /^--all takes no value/ },
  { args: ['start', '--players', '--out', untouched], says: /^--players needs a value, e.g\. --players 4$/ },
  {
    args: ['start', '--players', 'abc', '--out', untouched],
    says: /^--players: "abc" is not a number of players \(a whole number, 1 or more\), e.g\. --players 4$/,
  },
  { args: ['new', ranged.id, '--players', '0'], says: /^--players: "0" is not a number of players/ },
  {
    args: ['new', ranged.id, '--players', '1'],
    says: line(`players: ${ranged.title} takes ${range(ranged)} players, got 1`),
  },
  // A count far out of range is the same answer, not an array too long to make ("internal error").
  {
    args: ['new', ranged.id, '--players', '4294967296'],
    says: line(`players: ${ranged.title} takes ${range(ranged)} players, got 4294967296`),
  },
  // A setup file without --spreadsheet is not taken for a game.
  {
    args: ['start', 'setup.json', '--out', untouched],
    // The example game is the registry's (EXAMPLE_GAME), as in every other help line.
    says: new RegExp(
      `^start setup\\.json: a setup file starts a match on Google and needs --spreadsheet ID \\(the host spreadsheet's id\\).*; without it, start plays bot matches of the games named, e\\.g\\. genius-host start ${escape(id)}$`,
    ),
  },
  { args: ['replay'], says: line(`replay needs a match file, e.g. genius-host replay ${example}`) },
  { args: ['replay', example, example], says: /^replay takes one match file; got 2/ },
  { args: ['replay', example, '--now', 'yesterday'], says: /^--now: "yesterday" is not a time/ },
  // Games, bots and player counts, all checked before any match is played
  {
    args: ['new', id.slice(0, -1)],
    says: new RegExp(`^unknown game "${escape(id.slice(0, -1))}"; did you mean ${escape(id)}\\?`),
  },
  {
    args: ['start', 'chess', '--out', untouched],
    says: line(`unknown game "chess" (one of ${GAME_LIST.map((g) => g.id).join(', ')})`),
  },
  {
    args: ['start', '--bot', 'nope', '--out', untouched],
    says: line(
      `--bot: no game has a bot "nope" (${GAME_LIST.map((g) => `${g.id}: ${botNames(g).join(', ')}`).join('; ')})`,
    ),
  },
  { args: ['start', '--bot', 'grredy', '--out', untouched], says: /did you mean greedy\?/ },
  {
    args: ['start', '--bot', partBot, '--out', untouched],
    says: line(
      `--bot ${partBot}: ${listed(GAME_LIST.filter((g) => !has(g, partBot)).map((g) => g.title))} ${GAME_LIST.filter((g) => !has(g, partBot)).length === 1 ? 'has' : 'have'} no bot "${partBot}"; it plays ${havingPart.join(', ')} (genius-host start ${havingPart.join(' ')} --bot ${partBot}); the bots all ${GAME_LIST.length} games have: ${common.join(', ') || 'none'}`,
    ),
  },
  {
    args: ['start', lacking.id, '--bot', partBot, '--out', untouched],
    says: line(
      `--bot ${partBot}: ${lacking.title} has no bot "${partBot}"; it plays ${havingPart.join(', ')} (genius-host start ${havingPart.join(' ')} --bot ${partBot}); ${lacking.title}'s bots: ${botNames(lacking).join(', ')}`,
    ),
  },
  {
    args: ['start', '--players', '9', '--out', untouched],
    says: line(
      `--players 9: ${GAME_LIST.filter((g) => !seats(g, 9))
        .map((g) => `${g.title} takes ${range(g)} players, got 9`)
        .join(
          '; ',
        )}${nineFit.length > 0 ? ` (${nineFit.join(', ')} ${nineFit.length === 1 ? 'takes' : 'take'} 9: genius-host start ${nineFit.join(' ')} --players 9)` : ''}`,
    ),
  },
  // Output directories
  { args: ['start', id, '--out', aFile], says: /^--out: .*notes\.txt is a file, not a directory/ },
  {
    args: ['start', id, '--out', join(aFile, 'sub')],
    says: /^--out: cannot make the directory .*notes\.txt\/sub: a part of that path is a file$/,
  },
  { args: ['render', example, '--out', aFile], says: /^--out: .*notes\.txt is a file, not a directory/ },
  // Under /proc a recursive mkdir never returned (Node 20): each level is made alone, and refused.
  {
    args: ['start', id, '--out', '/proc/genius-host/out'],
    says: /^--out: cannot make the directory \/proc\/genius-host\/out: that place takes no new directories$/,
  },
  // Match files
  { args: ['replay', join(dir, 'nope.json')], says: /^.*nope\.json: no such file$/ },
  {
    args: ['replay', aDir],
    says: new RegExp(`^.*matches is a directory, not a match file \\(e\\.g\\. ${escape(example)}\\)$`),
  },
  { args: ['render', aDir, '--out', untouched], says: /is a directory, not a match file/ },
  { args: ['replay', badValue], says: /^.*bad-value\.json:3:11: not valid JSON: unexpected "x"$/ },
  {
    args: ['show', trailingComma],
    says: /^.*trailing-comma\.json:4:1: not valid JSON: unexpected "}" \(expected double-quoted property name\)$/,
  },
  { args: ['replay', cutShort], says: /^.*cut-short\.json:4:1: not valid JSON: it ends too early/ },
  { args: ['replay', empty], says: /^.*empty\.json:1:1: not valid JSON: the file is empty$/ },
  {
    args: ['replay', duplicate],
    says: /^.*duplicate\.json: players\[3\]\.id: duplicate id "p2" \(also players\[1\]\)$/,
  },
  { args: ['show', example, '--as', 'player:p9'], says: /^--as: "player:p9" is not an audience of this match/ },
  { args: ['replay', deepInvalid], says: /^.*deep-invalid\.json:1:200001: not valid JSON: unexpected "x"$/ },
  {
    args: ['replay', endlessSchedule, '--now', '2026-11-22T00:00:00Z'],
    says: /^.*endless-schedule\.json: schedule\.minutes\.default: a phase length is at most 525600 minutes \(a year\)$/,
  },
  {
    args: ['replay', hugeGarnets],
    says: /^.*huge-garnets\.json: players\[0\]\.garnets: garnets are a whole number from 0 to 9007199254740991$/,
  },
  { args: ['replay', manyRounds], says: /^.*many-rounds\.json: options\.rounds: at most 20 rounds$/ },
  { args: ['replay', halfRound], says: /^.*half-round\.json: options\.rounds: should be a whole number, not 2\.5$/ },
  {
    args: ['replay', scheduleList],
    says: /^.*schedule-list\.json: schedule: should be an object \(\{ … \}\), not a list$/,
  },
  {
    args: ['show', aList],
    says: /^.*a-list\.json: a match file is a JSON object \(\{ "game": …, "seed": …, "players": \[ … \] \}\), not a list$/,
  },
  { args: ['replay', plyers], says: /^.*plyers\.json: plyers: unknown field; did you mean players\?$/ },
  {
    args: ['replay', zeroWidthGame],
    says: new RegExp(`^.*zero-width-game\\.json: game: unknown game "${escape(id)}\\\\u200b" \\(one of `),
  },
  { args: ['replay', zeroWidthStart], says: /^.*zero-width-start\.json:1:1: not valid JSON: unexpected "\\u200b"$/ },
  {
    args: ['replay', utf16],
    says: /^.*utf16\.json:1:1: not valid JSON: unexpected "\uFFFD" \(bytes that are not UTF-8 text: is it a JSON file\?\)$/,
  },
  { args: ['replay', '/dev/zero'], says: /^\/dev\/zero: larger than 64 MB, the most genius-host reads from a file$/ },
  { args: ['show', huge], says: /^.*huge\.json: larger than 64 MB, the most genius-host reads from a file/ },
  {
    args: ['start', '/dev/zero', '--spreadsheet', sheetId],
    says: /^\/dev\/zero: larger than 64 MB, the most genius-host reads from a file$/,
  },
  {
    args: ['start', setupPlyers, '--spreadsheet', sheetId],
    says: /^.*setup-plyers\.json: unknown field plyers; did you mean players\?$/,
  },
  {
    args: ['start', setupColour, '--spreadsheet', sheetId],
    says: /^.*setup-colour\.json: unknown field colour \(a setup has game, seed, players, startAt, /,
  },
  {
    // A client id that is not text is no Desktop app client (not a sign-in with the number as its id).
    args: [
      'login',
      '--client',
      file('client-number.json', '{ "installed": { "client_id": 1, "client_secret": "s" } }'),
    ],
    says: /^.*client-number\.json is not a Desktop app OAuth client file \(no installed\.client_id and client_secret\)$/,
  },
  {
    args: ['login', '--client', '/dev/zero'],
    says: /^\/dev\/zero: larger than 64 MB, the most genius-host reads from a file \(the OAuth client file: /,
  },
  // Google spreadsheets (render --to-sheets, pull): every mistake is found before any call to Google
  {
    args: ['pull'],
    says: /^pull needs --spreadsheet ID, e\.g\. genius-host pull --spreadsheet [\w-]{44} > match\.json$/,
  },
  { args: ['pull', 'match.json'], says: /^pull takes no arguments; got match\.json$/ },
  { args: ['pull', '--spreadsheet'], says: /^--spreadsheet needs a value, e\.g\. --spreadsheet [\w-]{44}$/ },
  {
    args: ['pull', '--spreadsheet', 'my sheet'],
    says: /^--spreadsheet: "my sheet" is not a spreadsheet ID \(the part of its address between \/d\/ and \/edit, e\.g\. --spreadsheet [\w-]{44}\)$/,
  },
  {
    args: ['pull', '--spreadsheet', sheetId, '--out', untouched],
    says: /^pull takes no --out \(it takes --spreadsheet\)$/,
  },
  { args: ['pull', '--spreadshet', sheetId], says: /^pull: unknown option --spreadshet; did you mean --spreadsheet\?/ },
  {
    args: ['render', example, '--to-sheets', 'https://docs.google.com/document/d/x/edit'],
    says: /^--to-sheets: "https:\/\/docs\.google\.com\/document\/d\/x\/edit" is not a spreadsheet ID/,
  },
  {
    args: ['render', example, '--to-sheets', sheetId, '--out', untouched],
    says: /^render writes to --out or to --to-sheets, not both$/,
  },
  {
    args: ['render', example, '--as', 'public', '--out', untouched],
    says: /^--as picks the workbook --to-sheets writes; without --to-sheets render writes every workbook to --out$/,
  },
  {
    args: ['render', example, '--to-sheets', sheetId, '--as', 'player:p9'],
    says: /^--as: "player:p9" is not an audience of this match \(host, public, /,
  },
  { args: ['render', join(dir, 'nope.json'), '--to-sheets', sheetId], says: /^.*nope\.json: no such file$/ },
  // verify
  {
    args: ['verify'],
    says: /^verify needs a match file, e.g. genius-host verify match\.json --commitment [0-9a-f]{64}$/,
  },
  {
    args: ['verify', example],
    says: /^verify needs --commitment HASH, the SHA-256 shown on the Seed tab of the spectators' sheet/,
  },
  {
    args: ['verify', example, '--commitment', 'abc123'],
    says: /^--commitment: "abc123" is not a SHA-256 \(64 hexadecimal digits, as the Seed tab/,
  },
  { args: ['verify', example, '--commitment'], says: /^--commitment needs a value, e\.g\. --commitment [0-9a-f]{64}$/ },
  { args: ['verify', join(dir, 'nope.json'), '--commitment', aCommitment], says: /^.*nope\.json: no such file$/ },
  {
    args: ['verify', badValue, '--commitment', aCommitment],
    says: /^.*bad-value\.json:3:11: not valid JSON: unexpected "x"$/,
  },
  {
    args: ['verify', example, '--commitment', aCommitment],
    says: new RegExp(
      `^${escape(example)} carries no published result \\(no "final"\\): verify checks the match file published on the Seed tab`,
    ),
  },
  {
    args: ['verify', example, '--now', '2026-11-21T18:00:00Z'],
    says: /^verify takes no --now \(it takes --commitment, --receipt\)$/,
  },
  {
    args: ['verify', deepFinal, '--commitment', aCommitment],
    says: /^.*deep-final\.json: final: nested more than 32 levels deep \(at final\.a\.a\.a…\)/,
  },
  {
    args: ['verify', constructorFinal, '--commitment', aCommitment],
    says: /^.*constructor-final\.json: final\.constructor: a name every JavaScript object carries/,
  },
  { args: ['verify', '/dev/zero', '--commitment', aCommitment], says: /^\/dev\/zero: larger than 64 MB/ },
];

describe('a wrong command gets one line on stderr, exit 1 and no stack trace', () => {
  it.each(cases)('genius-host $args', ({ args, says }) => {
    const { code, stdout, stderr } = run(...args);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^genius-host: [^\n]+\n$/);
    expect(stderr).not.toMatch(/^\s*at /m);
    expect(stderr.replace(/^genius-host: /, '').trimEnd()).toMatch(says);
    expect(existsSync(untouched), 'nothing is written').toBe(false);
  });
});

// A key file that cannot be a key is found before the worker starts: no call, no "could not reach Google".
const keyFiles: { name: string; text: string; says: RegExp }[] = [
  {
    name: 'key.txt',
    text: 'hello\n',
    says: /^GOOGLE_APPLICATION_CREDENTIALS: .*key\.txt:1:1: not valid JSON: unexpected "h"; it must name a service account's key file \(docs\/machine-host\.md: Hosting from a machine\)$/,
  },
  {
    name: 'comma-key.json',
    text: '{\n  "type": "service_account",\n}\n',
    says: /^GOOGLE_APPLICATION_CREDENTIALS: .*comma-key\.json:3:1: not valid JSON: unexpected "}" \(expected double-quoted property name\); it must name/,
  },
  {
    name: 'binary-key.json',
    text: '\u0000\u0001',
    says: /^GOOGLE_APPLICATION_CREDENTIALS: .*binary-key\.json:1:1: not valid JSON: unexpected "\\u0000"; /,
  },
  {
    name: 'half-key.json',
    text: '{ "type": "service_account", "client_email": "host@genius.iam.gserviceaccount.com" }',
    says: /^GOOGLE_APPLICATION_CREDENTIALS: .*half-key\.json is JSON but not a service account's key: it has no private_key; it must name a service account's key file/,
  },
  {
    name: 'empty-key.json',
    text: '{}',
    says: /^GOOGLE_APPLICATION_CREDENTIALS: .*empty-key\.json is JSON but not a service account's key: it has no client_email and no private_key; /,
  },
  {
    name: 'list-key.json',
    text: '[1]',
    says: /^GOOGLE_APPLICATION_CREDENTIALS: .*list-key\.json is JSON but not a key: it holds a list, not an object; /,
  },
  {
    name: 'client.json',
    text: '{ "installed": { "client_id": "1", "client_secret": "s" } }',
    says: /^GOOGLE_APPLICATION_CREDENTIALS: .*client\.json is an OAuth client file, not a key: sign in with it once \(genius-host login --client .*client\.json\) and unset GOOGLE_APPLICATION_CREDENTIALS, /,
  },
  {
    name: 'missing-key.json',
    text: '',
    says: /^GOOGLE_APPLICATION_CREDENTIALS: .*nowhere\.json: no such file; it must name a service account's key file/,
  },
];

describe('a key file that is not one is one line naming it and what is wrong, before any call', () => {
  it.each(keyFiles)('$name', ({ name, text, says }) => {
    const key = name === 'missing-key.json' ? join(dir, 'nowhere.json') : file(name, text);
    // No root URL of a local server: a call, had one been made, would go to Google itself and fail otherwise.
    const env = { ...process.env, GOOGLE_APPLICATION_CREDENTIALS: key, GENIUS_HOST_GOOGLE_ROOT_URL: '' };
    const result = spawnSync(process.execPath, [join(root, 'bin/genius-host.mjs'), 'pull', '--spreadsheet', sheetId], {
      cwd: root,
      encoding: 'utf8',
      env,
    });
    expect({ code: result.status, stdout: result.stdout }).toEqual({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(/^genius-host: [^\n]+\n$/);
    expect(result.stderr.replace(/^genius-host: /, '').trimEnd()).toMatch(says);
  });
});

describe('errors the user did not cause', () => {
  it('a file system error or a bug is still one line, without the stack', () => {
    const denied = Object.assign(new Error("EACCES: permission denied, open 'out/a.xlsx'"), {
      code: 'EACCES',
      path: 'out/a.xlsx',
      syscall: 'open',
    });
    expect(errorLine(denied)).toBe('out/a.xlsx: not allowed (open)');
    const bug = new TypeError("Cannot read properties of undefined (reading 'x')\n    at somewhere (file.js:1:1)");
    expect(errorLine(bug)).toBe(
      "internal error: Cannot read properties of undefined (reading 'x') (a bug in genius-host; GENIUS_HOST_DEBUG=1 prints where it happened)",
    );
  });
});
