// Hostile input for the security tests: what a careless or malicious player, host or file could
// send. Formula-like text (a spreadsheet would evaluate it), unicode that breaks naive string
// handling, near misses of every game's answer syntax, very long text, and mutations of valid
// answers (so the fuzzing reaches the rule checks behind the parsers, not only the parsers).

import fc from 'fast-check';

/** Text a spreadsheet would evaluate if it were written as a formula or a number. */
export const FORMULAS = [
  '=IMPORTXML("http://x","//a")',
  '=1+1',
  '+1',
  '-1',
  '@SUM(A1)',
  "'=",
  '=HYPERLINK("http://x","click me")',
  "=cmd|' /C calc'!A0",
  '=A1',
  '+A1',
  '-A1 B2',
  '@A1',
  ' =1+1',
  '\t=1',
  '=IMAGE("http://x/a.png")',
] as const;

/** Right-to-left overrides, combining marks, emoji, NUL, lone surrogates, look-alikes. */
export const UNICODE = [
  '\u202Eevil\u202C',
  'שלום',
  'مرحبا A1',
  'e\u0301\u0301\u0301',
  'Z̸̢͓̜a̵l̶g̷o̴',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈 A1',
  '\u0000',
  'A\u00001',
  '\uD800',
  '\uDC00A1',
  'A1\uD83D',
  '\uFEFFA1',
  'A\u200B1',
  'Ａ１',
  'ı',
  'ß',
  'ﬀ',
  'K1',
  '\u2028',
  'A1\u2029B2',
  '\r\n',
  '\u00A0A1\u00A0',
] as const;

/** Near misses of the games' answer syntax, and words that mean something to JavaScript. */
const NEAR_MISSES = [
  '',
  ' ',
  ',',
  ';;;',
  'and',
  'and and',
  'A0',
  'A99',
  'Z1',
  'AA1',
  '1A',
  'R0C0',
  'R1C1',
  'R99999999999999999999C1',
  `A${'9'.repeat(30)}`,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '0x10',
  '-0',
  '0',
  '007',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'yes',
  'YES ',
  'no',
  'y',
  'pass',
  'P0',
  'P1',
  'P1 P1',
  'P-1',
  'p1e3',
  'P99999999999999999999',
  '#1',
  '#',
  'segment 0',
  'segment 1e3',
  '3.5',
  'V:G',
  'H:7',
  'V:',
  'H:0',
  'V:N',
  'H:14',
  'between columns A and A',
  'between rows 7 and 9',
  'E5 360',
  'E5 -90',
  'E5 90 90',
  'C3 RRRRRRRRRRRRRRRRRRRR',
  'C3 UDUD',
  'C3 ',
  'finish',
  'red',
  'black',
  'red red red',
  'Fortress A1; Fortress A1; Fortress A1; Fortress A1',
  'Fortress: Z',
  'Fortress: A A',
  'Sprinter:',
  'A1 A1 A1',
  'A1 B2',
  'A1 B2 C3 D4',
  'blue',
  'blue A1, blue B2',
  'Ann A1',
  '-',
  '--',
  '::',
  '\\',
  '"',
  "'",
  '`',
] as const;

/** Very long answers (100 KB): the kind of input that finds quadratic parsers and echoing reasons. */
export const LONG_STRINGS: readonly { readonly label: string; readonly text: string }[] = [
  { label: '100 000 letters', text: 'A'.repeat(100_000) },
  { label: 'coordinates', text: 'A1 '.repeat(34_000) },
  { label: 'digits', text: '9'.repeat(100_000) },
  { label: 'equals signs', text: '='.repeat(100_000) },
  { label: 'formulas', text: '=IMPORTXML("http://x","//a") '.repeat(3_500) },
  { label: 'emoji and RTL', text: '\u202E😀'.repeat(33_000) },
  { label: 'combining marks', text: `e${'\u0301'.repeat(100_000)}` },
  { label: 'spaces then a cell', text: `${' '.repeat(100_000)}A1` },
  { label: 'plan ids', text: 'P1 '.repeat(34_000) },
  { label: 'path steps', text: `C3 ${'U'.repeat(100_000)}` },
  { label: 'R1C', text: 'R1C'.repeat(33_000) },
  { label: 'colour entries', text: 'red A1, '.repeat(12_500) },
  { label: 'NUL', text: '\u0000'.repeat(100_000) },
  { label: 'letters then a digit', text: `${'a'.repeat(100_000)}1` },
];

/**
 * Multiplies every property's run count: FUZZ_SCALE=20 npx vitest run test/security hunts much
 * longer than the default, which keeps the folder well under a minute on a 2-core machine.
 */
