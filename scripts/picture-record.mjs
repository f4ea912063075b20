// The record of the pictures one run of `npm run pictures` made (scripts/pictures.mjs): each script
// that photographs something adds a line for each picture, with the build it was made from and the
// error messages it shows, to the file PICTURES_MANIFEST names. Outside that run (a script run
// alone, a test run) nothing is recorded. test/docs/pictures.test.ts reads the merged record
// (docs/screenshots/made.json): a picture the README or the host guide shows must be in it, all
// from one build, and a picture that shows an error must have a caption that mentions it.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Records that `file` (a name in docs/screenshots) was made from the build in `root`/dist, showing `errors`. */
export function recordPicture(root, file, errors = []) {
  const manifest = process.env.PICTURES_MANIFEST;
  if (!manifest) return;
  const { build } = JSON.parse(readFileSync(join(root, 'dist/build.json'), 'utf8'));
  appendFileSync(manifest, `${JSON.stringify({ file, build, errors })}\n`);
}
