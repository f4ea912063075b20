// The latencies (src/triggers/google/latency.ts) are the one table the sidebar's projection
// (trigger-time.ts, Check this account…) and the tests' and bench's cost model (cost.ts) read:
// each call the projection prices is priced the same by the cost model, under both readings.
import { describe, expect, it } from 'vitest';
import { LATENCY, type LatencyModel, latencies } from '../../src/triggers/google/latency.js';
import { type CallRecord, isRemote } from '../sandbox/calls.js';
import { costOf } from './cost.js';

const call = (name: string, kb = 0): CallRecord =>
  ({ name, remote: true, bytesOut: kb * 1024, bytesIn: 0 }) as unknown as CallRecord;

describe('the latency table', () => {
  it('gives every latency a source and a pessimistic figure no lower than the sourced one', () => {
    for (const [name, l] of Object.entries(LATENCY)) {
      expect(l.source.length, name).toBeGreaterThan(20);
      expect(l.pessimistic, name).toBeGreaterThanOrEqual(l.sourced);
    }
  });

  for (const model of ['sourced', 'pessimistic'] as LatencyModel[]) {
    it(`prices each call the projection counts as the cost model does (${model})`, () => {
      const l = latencies(model);
      expect(costOf(call('Sheets.Spreadsheets.batchUpdate', 50), model)).toBe(l.sheetsCall + 50 * l.sheetsWritePerKb);
      expect(costOf(call('Sheets.Spreadsheets.get'), model)).toBe(l.sheetsCall);
      expect(costOf(call('Properties.getProperty'), model)).toBe(l.propertyRead);
      expect(costOf(call('Properties.setProperty'), model)).toBe(l.propertyWrite);
      expect(costOf(call('FormApp.openById'), model)).toBe(l.formOpen);
      expect(costOf(call('Form.getResponses'), model)).toBe(l.formResponses);
      expect(costOf(call('Form.setAcceptingResponses'), model)).toBe(l.formChange);
      expect(costOf(call('SpreadsheetApp.getActiveSpreadsheet'), model)).toBe(l.spreadsheetApp);
      expect(costOf(call('Lock.tryLock'), model)).toBe(l.lock);
      expect(costOf(call('ScriptApp.getProjectTriggers'), model)).toBe(l.triggerChange);
      expect(costOf(call('ClockTriggerBuilder.create'), model)).toBe(l.triggerChange);
      expect(costOf(call('MailApp.sendEmail'), model)).toBe(l.mailSend);
      expect(costOf(call('MailApp.getRemainingDailyQuota'), model)).toBe(l.mailQuota);
      expect(costOf(call('UrlFetchApp.fetch'), model)).toBe(l.fetch);
    });
  }

  it("prices a trigger made as one server call, its builder's create(): ScriptApp.newTrigger only returns the builder", () => {
    expect(isRemote('ScriptApp', 'newTrigger')).toBe(false);
    expect(isRemote('TriggerBuilder', 'timeBased')).toBe(false);
    expect(isRemote('ClockTriggerBuilder', 'create')).toBe(true);
    expect(isRemote('ScriptApp', 'getProjectTriggers')).toBe(true);
    expect(isRemote('ScriptApp', 'deleteTrigger')).toBe(true);
  });
});
