// Reading a JSON file for the CLI: a syntax error names the file, line and column, so the user can
// jump to it (`match.json:12:5: not valid JSON: ...`). Node 20's JSON.parse gives an offset for
// most errors but not for an unexpected character, so the offset is found by a small scan of the
// JSON grammar instead of trusting the message.

import { InputError } from './errors.js';

export class JsonSyntaxError extends InputError {}

/** The offset of the first character where `text` stops being JSON (text.length if it ends early), or null if it is JSON. */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i += 1;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i += 1;
    }
  };
  const string = () => {
    i += 1; // the opening quote
    for (;;) {
      if (i >= text.length) fail();
      const ch = text[i];
      if (ch === '"') {
        i += 1;
        return;
      }
      if (ch < ' ') fail();
      if (ch === '\\') {
        i += 1;
        if (text[i] === 'u') {
          i += 1;
          for (let k = 0; k < 4; k++, i++) if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail();
        } else if (text[i] !== undefined && '"\\/bfnrt'.includes(text[i])) i += 1;
        else fail();
      } else i += 1;
    }
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) fail();
    i += match![0].length;
  };
  const value = (): void => {
    space();
    const ch = text[i];
    if (ch === '{') {
      i += 1;
      space();
      if (text[i] === '}') {
        i += 1;
        return;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i += 1;
        value();
        space();
        if (text[i] === ',') i += 1;
        else if (text[i] === '}') {
          i += 1;
          return;
        } else fail();
      }
    }
    if (ch === '[') {
      i += 1;
      space();
      if (text[i] === ']') {
        i += 1;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ',') i += 1;
        else if (text[i] === ']') {
          i += 1;
          return;
        } else fail();
      }
    }
    if (ch === '"') return string();
    if (ch === 't') return literal('true');
    if (ch === 'f') return literal('false');
    if (ch === 'n') return literal('null');
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
    fail();
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return null;
  } catch (offset) {
    if (typeof offset === 'number') return Math.min(offset, text.length);
    throw offset;
  }
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** What V8 says it expected instead ("Expected ',' or '}' after property value"), if it says. */
function expected(message: string): string {
  const match = /^(Expected .*?) in JSON at position/.exec(message);
  return match ? ` (${match[1].replace(/^Expected/, 'expected')})` : '';
}

/** Parses `text` (read from `file`); a syntax error is one line: `file:line:column: not valid JSON: what`. */
export function parseJsonFile(text: string, file: string): unknown {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text; // editors on Windows write a byte-order mark
  try {
    return JSON.parse(body);
  } catch (error) {
    const offset = jsonErrorOffset(body) ?? 0;
    const { line, column } = lineAndColumn(body, offset);
    const what = body.trim() === '' ? 'the file is empty'
      : offset >= body.length ? 'it ends too early (a missing } or ] or ")'
      : `unexpected ${JSON.stringify(String.fromCodePoint(body.codePointAt(offset)!))}${expected((error as Error).message)}`;
    throw new JsonSyntaxError(`${file}:${line}:${column}: not valid JSON: ${what}`);
  }
}
