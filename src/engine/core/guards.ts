// Type guards for what the compiler cannot know: a value parsed from JSON, an exception caught, an
// element a search was sure to find. Each checks at run time what a cast would only have asserted,
// so a broken assumption is a clear error where it breaks, not a wrong value further on.

/** Whether a value is a plain JSON-like object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The message of whatever was thrown (an Error's message, else the value as text). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A value the code around it knows is there (a list's last element, a key it just set): refuses undefined. */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`internal: ${what} is missing`);
  return value;
}

/** Whether `value` is one of `list`'s members (a const list's `includes` will not take a wider string). */
export function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return list.some((member) => member === value);
}

/** Whether `value` has a number under every key of `like` (an object built from `like`'s entries, checked whole). */
export function hasNumberFor<K extends string>(
  value: Record<string, unknown>,
  like: Readonly<Record<K, unknown>>,
): value is Record<K, number> {
  return Object.keys(like).every((key) => typeof value[key] === 'number');
}
