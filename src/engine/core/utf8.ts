// UTF-8 by hand, the one place genius-host measures or encodes it: Apps Script has neither
// TextEncoder nor Buffer, and the add-on and the command line must count the same bytes (a
// batchUpdate's 2 MB, a seed's commitment). A lone surrogate, which no UTF-8 text can hold, counts
// as U+FFFD (3 bytes), as TextEncoder and Buffer write it.

/** Whether the code unit at `i` starts a surrogate pair (a high surrogate followed by a low one). */
export function pairAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 0xd800 || code > 0xdbff) return false;
  const next = text.charCodeAt(i + 1);
  return next >= 0xdc00 && next <= 0xdfff;
}

/**
 * The number of bytes of a text in UTF-8 (a JSON body's size, as Google counts it). The ASCII
 * characters are a byte each, counted by a native replace (every render's JSON is mostly ASCII:
 * a third of the time of a loop over every code unit); the loop counts the others. Each run of
 * ASCII leaves one NUL in its place, so that two lone surrogates it stood between are not a pair.
 */
export function utf8Length(text: string): number {
  const wide = text.replace(/[\0-\x7f]+/g, '\0');
  let bytes = text.length - wide.length;
  for (let i = 0; i < wide.length; i++) {
    const code = wide.charCodeAt(i);
    if (code === 0) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (pairAt(wide, i)) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** The UTF-8 bytes of a text. */
export function utf8Bytes(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const ch of text) {
    let code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else
      bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return Uint8Array.from(bytes);
}
