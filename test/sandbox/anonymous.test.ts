// Anonymous matches (issue 30; docs/matchfile.md, "Anonymous matches"), run by the built add-on
// in the Apps Script sandbox for every game: the players play under aliases, answer every
// question (public ones too) through their own forms, and the spectators' sheet is published,
// never shared with them. No player's real name or address reaches anyone but the host (or that
// player, through their own form and sheet): no workbook, form, email, Discord post or sharing
// email, and no sharing of a file that is not the player's own.
import { describe, expect, it } from 'vitest';
import { GAME_LIST } from '../../src/engine/index.js';
import type { Audience } from '../../src/engine/core/view.js';
import { checkAnonymity, peopleOf, workbookTexts } from '../helpers/privacy.js';
import { DEFAULT_FAULTS } from './players.js';
import { checkFilesPrivate, playWhole } from './whole-match.js';
import { sampleOf } from '../helpers/depth.js';

const WEBHOOK = 'https://discord.com/api/webhooks/123456789012345678/AnonymousMatchToken0123456789abcdefghijklmnop';

describe('an anonymous match of every game', () => {
  // A sample of the games (test/helpers/depth.ts); npm run test:deep plays every one.
  for (const game of sampleOf('anonymous in the sandbox', GAME_LIST, 2)) {
    // Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
    it(`${game.id}: no player's name or address reaches another player, a spectator, a message or a share`, () => {
      const table = playWhole({
        game: game.id,
        players: game.playerCount.min,
        minutes: { default: 60 },
        anonymous: true,
        faults: { ...DEFAULT_FAULTS, invalidEvery: 1000 },
        beforeStart: (t) => {
          t.google.discord.webhooks.add(WEBHOOK);
          t.google.promptAnswers.push({ button: 'OK', text: WEBHOOK });
          t.run('discordWebhook');
        },
      });
      const google = table.google;
      const result = table.state();
      expect(result.match.anonymous).toBe(true);
      expect(checkFilesPrivate(table, `${game.id} anonymous, at the end`, true)).toBeGreaterThan(20);
      const people = peopleOf(result.match);
      const texts: { audience: Audience; what: string; text: string }[] = [];
      const add = (audience: Audience, what: string, all: Iterable<string>) => {
        for (const text of all) texts.push({ audience, what, text });
      };
      add('public', 'the spectators’ sheet', workbookTexts(google.spreadsheet(table.sharedId()).workbook));
      for (const player of result.match.players) {
        const files = table.playerFile(player.id);
        const audience: Audience = `player:${player.id}`;
        add(audience, 'their sheet', workbookTexts(google.spreadsheet(files.sheet).workbook));
        const form = google.forms.get(files.form)!;
        add(audience, 'their form', [
          form.title,
          form.description,
          ...form.items.flatMap((item) => [item.title, JSON.stringify(item)]),
        ]);
      }
      for (const mail of google.mail) add('public', `an email to ${mail.to}`, [mail.subject, mail.body, mail.from]);
      add(
        'public',
        'a Discord post',
        google.discord.posts.map((p) => p.content),
      );
      for (const sent of google.sharingEmails) add('public', `a sharing email to ${sent.email}`, [sent.message]);
      expect(google.discord.posts.length).toBeGreaterThan(0);
      // Every sharing of every file with an address, and whose own file it is.
      const ownerOf = new Map<string, string>();
      for (const player of result.match.players) {
        const files = table.playerFile(player.id);
        ownerOf.set(files.sheet, player.id).set(files.form, player.id);
      }
      const shares = [...google.files.values()].flatMap((file) =>
        file.permissions
          .filter((p) => p.role !== 'owner' && p.emailAddress !== undefined)
          .map((p) => ({ file: file.id, owner: ownerOf.get(file.id) ?? null, email: p.emailAddress! })),
      );
      expect(checkAnonymity(people, texts, shares)).toBeGreaterThan(people.length * 10);
      // The spectators' sheet is published, and shared with nobody.
      const shared = google.files.get(table.sharedId())!;
      expect(shared.published).toBe(true);
      expect(shared.permissions.filter((p) => p.emailAddress !== undefined && p.role !== 'owner')).toEqual([]);
    }, 240_000);
  }
});
