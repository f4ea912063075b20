// What `genius-host host --help` says (docs/machine-host.md: Hosting from a machine says more).

export const HOST_HELP = `genius-host host --spreadsheet ID [--once | --every 60s]

Hosts a match from this machine instead of the add-on's Apps Script triggers: each execution is
the add-on's minute tick (collect answers, resolve what is due, draw the sheets, change the forms),
through Google's Sheets, Forms and Drive APIs as the credential of GOOGLE_APPLICATION_CREDENTIALS (a
service account's key file) or Application Default Credentials. Share the host spreadsheet, the
shared sheet, the players' sheets and forms with that account as an editor.

First hand the match over: in the host spreadsheet choose Genius Host -> Host from a machine...
(it copies the match's state into a hidden tab and removes the add-on's triggers). genius-host host
refuses a match Apps Script still hosts. Genius Host -> Host from Apps Script again takes it back.

  --once          one execution, then exit (for cron or a Cloud Run job; the default)
  --every 60s     keeps going until Ctrl-C: the next execution when something is due (a deadline,
                  a reminder, a form reading), and at least every 60 seconds (or 2m, 90...; 10 s
                  at least); Ctrl-C stops between executions; a failing call is logged and tried
                  again next time, but a saved sign-in Google refuses (expired or revoked) stops it

Each execution writes one line on standard error: what it logged and drew, and its Google calls.
Form answers are read every 5 minutes, and at every deadline. Public rows (the shared sheet's
"Your answers" tab) are read by every execution that does anything and 2 seconds before each
deadline: a row counts as changed when a read saw it, so change it no later than a few seconds
before the deadline. Two machines hosting the same match never resolve a phase twice: a lease in the
spreadsheet lets one run at a time, renewed while a run goes on; another machine takes over a
crashed machine's lease once it has seen it unchanged for 10 minutes of its own clock (the
machines' clocks need not agree).

Discord: the add-on keeps the webhook in its script properties, which a machine cannot read. Set
GENIUS_HOST_DISCORD_WEBHOOK to the channel's webhook URL (in the environment, not on the command
line) and the machine posts the results and reminders due, and the posts Discord refused the
add-on (kept for 3 hours), from its own address. Without it, the machine posts nothing.

Exit status: 0; 1 when the match is not handed to a machine, --once failed, or Google refused the
saved sign-in (one line says why).`;
