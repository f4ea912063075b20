// Entry of the CLI bundle (dist/cli.mjs).
import { runCli } from './cli.js';

runCli(process.argv.slice(2));
