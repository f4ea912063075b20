// Reading a JSON file for the CLI: a syntax error names the file, line and column, so the user can
// jump to it (`match.json:12:5: not valid JSON: ...`). Node 20's JSON.parse gives an offset for
// most errors but not for an unexpected character, so the offset is found by a small scan of the
// JSON grammar instead of trusting the message.

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { errorMessage } from '../engine/core/guards.js';
import { quote } from '../engine/core/quote.js';
import { InputError, isErrnoException } from './errors.js';

class JsonSyntaxError extends InputError {}

/** The offset of the first character where `text` stops being JSON (text.length if it ends early), or null if it is JSON. */
function jsonErrorOffset(text: string): number | null {
  const scan = new JsonScan(text);
  try {
    scan.value();
    scan.space();
    if (scan.i < text.length) scan.fail();
    return null;
  } catch (offset) {
    if (typeof offset === 'number') return Math.min(offset, text.length);
    throw offset;
  }
}

/**
 * A scan of the JSON grammar that throws the offset where the text stops following it. It keeps
 * the brackets still open on a stack of its own rather than recursing, so a file of 100,000 `[`
 * is answered like any other (a recursive scan ran out of call stack: "internal error").
 */
class JsonScan {
  i = 0;

  constructor(private readonly text: string) {}

  space(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.text[this.i])) this.i += 1;
  }

  fail(): never {
    throw this.i;
  }

  /** One JSON value from here, with everything nested in it. */
  value(): void {
    const open: ('}' | ']')[] = [];
    for (;;) {
      // A value: a bracket opens a list (an empty one closes at once), anything else is one token.
      this.space();
      const ch = this.text[this.i];
      if (ch === '{' || ch === '[') {
        const close = ch === '{' ? '}' : ']';
        this.i += 1;
        this.space();
        if (this.text[this.i] !== close) {
          open.push(close);
          if (close === '}') this.key();
          continue;
        }
        this.i += 1;
      } else this.token();
      // After a value: a comma (another item follows), or the closing bracket of each list it ends.
      for (;;) {
        if (open.length === 0) return;
        const close = open[open.length - 1];
        this.space();
        if (this.text[this.i] === ',') {
          this.i += 1;
          if (close === '}') this.key();
          break;
        }
        if (this.text[this.i] !== close) this.fail();
        this.i += 1;
        open.pop();
      }
    }
  }

  /** An object's key and its colon. */
  private key(): void {
    this.space();
    if (this.text[this.i] !== '"') this.fail();
    this.string();
    this.space();
    if (this.text[this.i] !== ':') this.fail();
    this.i += 1;
  }

  /** A value that holds no other: a string, a literal or a number. */
  private token(): void {
    const ch = this.text[this.i];
    if (ch === '"') return this.string();
    if (ch === 't') return this.literal('true');
    if (ch === 'f') return this.literal('false');
    if (ch === 'n') return this.literal('null');
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return this.number();
    this.fail();
  }

  private literal(word: string): void {
    for (const ch of word) {
      if (this.text[this.i] !== ch) this.fail();
      this.i += 1;
    }
  }

  private string(): void {
    const text = this.text;
    this.i += 1; // the opening quote
    for (;;) {
      if (this.i >= text.length) this.fail();
      const ch = text[this.i];
      if (ch === '"') {
        this.i += 1;
        return;
      }
      if (ch < ' ') this.fail();
      if (ch === '\\') this.escape();
      else this.i += 1;
    }
  }

  /** A backslash escape: \uXXXX or one of \" \\ \/ \b \f \n \r \t. */
  private escape(): void {
    const text = this.text;
    this.i += 1;
    if (text[this.i] === 'u') {
      this.i += 1;
      for (let k = 0; k < 4; k++, this.i++) if (!/[0-9a-fA-F]/.test(text[this.i] ?? '')) this.fail();
    } else if (text[this.i] !== undefined && '"\\/bfnrt'.includes(text[this.i])) this.i += 1;
    else this.fail();
  }

  private number(): void {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.i, this.i + 400));
    if (!match) this.fail();
    this.i += match[0].length;
  }
}

/** 1-based line and column of an offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** What V8 says it expected instead ("Expected ',' or '}' after property value"), if it says. */
function expected(message: string): string {
  const match = /^(Expected .*?) in JSON at position/.exec(message);
  return match ? ` (${match[1].replace(/^Expected/, 'expected')})` : '';
}

/**
 * The character JSON stopped at, quoted so that an invisible one shows (`"\u200b"`, a zero-width
 * space pasted with a value), and what V8 expected instead; U+FFFD stands for bytes that were not
 * UTF-8, which is said.
 */
function unexpectedAt(body: string, offset: number, message: string): string {
  const character = String.fromCodePoint(body.codePointAt(offset) ?? 0);
  const binary = character === '\uFFFD' ? ' (bytes that are not UTF-8 text: is it a JSON file?)' : '';
  return `unexpected ${quote(character)}${expected(message)}${binary}`;
}

/** Parses `text` (read from `file`); a syntax error is one line: `file:line:column: not valid JSON: what`. */
export function parseJsonFile(text: string, file: string): unknown {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text; // editors on Windows write a byte-order mark
  try {
    return JSON.parse(body);
  } catch (error) {
    const offset = jsonErrorOffset(body) ?? 0;
    const { line, column } = lineAndColumn(body, offset);
    const what =
      body.trim() === ''
        ? 'the file is empty'
        : offset >= body.length
          ? 'it ends too early (a missing } or ] or ")'
          : unexpectedAt(body, offset, errorMessage(error));
    throw new JsonSyntaxError(`${file}:${line}:${column}: not valid JSON: ${what}`);
  }
}

/**
 * The most the command reads from one file: 64 MB (docs/matchfile.md, *Limits*). A match file is
 * far smaller (bench/results.md: a whole match's log is tens of KB), so more is a mistake
 * (`replay /dev/zero`, a disk image), stopped at once rather than read until memory runs out.
 */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

const CHUNK_BYTES = 1024 * 1024;

/**
 * The text of `file` (`-`: standard input) and the name its errors give it, read as UTF-8 up to
 * MAX_FILE_BYTES. Every failure is one line: no such file, not allowed, a directory (`directory`
 * says what was expected instead), too large.
 */
export function readTextFile(file: string, directory: string): { text: string; name: string } {
  const name = file === '-' ? 'standard input' : file;
  let fd: number | undefined;
  try {
    fd = file === '-' ? 0 : openSync(file, 'r');
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new InputError(`${file} is a directory, ${directory}`);
    // A regular file says its size; a device or a pipe (/dev/zero, standard input) is read up to the cap.
    if (stat.isFile() && stat.size > MAX_FILE_BYTES) throw tooLarge(name);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(CHUNK_BYTES);
      const read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      total += read;
      if (total > MAX_FILE_BYTES) throw tooLarge(name);
      chunks.push(read === CHUNK_BYTES ? chunk : chunk.subarray(0, read));
    }
    return { text: Buffer.concat(chunks, total).toString('utf8'), name };
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = isErrnoException(error) ? error.code : undefined;
    if (code === 'EISDIR') throw new InputError(`${file} is a directory, ${directory}`);
    throw new InputError(
      `${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'not allowed to read it' : errorMessage(error)}`,
    );
  } finally {
    if (fd !== undefined && fd !== 0) closeSync(fd);
  }
}

function tooLarge(name: string): InputError {
  return new InputError(
    `${name}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MB, the most genius-host reads from a file`,
  );
}
