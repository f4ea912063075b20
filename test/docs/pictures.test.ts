// The pictures the README and the host guide show cannot go stale unseen: each was made by the one
// command that renders them all from a build (npm run pictures, scripts/pictures.mjs, which records
// what it made in docs/screenshots/made.json), all by one run from one build, and a picture that
// shows an error message has a caption that mentions it (a caption that says "the players" under a
// picture with a red error in it tells the reader something the picture contradicts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const SHOTS = join(root, 'docs/screenshots');
const PAGES = ['README.md', 'docs/host-guide.md'];

interface Made {
  readonly build: string;
  readonly pictures: Readonly<Record<string, { readonly errors: readonly string[] }>>;
}

/** Every picture a page shows or links: its caption (the alt text, or the link's text) and its file in docs/screenshots. */
function picturesOf(page: string, text: string): { caption: string; file: string }[] {
  return [...text.matchAll(/!?\[([^\]]*)\]\(([^)\s]+\.png)\)/g)].map((m) => ({
    caption: m[1],
    file: relative(SHOTS, join(root, dirname(page), m[2])),
  }));
}

/** The first words of a message, without its punctuation, as a caption would mention it. */
function gist(text: string, words = 4): string {
  return words === 0 ? '' : plain(text).split(' ').slice(0, words).join(' ');
}
function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What is wrong with the pictures of `pages` against the record `made`: one line each. */
function pictureProblems(
  pages: Readonly<Record<string, string>>,
  made: Made,
  exists: (file: string) => boolean,
): string[] {
  const problems: string[] = [];
  for (const file of Object.keys(made.pictures))
    if (!exists(file)) problems.push(`${file}: in made.json but not in docs/screenshots`);
  for (const [page, text] of Object.entries(pages))
    for (const { caption, file } of picturesOf(page, text)) {
      const picture = made.pictures[file];
      if (!picture) {
        problems.push(`${page}: ${file} was not made by npm run pictures`);
        continue;
      }
      for (const error of picture.errors)
        if (!plain(caption).includes(gist(error)))
          problems.push(`${page}: ${file} shows the error "${error}", which its caption "${caption}" does not mention`);
    }
  return problems;
}

describe('the pictures of the README and the host guide', () => {
  const made = JSON.parse(readFileSync(join(SHOTS, 'made.json'), 'utf8')) as Made;
  const pages = Object.fromEntries(PAGES.map((page) => [page, readFileSync(join(root, page), 'utf8')]));

  it('were each made by npm run pictures, from one build, and each caption mentions the errors its picture shows', () => {
    expect(made.build).toMatch(/^[0-9a-f]{7,40}$/);
    expect(Object.keys(made.pictures).length).toBeGreaterThan(0);
    expect(pictureProblems(pages, made, (file) => existsSync(join(SHOTS, file)))).toEqual([]);
    // Each page shows pictures: a page that lost its links would pass the rest untested.
    for (const page of PAGES) expect(picturesOf(page, pages[page]).length, page).toBeGreaterThan(0);
  });

  it('fails a page that links a picture the command did not make, or a caption silent about an error shown', () => {
    const record: Made = {
      build: 'abc1234',
      pictures: {
        'made.png': { errors: [] },
        'mistake.png': { errors: ['the start is in the past; choose a time from now on'] },
      },
    };
    const exists = () => true;
    expect(pictureProblems({ 'README.md': '![A board](docs/screenshots/made.png)' }, record, exists)).toEqual([]);
    expect(pictureProblems({ 'README.md': '![Old](docs/screenshots/hand-made.png)' }, record, exists)).toEqual([
      'README.md: hand-made.png was not made by npm run pictures',
    ]);
    expect(
      pictureProblems({ 'docs/host-guide.md': '![The phases](screenshots/mistake.png)' }, record, exists),
    ).toHaveLength(1);
    expect(
      pictureProblems(
        { 'docs/host-guide.md': '![The sidebar saying "the start is in the past"](screenshots/mistake.png)' },
        record,
        exists,
      ),
    ).toEqual([]);
    expect(pictureProblems({}, record, (file) => file !== 'made.png')).toEqual([
      'made.png: in made.json but not in docs/screenshots',
    ]);
  });
});
