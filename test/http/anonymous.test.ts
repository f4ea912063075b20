// An anonymous match of every game hosted from Node over HTTP (test/http/hosting.ts; docs/matchfile.md,
// "Anonymous matches"): the machine asks every question by form, reads no public rows, and no
// player's name or address reaches another player, a spectator, a message or a share of a file
// that is not their own.
import { describe, expect, it } from 'vitest';
import type { Audience } from '../../src/engine/core/view.js';
import { GAME_LIST } from '../../src/engine/index.js';
import { checkAnonymity, peopleOf, workbookTexts } from '../helpers/privacy.js';
import { logOf } from '../sandbox/players.js';
import { HostChild, handedOver, playToEnd } from './hosting.js';
import { sampleOf } from '../helpers/depth.js';

describe.concurrent('anonymous matches hosted from Node over HTTP', () => {
  // Up to 5 minutes, not the default minute: a whole match hosted by the built command over HTTP, one execution after another, on 2 busy cores.
  // A sample of the games (test/helpers/depth.ts); npm run test:deep hosts every one.
  it.each(
    sampleOf('anonymous over HTTP', GAME_LIST, 2).map((game) => ({ game: game.id, players: game.playerCount.min })),
  )(
    "$game: no player's name or address reaches anyone but the host",
    { timeout: 300_000 },
    async ({ game, players }) => {
      const { table, google, key } = await handedOver(game, players, {}, { anonymous: true });
      const machine = new HostChild(google, table.google.host.id, key);
      try {
        await playToEnd(game, table, machine);
      } finally {
        machine.close();
      }
      await google.close();
      const world = table.google;
      const match = logOf(table.sandbox);
      expect(match.anonymous).toBe(true);
      const texts: { audience: Audience; what: string; text: string }[] = [];
      const add = (audience: Audience, what: string, all: Iterable<string>) => {
        for (const text of all) texts.push({ audience, what, text });
      };
      add('public', 'the spectators’ sheet', workbookTexts(world.spreadsheet(table.sharedId()).workbook));
      const ownerOf = new Map<string, string>();
      for (const player of match.players) {
        const files = table.playerFile(player.id);
        ownerOf.set(files.sheet, player.id).set(files.form, player.id);
        add(`player:${player.id}`, 'their sheet', workbookTexts(world.spreadsheet(files.sheet).workbook));
        const form = world.forms.get(files.form)!;
        add(`player:${player.id}`, 'their form', [
          form.title,
          form.description,
          ...form.items.map((i) => JSON.stringify(i)),
        ]);
      }
      for (const mail of world.mail) add('public', `an email to ${mail.to}`, [mail.subject, mail.body, mail.from]);
      for (const sent of world.sharingEmails) add('public', `a sharing email to ${sent.email}`, [sent.message]);
      const shares = [...world.files.values()].flatMap((file) =>
        file.permissions
          .filter((p) => p.role !== 'owner' && p.emailAddress !== undefined)
          .map((p) => ({ file: file.id, owner: ownerOf.get(file.id) ?? null, email: p.emailAddress! })),
      );
      expect(checkAnonymity(peopleOf(match), texts, shares)).toBeGreaterThan(match.players.length * 10);
      // Every answer came by form: the shared sheet asked nothing.
      expect(match.submissions.filter((s) => s.via === 'row')).toEqual([]);
      expect(match.submissions.filter((s) => s.via === 'form').length).toBeGreaterThan(match.players.length);
    },
  );
});
