// The commands of genius-host, one file each (as clasp has them), by the name a user types.

import type { Command } from '../args.js';
import type { CommandName } from '../usage.js';
import { help } from './help.js';
import { host } from './host.js';
import { login } from './login.js';
import { newCommand } from './new.js';
import { pull } from './pull.js';
import { render } from './render.js';
import { replay } from './replay.js';
import { season } from './season.js';
import { show } from './show.js';
import { start } from './start.js';
import { verify } from './verify.js';

export const COMMANDS: Readonly<Record<CommandName, Command>> = {
  replay,
  new: newCommand,
  show,
  start,
  render,
  pull,
  verify,
  season,
  host,
  login,
  help,
};
