// The layout rule (npm run check, run by CI; docs/architecture.md "The code"): each folder of src/
// imports only the folders below it, so data flows one way and no two folders import each other.
//
//   engine ← sheets, forms ← triggers ← addon, node ← cli
//                  sheets ← workbook ← cli
//
// The pure folders (everything the Apps Script bundle holds) never import a Node built-in.
// Type-only imports count too: a type from above is as much a tie to that folder as a value.

/** Each folder of src/ and the folders it may import (besides itself). */
const LAYERS = {
  engine: [],
  sheets: ['engine'],
  forms: ['engine'],
  workbook: ['engine', 'sheets'],
  triggers: ['engine', 'sheets', 'forms'],
  addon: ['engine', 'sheets', 'forms', 'triggers'],
  node: ['engine', 'sheets', 'forms', 'triggers'],
  cli: ['engine', 'sheets', 'forms', 'triggers', 'workbook', 'node'],
};
/** The folders dist/Code.js is built from: no Node there (Apps Script has none). */
const BUNDLED = ['engine', 'sheets', 'forms', 'triggers', 'addon'];
const FOLDERS = Object.keys(LAYERS);

/**
 * Inside src/triggers, each subfolder and the subfolders it may import (besides itself), in the
 * order an execution meets them from the bottom up: Google's ports, what is saved between
 * executions, the answers collected, the messages sent, the drawing, when to run next, the
 * execution's pipeline, and the host's actions on top (docs/architecture.md, "One answer through
 * an execution"). Each folder's README.md says what it holds.
 */
const TRIGGER_LAYERS = {
  google: [],
  saved: ['google'],
  answers: ['google', 'saved'],
  messages: ['google', 'saved', 'answers'],
  drawing: ['google', 'saved', 'answers'],
  schedule: ['google', 'saved', 'answers', 'messages'],
  execution: ['google', 'saved', 'answers', 'messages', 'drawing', 'schedule'],
  host: ['google', 'saved', 'answers', 'messages', 'drawing', 'schedule', 'execution'],
};
const TRIGGER_FOLDERS = Object.keys(TRIGGER_LAYERS);

const triggerRules = Object.entries(TRIGGER_LAYERS).map(([folder, below]) => ({
  name: `triggers-${folder}-imports-only-below`,
  comment: `src/triggers/${folder} may import only ${below.length ? below.map((b) => `src/triggers/${b}`).join(', ') : 'itself'} of src/triggers (.dependency-cruiser.mjs: TRIGGER_LAYERS)`,
  severity: 'error',
  from: { path: `^src/triggers/${folder}/` },
  to: { path: '^src/triggers/', pathNot: `^src/triggers/(${[folder, ...below].join('|')})/` },
}));

const layerRules = Object.entries(LAYERS).map(([folder, below]) => ({
  name: `${folder}-imports-only-below`,
  comment: `src/${folder} may import only ${below.length ? below.map((b) => `src/${b}`).join(', ') : 'itself'} (.dependency-cruiser.mjs: LAYERS)`,
  severity: 'error',
  from: { path: `^src/${folder}/` },
  to: { path: '^src/', pathNot: `^src/(${[folder, ...below].join('|')})/` },
}));

export default {
  forbidden: [
    ...layerRules,
    ...triggerRules,
    {
      name: 'triggers-file-has-a-folder',
      comment:
        'every file of src/triggers is in one of its subfolders, each in TRIGGER_LAYERS (.dependency-cruiser.mjs)',
      severity: 'error',
      from: { path: '^src/triggers/', pathNot: `^src/triggers/(${TRIGGER_FOLDERS.join('|')})/` },
      to: {},
    },
    {
      // (An import into such a folder already breaks the importer's own layer rule.)
      name: 'folder-has-a-layer',
      comment: 'every folder of src/ has its place in LAYERS (.dependency-cruiser.mjs)',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/(${FOLDERS.join('|')})/` },
      to: {},
    },
    {
      name: 'game-imports-only-core',
      comment: "a game's folder imports the engine's core, never another game (nor the registry)",
      severity: 'error',
      from: { path: '^src/engine/games/([^/]+)/' },
      to: { path: '^src/engine/games/', pathNot: '^src/engine/games/$1/' },
    },
    {
      name: 'core-names-no-game',
      comment: "the engine's core asks a game's definition; it never imports a game",
      severity: 'error',
      from: { path: '^src/engine/core/' },
      to: { path: '^src/engine/(games/|index\\.ts$)' },
    },
    {
      name: 'bundle-has-no-node',
      comment: `${BUNDLED.map((b) => `src/${b}`).join(', ')} go into the Apps Script bundle, which has no Node`,
      severity: 'error',
      from: { path: `^src/(${BUNDLED.join('|')})/` },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-circular',
      comment:
        'no module imports itself through others, type-only imports included: a loop of types is a loop a reader follows',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    // Only src/ is cruised (the command names it); the packages and Node built-ins it imports are
    // listed, so the rules can see them, but not followed.
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
