// The seed's commitment: SHA-256 of the match seed (its UTF-8 bytes), as lowercase hex. The public
// sheet shows it from the start and the seed itself once the match is over, so anyone can check that
// the host did not change the seed (and with it every board, team and tie-break drawn from it) on
// the way: `genius-host verify FILE --commitment HASH`. One implementation, @noble/hashes's audited
// SHA-256 in plain JavaScript, for the add-on and the command line alike.

import { sha256 } from '@noble/hashes/sha2.js';
import { utf8Bytes } from './utf8.js';

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
