// The shared sheet's "Your answers" tab (src/triggers/answers/public-rows.ts) written into a spreadsheet as the
// sandbox holds it (test/sandbox/sheets.ts: the embedded workbook plus editors and unprotected
// ranges): protections whose ids Sheets draws, found again by their range and description to change
// a row's editor, and colours given as backgroundColorStyle (CellFormat.backgroundColor is deprecated).
import { describe, expect, it } from 'vitest';
import type { PhaseSpec, Player } from '../../src/engine/core/game.js';
import type { Request } from '../../src/sheets/api.js';
import { METADATA_FIELDS } from '../../src/sheets/api.js';
import { ANSWERS_TAB, answersTabRequests } from '../../src/triggers/answers/public-rows.js';
import { SheetFile } from '../sandbox/sheets.js';
import type { WorkbookMetadata } from '../../src/sheets/api.js';

const PLAYERS: Player[] = [
  { id: 'p1', name: 'Ann', email: 'ann@example.com', garnets: 0 },
  { id: 'p2', name: 'Ben', email: 'ben@example.com', garnets: 0 },
];
const question = { id: 'colour', label: 'Your colour', help: 'red or blue', kind: 'text' as const, public: true };
const PHASE: PhaseSpec = {
  id: 'step-1',
  title: 'Step 1',
  kind: 'step',
  questions: { p1: [question], p2: [question] },
};

const metadataOf = (file: SheetFile) => file.get(METADATA_FIELDS) as WorkbookMetadata;

/** Every key of every object in `value`, at any depth. */
const keysIn = (value: unknown): string[] =>
  value === null || typeof value !== 'object'
    ? []
    : Object.entries(value as object).flatMap(([key, inner]) => [
        ...(Array.isArray(value) ? [] : [key]),
        ...keysIn(inner),
      ]);

describe('the answers tab', () => {
  it('names no protection id: Sheets draws them, and each row is kept to its player', () => {
    const file = new SheetFile('shared', 'Shared', 'host@example.com');
    const requests = answersTabRequests(metadataOf(file), PLAYERS, PHASE);
    expect(keysIn(requests)).not.toContain('protectedRangeId');
    file.batchUpdate(requests);
    const protections = file.sheet(ANSWERS_TAB).protectedRanges;
    expect(protections).toHaveLength(1 + PLAYERS.length);
    expect(file.canEdit('ann@example.com', true, file.sheet(ANSWERS_TAB).sheetId, 1, 1)).toBe(true);
    expect(file.canEdit('ben@example.com', true, file.sheet(ANSWERS_TAB).sheetId, 1, 1)).toBe(false);
  });

  it("changes a row's editor through the id Sheets drew, read from the metadata, in the same one batch", () => {
    const file = new SheetFile('shared', 'Shared', 'host@example.com');
    // Whatever ids Sheets draws (here 7000, 7001, …), nothing the add-on could have guessed.
    let drawn = 7000;
    const made = answersTabRequests(metadataOf(file), PLAYERS, PHASE).map((r) =>
      r.addProtectedRange
        ? {
            addProtectedRange: { protectedRange: { ...r.addProtectedRange.protectedRange, protectedRangeId: drawn++ } },
          }
        : r,
    );
    file.batchUpdate(made);
    const corrected = [{ ...PLAYERS[0], email: 'ann.real@example.org' }, PLAYERS[1]];
    const requests = answersTabRequests(metadataOf(file), corrected, PHASE, { keepAnswers: true });
    const updates = requests.flatMap((r) =>
      r.updateProtectedRange ? [r.updateProtectedRange.protectedRange?.protectedRangeId] : [],
    );
    const annRow = file.sheet(ANSWERS_TAB).protectedRanges.find((p) => p.range.startRowIndex === 1)?.protectedRangeId;
    expect(updates).toHaveLength(PLAYERS.length);
    expect(updates).toEqual([7001, 7002]);
    expect(updates[0]).toBe(annRow);
    expect(requests.some((r) => r.addProtectedRange)).toBe(false);
    file.batchUpdate(requests);
    const sheetId = file.sheet(ANSWERS_TAB).sheetId;
    expect(file.canEdit('ann.real@example.org', true, sheetId, 1, 1)).toBe(true);
    expect(file.canEdit('ann@example.com', true, sheetId, 1, 1)).toBe(false);
  });

  it('protects a row again when its protection is gone, rather than naming an id that does not exist', () => {
    const file = new SheetFile('shared', 'Shared', 'host@example.com');
    file.batchUpdate(answersTabRequests(metadataOf(file), PLAYERS, PHASE));
    const benRow = file.sheet(ANSWERS_TAB).protectedRanges.find((p) => p.range.startRowIndex === 2)!.protectedRangeId;
    file.batchUpdate([{ deleteProtectedRange: { protectedRangeId: benRow } }]);
    const requests = answersTabRequests(metadataOf(file), PLAYERS, PHASE, { keepAnswers: true });
    file.batchUpdate(requests);
    expect(file.canEdit('ann@example.com', true, file.sheet(ANSWERS_TAB).sheetId, 2, 1)).toBe(false);
    expect(file.canEdit('ben@example.com', true, file.sheet(ANSWERS_TAB).sheetId, 2, 1)).toBe(true);
  });

  it('colours the answer cells with backgroundColorStyle, never the deprecated backgroundColor', () => {
    const file = new SheetFile('shared', 'Shared', 'host@example.com');
    const first: Request[] = answersTabRequests(metadataOf(file), PLAYERS, PHASE);
    file.batchUpdate(first);
    const again = answersTabRequests(metadataOf(file), PLAYERS, null, { keepAnswers: true });
    for (const requests of [first, again]) {
      expect(keysIn(requests)).not.toContain('backgroundColor');
      expect(JSON.stringify(requests)).not.toMatch(/userEnteredFormat\.backgroundColor(?!Style)/);
    }
    expect(keysIn(first)).toContain('backgroundColorStyle');
    expect(file.sheet(ANSWERS_TAB).cells[1]?.[1]?.userEnteredFormat?.backgroundColorStyle).toEqual({
      rgbColor: { red: 1, green: 1, blue: 1 },
    });
  });
});
