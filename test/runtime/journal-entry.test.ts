/**
 * The outcome journal's pure parts: an entry's line round-trips, bad lines are skipped with the
 * reason, replay keeps intents not cleared and skips a torn last line; the file store's records
 * survive a compaction; the `outcomeJournal` option is checked before any I/O.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ExchangeClient, ValidationError } from '../../generated/src/index.js';
import { decodeLine, encodeRecord, replay, type JournalEntry } from '../../generated/src/runtime/journal-entry.js';
import { fileJournal } from '../../generated/src/runtime/journal-file.js';
import { journalAfter } from '../../generated/src/runtime/outcome-journal.js';
import { UnknownOutcomeError } from '../../generated/src/index.js';

const entry = (n: number, extra: Partial<JournalEntry> = {}): JournalEntry => ({
  id: n.toString(16).padStart(32, '0'),
  operation: 'withdraw',
  field: 'withdraw_order_id',
  value: `w-${n}`,
  targets: [{ value: `w-${n}`, with: {} }],
  paramsHash: 'c'.repeat(128),
  sentAtMs: 1_700_000_000_000 + n,
  account: 'acct-0123456789abcdef',
  ...extra,
});
const intent = (n: number): string => encodeRecord({ type: 'intent', ...entry(n) });
const clear = (n: number): string => encodeRecord({ type: 'clear', id: entry(n).id });

describe('encodeRecord / decodeLine', () => {
  it.each([
    { given: { type: 'intent' as const, ...entry(1) } },
    { given: { type: 'intent' as const, ...entry(2, { field: undefined, value: undefined, targets: [] }) } },
    {
      given: {
        type: 'intent' as const,
        ...entry(3, { targets: [{ value: 'a', with: { currency_pair: 'BTC_USDT' } }] }),
      },
    },
    { given: { type: 'clear' as const, id: entry(4).id } },
  ])('round-trips $given.type $given.id', ({ given }) => {
    const line = encodeRecord(given);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    const decoded = decodeLine(line.slice(0, -1));
    const want = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
    expect(decoded).toEqual({ ok: true, record: expect.objectContaining(want) as unknown });
  });

  it.each([
    { given: '{"v":1,"type":"intent","id":"00', want: 'not JSON (a torn write?)' },
    { given: '[1]', want: 'not a JSON object' },
    { given: intent(1).replace('"v":1', '"v":2').trim(), want: 'version 2 is not 1' },
    {
      given: clear(1)
        .replace(/"id":"[0-9a-f]+"/, '"id":"XYZ"')
        .trim(),
      want: 'id is not 32 hex digits',
    },
    { given: clear(1).replace('"clear"', '"other"').trim(), want: 'type other is unknown' },
    {
      given: intent(1).replace('"sentAtMs":', '"sentAt":').trim(),
      want: 'an intent field is missing or of the wrong type',
    },
    {
      given: intent(1).replace('"with":{}', '"with":{"a":1}').trim(),
      want: 'an intent field is missing or of the wrong type',
    },
  ])('skips $want', ({ given, want }) => {
    expect(decodeLine(given)).toEqual({ ok: false, why: want });
  });
});

describe('replay', () => {
  it.each([
    { given: '', want: { pending: [], skipped: [], cleared: 0 } },
    { given: intent(1) + intent(2) + clear(1), want: { pending: [1 + 1], skipped: [], cleared: 1 } },
    { given: intent(1) + intent(1), want: { pending: [1], skipped: [], cleared: 0 } },
    { given: intent(1) + clear(1) + clear(1), want: { pending: [], skipped: [], cleared: 1 } },
    {
      given: intent(1) + intent(2).slice(0, 40),
      want: { pending: [1], skipped: [{ line: 2, why: 'torn last line (no newline)' }], cleared: 0 },
    },
    {
      given: intent(1) + '{"v":1,"ty\n' + intent(3),
      want: { pending: [1, 3], skipped: [{ line: 2, why: 'not JSON (a torn write?)' }], cleared: 0 },
    },
    {
      given: intent(1) + clear(1).slice(0, 10),
      want: { pending: [1], skipped: [{ line: 2, why: 'torn last line (no newline)' }], cleared: 0 },
    },
  ])('$given', ({ given, want }) => {
    const got = replay(given);
    expect({ ...got, pending: got.pending.map((e) => e.sentAtMs - 1_700_000_000_000) }).toEqual(want);
  });
});

describe('journalAfter', () => {
  it.each([
    { given: undefined, want: 'clear' },
    { given: new ValidationError('amount', 'x', 'type', 'must be a decimal'), want: 'clear' },
    { given: new UnknownOutcomeError('withdraw: timed out', {}), want: 'keep' },
    { given: new TypeError('a bug'), want: 'keep' },
  ])('$want', ({ given, want }) => {
    expect(journalAfter(given)).toBe(want);
  });
});

describe('file store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'exchange-v4-journal-unit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every pending entry across compactions and stays bounded', async () => {
    const path = join(dir, 'compact.jsonl');
    const journal = fileJournal({ path, compactBytes: 2_000 });
    for (let n = 1; n <= 60; n++) {
      await journal.record(entry(n));
      if (n % 3 !== 0) await journal.clear(entry(n).id);
    }
    const pending = await journal.pending();
    expect(pending.map((e) => e.value)).toEqual(Array.from({ length: 20 }, (_, i) => `w-${3 * (i + 1)}`));
    // 20 pending intents and at most the records appended since the last compaction.
    expect(readFileSync(path, 'utf8').length).toBeLessThan(2_000 + intent(1).length * 2 + 20 * intent(1).length);
  });

  it('reads a journal with a torn last line (a crash mid-write) and appends after it', async () => {
    const path = join(dir, 'torn.jsonl');
    const journal = fileJournal({ path });
    await journal.record(entry(1));
    appendFileSync(path, intent(2).slice(0, 30));
    expect((await journal.pending()).map((e) => e.value)).toEqual(['w-1']);
    await journal.record(entry(3));
    expect((await journal.pending()).map((e) => e.value)).toEqual(['w-1', 'w-3']);
  });
});

describe('outcomeJournal option', () => {
  it.each([
    { given: 'journal.jsonl', want: 'outcomeJournal' },
    { given: { path: '' }, want: 'outcomeJournal' },
    { given: { record: () => undefined }, want: 'outcomeJournal' },
    { given: { path: 'j.jsonl', compactBytes: 0 }, want: 'outcomeJournal.compactBytes' },
  ])('refuses $given before any I/O', ({ given, want }) => {
    const make = (): unknown =>
      new ExchangeClient({ baseUrl: 'http://127.0.0.1:9/api/v4', outcomeJournal: given as never });
    expect(make).toThrow(ValidationError);
    expect(make).toThrow(expect.objectContaining({ field: want }) as Error);
  });
});