const FUZZ_SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1) || 1);

export function runs(base: number): number {
  return Math.round(base * FUZZ_SCALE);
}

/** The longest refusal reason we accept: enough to name the question, the cell and the rule. */
const REASON_MAX = 500;

/** Why a refusal reason is not acceptable, or null when it is. */
export function reasonProblem(reason: unknown): string | null {
  if (typeof reason !== 'string') return `the reason is a ${typeof reason}, not text`;
  if (reason.trim() === '') return 'the reason is empty';
  if (reason.length > REASON_MAX) return `the reason is ${reason.length} characters long: ${reason.slice(0, 120)}…`;
  return null;
}

/** Characters that spell answers in every game, for grammar-ish random strings. */
const ANSWER_ALPHABET = [...'ABCDEHNPRUVLGabcp0123456789 ,;:=+-@#/|&.\t\n'];

function mutate(valid: string, op: number, at: number, insert: string): string {
  const i = valid.length === 0 ? 0 : at % (valid.length + 1);
  switch (op) {
    case 0:
      return insert + valid;
    case 1:
      return valid.slice(0, i) + insert + valid.slice(i);
    case 2:
      return valid.slice(0, i) + valid.slice(i + 1);
    case 3:
      return `${valid} ${valid}`;
    case 4:
      return valid.toUpperCase() === valid ? valid.toLowerCase() : valid.toUpperCase();
    case 5:
      return valid.replace(/\d/g, (d) => String((Number(d) + 1 + at) % 10));
    case 6:
      return [...valid].reverse().join('');
    default:
      return valid.replace(/[\s,;]+/g, insert);
  }
}

const insertion = fc.constantFrom<string>(...FORMULAS, ...UNICODE, '0', '9', ' ', ',', 'and', 'A', 'Z', 'P', '-', '=');

/**
 * Hostile text for one question. `valid` holds answers the bots gave to it during the match; they
 * are mutated into near misses.
 */
function hostileText(valid: readonly string[]): fc.Arbitrary<string> {
  const choices: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: fc.constantFrom<string>(...FORMULAS) },
    { weight: 3, arbitrary: fc.constantFrom<string>(...UNICODE) },
    { weight: 4, arbitrary: fc.constantFrom<string>(...NEAR_MISSES) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
    { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...ANSWER_ALPHABET), maxLength: 24 }) },
  ];
  if (valid.length > 0) {
    choices.push(
      { weight: 2, arbitrary: fc.constantFrom(...valid) },
      {
        weight: 6,
        arbitrary: fc
          .tuple(fc.constantFrom(...valid), fc.nat(7), fc.nat(200), insertion)
          .map(([v, op, at, ins]) => mutate(v, op, at, ins)),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom<string>(...FORMULAS), fc.constantFrom(...valid))
          .map(([f, v]) => `${f} ${v}`),
      },
    );
  }
  return fc.oneof(...choices);
}

/** A hostile value for one answer: text, or a list where text is expected (and text for a list). */
export function hostileValue(valid: readonly string[]): fc.Arbitrary<string | string[]> {
  const text = hostileText(valid);
  return fc.oneof(
    { weight: 6, arbitrary: text },
    { weight: 2, arbitrary: fc.array(text, { maxLength: 4 }) },
    // A valid answer split into a list, as a checkbox question would send it.
    ...(valid.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...valid).map((v) => v.split(/[\s,;]+/)) }] : []),
  );
}

/** The most characters a Sheets cell holds: a longer text makes the whole batchUpdate fail. */
export const SHEETS_CELL_MAX = 50_000;

/** Every leaf of a value (a view): [path, value]. */
export function leaves(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}.${k}`));
  return [[path, value]];
}

/**
 * A stable text form of any engine value (state, moves, views) for exact comparison: Maps, Sets,
 * typed arrays, undefined and non-finite numbers are all kept distinct.
 */
export function snapshot(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Map) return { $map: [...v.entries()] };
    if (v instanceof Set) return { $set: [...v] };
    if (ArrayBuffer.isView(v)) return { $typed: Array.from(v as unknown as ArrayLike<number>) };
    if (typeof v === 'number' && !Number.isFinite(v)) return { $number: String(v) };
    if (v === undefined) return { $undefined: true };
    return v;
  });
}

/** Own names of Object.prototype (and its values), to prove nothing polluted it. */
export function prototypeFingerprint(): string {
  const proto = Object.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(proto)
    .sort()
    .map((name) => `${name}:${typeof proto[name]}`)
    .join(',');
}
