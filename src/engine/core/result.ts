// The one value-or-reason type: parsers, rule checks and setup checks return a value or a reason
// a person can act on (a sentence, or the add-on's list of field errors).

export type Result<T, E = string> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function err<E = string>(error: E): Result<never, E> {
  return { ok: false, error };
}
