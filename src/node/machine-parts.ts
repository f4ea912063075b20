// Forms and Drive for a machine hosting a match (genius-host host, genius-host start --spreadsheet):
// the Forms port on Forms API v1 and the Files port on Sheets v4 and Drive v3 (src/node/rest-forms.ts,
// files.ts).

import type { GoogleCalls } from './bridge.js';
import { RestFiles } from './files.js';
import { RestForms } from './rest-forms.js';
import type { MachineParts } from './host-ports.js';

export function machineParts(google: GoogleCalls): MachineParts {
  return { forms: new RestForms(google), files: new RestFiles(google) };
}
