// Which failed calls are refusals (asking again would be refused again) and which may pass, for the
// REST ports, classified as the add-on classifies them (src/addon/services.ts mayPass).

import { GoogleError } from './bridge.js';

/** Drive's rate-limit reasons (`error.errors[0].reason`), retried with backoff by "Resolve errors". */
const RATE_LIMITS = ['rateLimitExceeded', 'userRateLimitExceeded', 'sharingRateLimitExceeded', 'backendError'];

/**
 * Whether a failed call may pass if made again: Drive's "Resolve errors" guide
 * (developers.google.com/workspace/drive/api/guides/handle-errors) names the rate limits (403
 * rateLimitExceeded, userRateLimitExceeded, sharingRateLimitExceeded; 429) and server errors (5xx,
 * backendError); no answer at all (a time-out, a dropped connection) may pass too. The worker has
 * retried these already (src/node/rest.ts); they are thrown, so the command is run again later.
 * Any other answer (a domain's sharing policy, a form that refuses a setting) is a refusal.
 */
export function mayPass(error: unknown): boolean {
  if (!(error instanceof GoogleError)) return true;
  const { status, call } = error;
  if (status === undefined || status === 408 || status === 429 || status >= 500) return true;
  return call?.detail !== undefined && RATE_LIMITS.includes(call.detail);
}

/** Google's own words for a refusal (the error body's message), as the add-on's notes quote them. */
export function refusalOf(error: unknown): string {
  if (error instanceof GoogleError) return error.call?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Runs `work`; a refusal is answered as its message, a failure that may pass is thrown. */
export function refusal(work: () => void): string | null {
  try {
    work();
    return null;
  } catch (error) {
    if (mayPass(error)) throw error;
    return refusalOf(error);
  }
}
