// Errors the CLI reports as one line (no stack trace): mistakes in how it was called or in input.
export class InputError extends Error {}
