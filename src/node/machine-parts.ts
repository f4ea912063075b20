// Forms and Drive for genius-host host. The Forms v1 and Drive v3 REST ports are built on their own
// branch; until they are merged here, hosting from a machine refuses, in one line, any execution
// that must read or change a form (a tick that finds nothing due, a lease taken or refused, and the
// refusal of a match Apps Script hosts all work without them).

import type { Forms } from '../triggers/ports.js';
import type { GoogleCalls } from './bridge.js';
import { GoogleError } from './bridge.js';
import type { MachineParts } from './host-ports.js';

const missing = (): never => {
  throw new GoogleError('reading and changing Google Forms from a machine needs the Forms REST port, which this build does not have yet');
};

const formsNotYet: Forms = {
  create: missing,
  setUp: missing,
  show: missing,
  startAccepting: missing,
  stopAccepting: missing,
  addResponder: missing,
  responses: missing,
};

export function machineParts(_google: GoogleCalls): MachineParts {
  return { forms: formsNotYet };
}
