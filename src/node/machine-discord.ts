// Discord posts from a machine hosting a match (genius-host host; README, "Discord announcements").
// On Apps Script the webhook's URL is in the script properties, which a machine cannot read; the
// host gives it to the machine in the environment variable GENIUS_HOST_DISCORD_WEBHOOK (not a flag:
// a command line is visible to every user of the machine). With it, the machine's executions send
// the posts due and those Discord refused Apps Script (pending in the log: src/engine/core/posts.ts),
// from the machine's own address. Node-only.

import { rememberSecret } from '../engine/core/redact.js';
import { InputError } from './errors.js';
import { WEBHOOK_SECRET, isWebhookUrl } from '../triggers/messages/discord-webhook.js';
import type { Http, Secrets } from '../triggers/google/ports.js';
import type { GoogleCalls } from './bridge.js';

/** The environment variable holding the webhook's URL. */
const WEBHOOK_VARIABLE = 'GENIUS_HOST_DISCORD_WEBHOOK';

/** The Http and Secrets ports of a machine given a webhook, or null when none is given. A malformed value is one line (never echoing it). */
export function machineDiscord(
  google: GoogleCalls,
  env: NodeJS.ProcessEnv = process.env,
): { http: Http; secrets: Secrets } | null {
  const url = env[WEBHOOK_VARIABLE]?.trim() ?? '';
  if (url === '') return null;
  if (!isWebhookUrl(url))
    throw new InputError(
      `${WEBHOOK_VARIABLE} is not a Discord webhook URL (Discord: Server Settings → Integrations → Webhooks → Copy Webhook URL; it looks like https://discord.com/api/webhooks/<digits>/<token>)`,
    );
  // Whatever the host keeps is redacted of its token, in any form (core/redact.ts).
  rememberSecret(url);
  const readOnly = (): never => {
    throw new InputError(`a machine's Discord webhook is set by ${WEBHOOK_VARIABLE}, not from the match`);
  };
  return {
    secrets: { get: (key) => (key === WEBHOOK_SECRET ? url : null), set: readOnly, remove: readOnly },
    http: {
      postJson: (to, body) => {
        const answer = google.call('postJson', { url: to, body }, 'Discord');
        if ('failed' in answer) throw new Error(`could not reach Discord (${answer.failed})`);
        return answer;
      },
    },
  };
}
