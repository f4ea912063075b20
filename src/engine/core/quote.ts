// Player (or file) text echoed back in a reason or an error: quoted, on one line, and short. A
// reason that repeated a 100 KB answer back would swamp the host's log, and a line break or a
// right-to-left override inside it would garble the line it sits in.

/** How much of the text an echo shows. */
const ECHO_MAX = 40;

// DEL and the C1 controls (U+009B is CSI to a terminal), line and paragraph separators, the
// bidirectional controls and every other invisible format character (a zero-width space, a
// byte-order mark, a soft hyphen), and the spaces other than the space bar's (no-break, ideographic):
// JSON.stringify leaves them as they are, and `"pasture\u200b"` quoted raw reads as "pasture". The
// zero-width joiner stays: it joins the emoji of a name (👩‍💻).
const INVISIBLE = /(?![ \u200D])[\u007F-\u009F\u2028\u2029\p{Cf}\p{Zs}]/gu;
// The same, with control characters and lone surrogates, for text that is not JSON-quoted.
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u2028\u2029\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** `\u200b`; a character beyond the first 65,536 (a tag character) as its two halves, as JSON writes it. */
function escapeCode(ch: string): string {
  return [...Array(ch.length).keys()].map((i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
}

/** The first `max` characters and an ellipsis, never cutting a surrogate pair in half. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

/**
 * `"text"` as JSON writes it (quotes, backslashes, control characters and lone surrogates escaped,
 * and separators and direction controls too), cut after `max` characters with an ellipsis.
 */
export function quote(text: string, max = ECHO_MAX): string {
  return JSON.stringify(shorten(text, max)).replace(INVISIBLE, escapeCode);
}

/** Text as it is when it is short and plain (a phase name such as round-2), else quoted. */
export function mention(text: string): string {
  return text.length <= ECHO_MAX && /^[^\p{C}\p{Z}"\\]+( [^\p{C}\p{Z}"\\]+)*$/u.test(text) ? text : quote(text);
}

/**
 * Someone else's message (a JSON parser's, which shows a piece of the input) on one short line:
 * line breaks, control characters, direction controls and lone surrogates escaped.
 */
export function oneLine(text: string, max = 200): string {
  return shorten(text, max).replace(UNPRINTABLE, escapeCode);
}

/**
 * Text from a player (a name, an id, an answer) as a terminal may show it: every control character
 * (ESC, BEL, a line break, the C1 controls), lone surrogate, line separator and direction control
 * written as `\u001b`, whatever its length. Printed raw, an ESC could recolour or clear the
 * terminal, and a line break forge a line of the command's output.
 */
export function inert(text: string): string {
  return text.replace(UNPRINTABLE, escapeCode);
}

/** JSON text with what JSON.stringify leaves raw (INVISIBLE) escaped too (`\u009b`): the same JSON, inert in a terminal. */
export function inertJson(json: string): string {
  return json.replace(INVISIBLE, escapeCode);
}
