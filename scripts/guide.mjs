// The host guide's address, which About genius-host links to (src/addon/about.ts): docs/host-guide.md,
// linked from the README's For hosts. The repository records no address of its own (package.json
// has no homepage or repository, git no remote), so the maintainer writes it once on the README's
// "Host guide" line, next to the template's copy link (COPY-LINK-OF-THE-TEMPLATE), and
// scripts/build.mjs reads it there: one place, beside the other link the maintainer fills in.

/** What the README's Host guide line holds until the maintainer fills it in. */
export const GUIDE_PLACEHOLDER = 'ADDRESS-OF-THIS-GUIDE';

/** The line, as README.md writes it: `**Host guide:** <address>` on a line of its own. */
const GUIDE_LINE = /^\*\*Host guide:\*\* +(\S+)[ \t]*$/m;

/**
 * The address on README.md's Host guide line: '' while it holds the placeholder, or an Error whose
 * message is one line saying what to fix (no such line, or something that is not an https address).
 */
export function guideAddress(readme) {
  const found = GUIDE_LINE.exec(readme);
  if (!found)
    throw new Error(
      `README.md has no "**Host guide:** ${GUIDE_PLACEHOLDER}" line (For hosts, under the template's copy link): put it back, then fill in the address.`,
    );
  const address = found[1];
  if (address === GUIDE_PLACEHOLDER) return '';
  if (!/^https:\/\/[^\s<>"]+$/.test(address))
    throw new Error(
      `README.md's Host guide line holds "${address}", not an https:// address: put the https address of docs/host-guide.md there (or ${GUIDE_PLACEHOLDER} until it has one).`,
    );
  return address;
}
