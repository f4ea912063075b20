// Reading a JSON file for the CLI: a syntax error names the file, line and column, so the user can
// jump to it (`match.json:12:5: not valid JSON: ...`). Node 20's JSON.parse gives an offset for
// most errors but not for an unexpected character, so the offset is found by a small scan of the
// JSON grammar instead of trusting the message.

import { InputError } from './errors.js';

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

/** A scan of the JSON grammar that throws the offset where the text stops following it. */
class JsonScan {
  i = 0;

  constructor(private readonly text: string) {}

  space(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.text[this.i])) this.i += 1;
  }

  fail(): never {
    throw this.i;
  }

  value(): void {
    this.space();
    const ch = this.text[this.i];
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"') return this.string();
    if (ch === 't') return this.literal('true');
    if (ch === 'f') return this.literal('false');
    if (ch === 'n') return this.literal('null');
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return this.number();
    this.fail();
  }

  private object(): void {
    this.list('}', () => {
      this.space();
      if (this.text[this.i] !== '"') this.fail();
      this.string();
      this.space();
      if (this.text[this.i] !== ':') this.fail();
      this.i += 1;
      this.value();
    });
  }

  private array(): void {
    this.list(']', () => this.value());
  }

  /** An object's or array's items from its opening bracket: none, or items separated by commas, then `close`. */
  private list(close: '}' | ']', item: () => void): void {
    this.i += 1;
    this.space();
    if (this.text[this.i] === close) {
      this.i += 1;
      return;
    }
    for (;;) {
      item();
      if (this.listEnds(close)) return;
    }
  }

  /** After an item: a comma (more follow) or the closing bracket (true); anything else fails. */
  private listEnds(close: '}' | ']'): boolean {
    this.space();
    if (this.text[this.i] === ',') {
      this.i += 1;
      return false;
    }
    if (this.text[this.i] !== close) this.fail();
    this.i += 1;
    return true;
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
          : `unexpected ${JSON.stringify(String.fromCodePoint(body.codePointAt(offset) ?? 0))}${expected((error as Error).message)}`;
    throw new JsonSyntaxError(`${file}:${line}:${column}: not valid JSON: ${what}`);
  }
}
