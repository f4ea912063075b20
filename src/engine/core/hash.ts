// String hashing: cyrb53's mixing, for seeds, derived ids and content fingerprints.
//
// Math.imul is read once: a global lookup per character is slow where globals are intercepted
// (node:vm contexts, which the add-on's sandbox uses, run the loop about 50 times slower).
const imul = Math.imul;

function mix(text: string, salt: number): [number, number] {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = imul(h1 ^ ch, 2654435761);
    h2 = imul(h2 ^ ch, 1597334677);
  }
  h1 = imul(h1 ^ (h1 >>> 16), 2246822507) ^ imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = imul(h2 ^ (h2 >>> 16), 2246822507) ^ imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1, h2];
}

/** A 32-bit hash of a text (the seed of the random generator, derived ids). */
export function hashString(text: string, salt = 0): number {
  const [h1, h2] = mix(text, salt);
  return (h1 ^ h2) >>> 0;
}

/** A 64-bit fingerprint of a text in one pass, e.g. "1k3x9a.v02kq1": equal texts, equal prints. */
export function fingerprint(text: string): string {
  const [h1, h2] = mix(text, 0);
  return `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}`;
}
