// The seed's commitment: SHA-256 of the match seed (its UTF-8 bytes), as lowercase hex. The public
// sheet shows it from the start and the seed itself once the match is over, so anyone can check that
// the host did not change the seed (and with it every board, team and tie-break drawn from it) on
// the way: `genius-host verify FILE --commitment HASH`. One implementation, @noble/hashes's audited
// SHA-256 in plain JavaScript, for the add-on and the command line alike.

import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The UTF-8 bytes of a text (Apps Script has no TextEncoder: see docs/architecture.md). A lone
 * surrogate, which no UTF-8 text can hold, is encoded as U+FFFD, as TextEncoder does.
 */
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

/**
 * SHA-256 of a text's UTF-8 bytes, 64 lowercase hex digits. (The hex by hand: @noble/hashes's
 * bytesToHex brings 250 bytes more into the Apps Script bundle.)
 */
export function sha256Hex(text: string): string {
  return Array.from(sha256(utf8Bytes(text)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The seed's commitment: SHA-256 of the seed's UTF-8 bytes. */
export function seedCommitment(seed: string): string {
  return sha256Hex(seed);
}

/** Whether a text has the shape of a commitment (64 hex digits; either case, as people may copy it). */
export function isCommitment(text: string): boolean {
  return /^[0-9a-fA-F]{64}$/.test(text);
}
