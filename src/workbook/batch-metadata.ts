// The embedded workbook's protections and developer metadata: what the renderer writes, and
// nothing else (metadata on sheets only, looked up by id, only its value updated).

import type { SheetsApi } from '../sheets/api.js';
import { copy } from './fields.js';
import { type ProtectionState, WorkbookError, body, type BatchWork } from './sheet-state.js';

/**
 * A protected range. Without an id Sheets draws one ("The protectedRangeId field is optional; if one
 * is not set, an id will be randomly generated", AddProtectedRangeRequest), so the workbook draws
 * one too (from its own pseudo-random sequence: workbook.ts): nothing may count on which. The reply
 * carries the range with its id (AddProtectedRangeResponse.protectedRange).
 */
export function addProtectedRange(
  batch: BatchWork,
  request: SheetsApi.Schema$AddProtectedRangeRequest,
): { addProtectedRange: { protectedRange: ProtectionState } } {
  batch.only(request, ['protectedRange']);
  const range = request.protectedRange ?? {};
  batch.only(range, ['protectedRangeId', 'range', 'description', 'warningOnly']);
  const { sheet, area } = batch.area(range.range, 'protectedRange.range');
  let id = range.protectedRangeId ?? undefined;
  const all = batch.sheets.flatMap((s) => s.protectedRanges);
  if (id === undefined) {
    do id = batch.drawId();
    while (all.some((p) => p.protectedRangeId === id));
  } else if (!Number.isInteger(id) || id < 0) {
    throw new WorkbookError(`protectedRange.protectedRangeId must be a whole number, got ${id}`);
  } else if (all.some((p) => p.protectedRangeId === id)) {
    throw new WorkbookError(`a protected range with id ${id} already exists`);
  }
  const given = body(range.range, 'protectedRange.range');
  const whole =
    given.startRowIndex === undefined &&
    given.endRowIndex === undefined &&
    given.startColumnIndex === undefined &&
    given.endColumnIndex === undefined;
  const added: ProtectionState = {
    protectedRangeId: id,
    range: whole ? { sheetId: sheet.sheetId } : { sheetId: sheet.sheetId, ...area },
    ...(typeof range.description === 'string' ? { description: range.description } : {}),
    ...(range.warningOnly === true ? { warningOnly: true } : {}),
  };
  sheet.protectedRanges.push(added);
  return { addProtectedRange: { protectedRange: copy(added) } };
}

export function deleteProtectedRange(batch: BatchWork, request: SheetsApi.Schema$DeleteProtectedRangeRequest): void {
  batch.only(request, ['protectedRangeId']);
  for (const sheet of batch.sheets) {
    const at = sheet.protectedRanges.findIndex((p) => p.protectedRangeId === request.protectedRangeId);
    if (at >= 0) {
      batch.writable(sheet).protectedRanges.splice(at, 1);
      return;
    }
  }
  throw new WorkbookError(`no protected range with id ${request.protectedRangeId}`);
}

/** Only metadata located on a sheet, with an id, a key and a visibility (what the renderer writes). */
export function createDeveloperMetadata(
  batch: BatchWork,
  request: SheetsApi.Schema$CreateDeveloperMetadataRequest,
): void {
  batch.only(request, ['developerMetadata']);
  const meta = request.developerMetadata ?? {};
  batch.only(meta, ['metadataId', 'metadataKey', 'metadataValue', 'location', 'visibility']);
  const location = meta.location ?? {};
  batch.only(location, ['sheetId']);
  if (location.sheetId === undefined || location.sheetId === null)
    throw new WorkbookError(
      'developerMetadata.location.sheetId is required (the embedded workbook keeps metadata on sheets only)',
    );
  const sheet = batch.sheet(location.sheetId);
  const id = meta.metadataId;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0)
    throw new WorkbookError('developerMetadata.metadataId must be a positive whole number');
  if (typeof meta.metadataKey !== 'string' || meta.metadataKey === '')
    throw new WorkbookError('developerMetadata.metadataKey is required');
  const visibility = meta.visibility;
  if (visibility !== 'DOCUMENT' && visibility !== 'PROJECT')
    throw new WorkbookError('developerMetadata.visibility must be DOCUMENT or PROJECT');
  if (batch.sheets.some((s) => s.developerMetadata.some((m) => m.metadataId === id))) {
    throw new WorkbookError(`Developer metadata with id ${id} already exists`);
  }
  sheet.developerMetadata.push({
    metadataId: id,
    metadataKey: meta.metadataKey,
    visibility,
    ...(typeof meta.metadataValue === 'string' ? { metadataValue: meta.metadataValue } : {}),
  });
}

