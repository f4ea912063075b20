// About genius-host's link to the host guide: the address the maintainer writes once on the
// README's Host guide line (scripts/guide.mjs reads it, scripts/build.mjs carries it into the
// bundle); the dialog links to it when it is set, and says where the guide is when it is not.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { aboutHtml } from '../../src/addon/about.js';
import { mergeSamples } from '../../src/triggers/google/measured.js';

const root = join(__dirname, '../..');
// The build's module is plain JavaScript, taken by path so the types stay here.
const { guideAddress, GUIDE_PLACEHOLDER } = (await import(pathToFileURL(join(root, 'scripts/guide.mjs')).href)) as {
  guideAddress(readme: string): string;
  GUIDE_PLACEHOLDER: string;
};

const GUIDE = 'https://github.com/someone/genius-host#for-hosts';
/** A README's For hosts as the maintainer leaves it, the Host guide line holding `address`. */
const readme = (address: string) =>
  `## For hosts\n\n**Template: COPY-LINK-OF-THE-TEMPLATE**\n\n**Host guide:** ${address}\n\n<sub>Maintainers…</sub>\n`;

describe('About genius-host: the host guide', () => {
  it('links to the guide when the build names one', () => {
    const html = aboutHtml({ version: '1.2.3', build: 'abcdef012345', guide: GUIDE });
    expect(html).toContain(`The host guide: <a href="${GUIDE}" target="_blank">${GUIDE}</a>.`);
    expect(html).toContain('<b>genius-host 1.2.3</b>, build abcdef012345.');
  });

  it('says where the guide is, without a link, when the build names none', () => {
    const html = aboutHtml({ version: '1.2.3', build: 'abcdef012345', guide: '' });
    expect(html).toContain("The host guide: the README's <b>For hosts</b>, where you found the template's copy link.");
    expect(html).not.toContain('<a ');
  });

  it("the build takes it from the README's Host guide line: none while it holds the placeholder", () => {
    expect(guideAddress(readme(GUIDE))).toBe(GUIDE);
    expect(guideAddress(readme(GUIDE_PLACEHOLDER))).toBe('');
  });

  it('a Host guide line missing, or holding something else than an https address, is one line saying what to fix', () => {
    const refusal = (text: string) => {
      try {
        guideAddress(text);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    for (const [text, said] of [
      [
        '## For hosts\n\n**Template: COPY-LINK-OF-THE-TEMPLATE**\n',
        /README\.md has no "\*\*Host guide:\*\* ADDRESS-OF-THIS-GUIDE" line/,
      ],
      [readme('http://example.org/guide'), /holds "http:\/\/example\.org\/guide", not an https:\/\/ address/],
      [readme('<https://example.org/guide>'), /not an https:\/\/ address/],
      [readme('javascript:alert(1)'), /not an https:\/\/ address/],
    ] as const) {
      const message = refusal(text);
      expect(message).toMatch(said);
      expect(message.split('\n')).toHaveLength(1);
    }
  });

  it('this build carries what the README says (dist/build.json, the same as the bundle holds)', () => {
    const built = JSON.parse(readFileSync(join(root, 'dist/build.json'), 'utf8')) as { build: string; guide: string };
    expect(built.guide).toBe(guideAddress(readFileSync(join(root, 'README.md'), 'utf8')));
    const bundle = readFileSync(join(root, 'dist/Code.js'), 'utf8');
    expect(bundle).toContain(`build:${JSON.stringify(built.build)},guide:${JSON.stringify(built.guide)}`);
  });
});

describe('About genius-host: how long Google takes here', () => {
  const info = { version: '1.2.3', build: 'abcdef012345', guide: '' };

  it('says nothing is measured yet before any run', () => {
    expect(aboutHtml(info)).toContain('How long Google takes here: nothing measured yet');
  });

  it('shows each kind measured beside the plan, in words, and the figures for the bench apart', () => {
    const measured = mergeSamples({}, { formRead: [300, 400, 500, 1200], sheetsCall: [900] });
    const html = aboutHtml(info, measured);
    expect(html).toContain(
      '<li>Reading a form: 0.4 s usually, 1.2 s 9 times in 10, 1.2 s at worst here (4 times); genius-host plans for 3.0 s (public figures: 1.6 s).</li>',
    );
    expect(html).toContain('<li>Reading or writing a spreadsheet: 0.9 s usually');
    // The bench's figures only inside the maintainers' fold, without the latest calls.
    const [words, fold] = html.split('<details>');
    expect(words).not.toContain('{');
    expect(fold).toContain(
      '&quot;formRead&quot;:{&quot;count&quot;:4,&quot;median&quot;:400,&quot;p90&quot;:1200,&quot;most&quot;:1200}',
    );
    expect(fold).not.toContain('recent');
  });
});
