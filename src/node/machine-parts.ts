// Forms and Drive for genius-host host: the REST ports (src/node/forms.ts, files.ts).

import type { GoogleCalls } from './bridge.js';
import { RestFiles } from './files.js';
import { RestForms } from './forms.js';
import type { MachineParts } from './host-ports.js';

export function machineParts(google: GoogleCalls, hostId: string): MachineParts {
  return { forms: new RestForms(google), files: new RestFiles(google, hostId) };
}
