// Every embedded workbook under test checks each batchUpdate body against Google's Sheets discovery
// document before applying it (src/workbook/workbook.ts, checkRequests), so no test passes on a
// request Google's schema would refuse.
import { EmbeddedWorkbook } from '../src/workbook/workbook.js';
import { checkSheetsBatchUpdate } from './helpers/discovery.js';

EmbeddedWorkbook.checkRequests = checkSheetsBatchUpdate;