/**
 * Only the value, of the metadata a lookup by metadataId, or by metadataKey with or without
 * metadataValue, selects (DeveloperMetadataLookup: "selects all DeveloperMetadata that matches the
 * intersection of all the specified fields"). Answers the UpdateDeveloperMetadataResponse: "the
 * updated developer metadata", none when the lookup matched none. A lookup by id alone that matches
 * nothing is refused (the renderer's fingerprint: a missing one is a bug); a lookup naming a value
 * that matches nothing is an answer (a compare-and-set that lost: src/node/lease-swap.ts).
 */
export function updateDeveloperMetadata(
  batch: BatchWork,
  request: SheetsApi.Schema$UpdateDeveloperMetadataRequest,
): { updateDeveloperMetadata: { developerMetadata: SheetsApi.Schema$DeveloperMetadata[] } } {
  batch.only(request, ['dataFilters', 'developerMetadata', 'fields']);
  if (request.fields !== 'metadataValue')
    throw new WorkbookError('fields: the embedded workbook updates only "metadataValue"');
  const filters = request.dataFilters;
  if (!Array.isArray(filters) || filters.length !== 1) throw new WorkbookError('dataFilters: give exactly one filter');
  batch.only(filters[0], ['developerMetadataLookup']);
  const lookup = filters[0].developerMetadataLookup ?? {};
  batch.only(lookup, ['metadataId', 'metadataKey', 'metadataValue']);
  const byId = lookup.metadataId !== undefined && lookup.metadataId !== null;
  if (!byId && typeof lookup.metadataKey !== 'string')
    throw new WorkbookError('developerMetadataLookup: give a metadataId or a metadataKey');
  const meta = request.developerMetadata ?? {};
  batch.only(meta, ['metadataValue']);
  const matches = (m: { metadataId: number; metadataKey: string; metadataValue?: string }) =>
    (!byId || m.metadataId === lookup.metadataId) &&
    (typeof lookup.metadataKey !== 'string' || m.metadataKey === lookup.metadataKey) &&
    (typeof lookup.metadataValue !== 'string' || m.metadataValue === lookup.metadataValue);
  const updated: SheetsApi.Schema$DeveloperMetadata[] = [];
  for (const holder of batch.sheets.filter((s) => s.developerMetadata.some(matches))) {
    const sheet = batch.writable(holder);
    for (const found of sheet.developerMetadata.filter(matches)) {
      found.metadataValue = typeof meta.metadataValue === 'string' ? meta.metadataValue : undefined;
      updated.push({ ...found, location: { sheetId: sheet.sheetId, locationType: 'SHEET' } });
    }
  }
  if (updated.length === 0 && byId && typeof lookup.metadataValue !== 'string')
    throw new WorkbookError(`no developer metadata with id ${lookup.metadataId}`);
  return { updateDeveloperMetadata: { developerMetadata: updated } };
}

/**
 * deleteDeveloperMetadata of the metadata a lookup by metadataId selects ("The data filter
 * describing the criteria used to select which developer metadata entry to delete"). Answers the
 * DeleteDeveloperMetadataResponse, "the metadata that was deleted". Only a lookup by id is
 * modelled (what the machines' fence check sends: src/triggers/saved/store-lease.ts); whether
 * Google refuses a filter that selects nothing is not documented, so the fence never relies on it.
 */
export function deleteDeveloperMetadata(
  batch: BatchWork,
  request: SheetsApi.Schema$DeleteDeveloperMetadataRequest,
): { deleteDeveloperMetadata: { deletedDeveloperMetadata: SheetsApi.Schema$DeveloperMetadata[] } } {
  batch.only(request, ['dataFilter']);
  const filter = request.dataFilter ?? {};
  batch.only(filter, ['developerMetadataLookup']);
  const lookup = filter.developerMetadataLookup ?? {};
  batch.only(lookup, ['metadataId']);
  const id = lookup.metadataId;
  if (typeof id !== 'number') throw new WorkbookError('developerMetadataLookup.metadataId is required');
  const deleted: SheetsApi.Schema$DeveloperMetadata[] = [];
  for (const holder of batch.sheets.filter((s) => s.developerMetadata.some((m) => m.metadataId === id))) {
    const sheet = batch.writable(holder);
    for (const found of sheet.developerMetadata.filter((m) => m.metadataId === id))
      deleted.push({ ...found, location: { sheetId: sheet.sheetId, locationType: 'SHEET' } });
    sheet.developerMetadata = sheet.developerMetadata.filter((m) => m.metadataId !== id);
  }
  return { deleteDeveloperMetadata: { deletedDeveloperMetadata: deleted } };
}
