// Deep copies of the sandbox's world, so a test can run an execution many times from the same
// state (once per fault point) without replaying the match up to it each time.

/**
 * Classes whose instances hold only plain data in their fields (arrays, records, numbers, text):
 * their fields are copied by structuredClone, natively, which matters for the embedded workbooks'
 * megabytes of cells.
 */
const plainDataClasses = new Set<abstract new (...args: never[]) => unknown>();

export function registerPlainDataClass(type: abstract new (...args: never[]) => unknown): void {
  plainDataClasses.add(type);
}

/** A deep copy keeping prototypes (class instances stay instances) and shared references. */
export function deepClone<T>(value: T, memo = new Map<unknown, unknown>()): T {
  if (value === null || typeof value !== 'object') return value;
  if (memo.has(value)) return memo.get(value) as T;
  for (const type of plainDataClasses) {
    if (value instanceof type) {
      const out = Object.create(Object.getPrototypeOf(value)) as Record<PropertyKey, unknown>;
      memo.set(value, out);
      for (const key of Reflect.ownKeys(value))
        out[key] = structuredClone((value as Record<PropertyKey, unknown>)[key]);
      return out as T;
    }
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof Map) {
    const out = new Map();
    memo.set(value, out);
    for (const [k, v] of value) out.set(deepClone(k, memo), deepClone(v, memo));
    return out as T;
  }
  if (value instanceof Set) {
    const out = new Set();
    memo.set(value, out);
    for (const v of value) out.add(deepClone(v, memo));
    return out as T;
  }
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    memo.set(value, out);
    for (let i = 0; i < value.length; i++) if (i in value) out[i] = deepClone(value[i], memo);
    return out as T;
  }
  const out = Object.create(Object.getPrototypeOf(value)) as Record<PropertyKey, unknown>;
  memo.set(value, out);
  for (const key of Reflect.ownKeys(value)) out[key] = deepClone((value as Record<PropertyKey, unknown>)[key], memo);
  return out as T;
}

/**
 * Puts a copy of `saved` back into `target`: containers the rest of the sandbox holds on to (maps,
 * arrays, plain records, and the fields named in `inPlace`) keep their identity and get the saved
 * contents; other objects are replaced by their copies.
 */
export function restoreInto(
  target: Record<string, unknown>,
  saved: Readonly<Record<string, unknown>>,
  inPlace: readonly string[] = [],
): void {
  for (const [key, value] of Object.entries(deepClone(saved))) {
    const current = target[key];
    if (current instanceof Map && value instanceof Map) {
      current.clear();
      for (const [k, v] of value) current.set(k, v);
    } else if (Array.isArray(current) && Array.isArray(value)) {
      current.length = 0;
      for (const v of value) current.push(v);
    } else if (
      current &&
      value &&
      typeof current === 'object' &&
      typeof value === 'object' &&
      Object.getPrototypeOf(current) === Object.getPrototypeOf(value) &&
      (Object.getPrototypeOf(current) === Object.prototype || inPlace.includes(key))
    ) {
      for (const k of Object.keys(current)) if (!(k in value)) delete (current as Record<string, unknown>)[k];
      Object.assign(current, value);
    } else {
      target[key] = value;
    }
  }
}
