// Errors the CLI reports as one line (no stack trace): mistakes in how it was called or in input.
export class InputError extends Error {}

/**
 * A match file's refusal (`players[3].id: duplicate id "p2"`) with the file's name in front, as a
 * JSON error has it; the whole file's own (`(match file): …`) is the file's name alone.
 */
export function inFile(file: string, message: string): InputError {
  return new InputError(`${file}: ${message.replace(/^\(match file\): /, '')}`);
}

export { closest } from '../engine/core/closest.js';

/** Whether a thrown value is a Node system error (ENOENT, EACCES…), with its code. */
export function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error && typeof error.code === 'string';
}
