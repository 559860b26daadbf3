/**
 * The outcome journal's records, as pure data: what a write's intent holds (`JournalEntry`), its
 * encoding as one JSON line, and the replay of a journal's lines into the entries still pending
 * (intents not cleared). A torn last line (a process killed mid-write) is skipped. The format is
 * shared with the Python client and documented in docs/outcome-journal.md.
 *
 * An entry holds no secret: no key, no secret, no signature, no body. Only the operation, the
 * idempotency id, the lookup's own parameters (`currency_pair`, `settle`, ...), a SHA-512 of the
 * request as sent and the account's fingerprint.
 */

/** The journal format version written; lines of another version are skipped, never misread. */
const JOURNAL_VERSION = 1;

/** One write to look up again: its id and the lookup's other parameters, as the write sent them. */
export interface JournalTarget {
  readonly value: string;
  readonly with: Readonly<Record<string, string>>;
}

/** The intent of one write, recorded before it is sent. */
export interface JournalEntry {
  /** Entry id (32 hex digits), unique per write. */
  readonly id: string;
  /** operationId of the write. */
  readonly operation: string;
  /** Idempotency field and value the write carried (`value` undefined for a batch: see `targets`). */
  readonly field: string | undefined;
  readonly value: string | undefined;
  /** Every write to find (one, or each item of a batch). */
  readonly targets: readonly JournalTarget[];
  /** Lower-case hex SHA-512 of `METHOD\npath\nquery\nbody` as sent. */
  readonly paramsHash: string;
  /** Server-corrected epoch ms just before the write was first sent. */
  readonly sentAtMs: number;
  /** The account's fingerprint (`acct-…`, a one-way hash of the key; `public` without one). */
  readonly account: string;
}

/** One line of the journal: an intent, or the clearing of one. */
export type JournalRecord =
  ({ readonly type: 'intent' } & JournalEntry) | { readonly type: 'clear'; readonly id: string };

/** A line read back: its record, or why it was skipped. */
export type DecodedLine =
  { readonly ok: true; readonly record: JournalRecord } | { readonly ok: false; readonly why: string };

const ID = /^[0-9a-f]{32}$/;

/** The record as one JSON line (with its newline), fields in a fixed order. */
export function encodeRecord(record: JournalRecord): string {
  if (record.type === 'clear') return `${JSON.stringify({ v: JOURNAL_VERSION, type: 'clear', id: record.id })}\n`;
  const { id, operation, field, value, targets, paramsHash, sentAtMs, account } = record;
  const out: Record<string, unknown> = { v: JOURNAL_VERSION, type: 'intent', id, operation };
  if (field !== undefined) out['field'] = field;
  if (value !== undefined) out['value'] = value;
  out['targets'] = targets.map((t) => ({ value: t.value, with: t.with }));
  Object.assign(out, { paramsHash, sentAtMs, account });
  return `${JSON.stringify(out)}\n`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string';
}

function targetOf(value: unknown): JournalTarget | undefined {
  if (!isRecord(value) || typeof value['value'] !== 'string' || !isRecord(value['with'])) return undefined;
  const given = value['with'];
  if (!Object.values(given).every((v) => typeof v === 'string')) return undefined;
  return { value: value['value'], with: given as Record<string, string> };
}

/** Reads one line (without its newline); never throws. */
export function decodeLine(line: string): DecodedLine {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { ok: false, why: 'not JSON (a torn write?)' };
  }
  if (!isRecord(parsed)) return { ok: false, why: 'not a JSON object' };
  if (parsed['v'] !== JOURNAL_VERSION)
    return { ok: false, why: `version ${String(parsed['v'])} is not ${JOURNAL_VERSION}` };
  const id = parsed['id'];
  if (typeof id !== 'string' || !ID.test(id)) return { ok: false, why: 'id is not 32 hex digits' };
  if (parsed['type'] === 'clear') return { ok: true, record: { type: 'clear', id } };
  if (parsed['type'] !== 'intent') return { ok: false, why: `type ${String(parsed['type'])} is unknown` };
  const { operation, field, value, paramsHash, sentAtMs, account } = parsed;
  const targets = Array.isArray(parsed['targets']) ? parsed['targets'].map(targetOf) : [undefined];
  if (
    typeof operation !== 'string' ||
    !optionalString(field) ||
    !optionalString(value) ||
    typeof paramsHash !== 'string' ||
    typeof sentAtMs !== 'number' ||
    !Number.isFinite(sentAtMs) ||
    typeof account !== 'string' ||
    targets.some((t) => t === undefined)
  ) {
    return { ok: false, why: 'an intent field is missing or of the wrong type' };
  }
  const entry = { type: 'intent' as const, id, operation, field, value, paramsHash, sentAtMs, account };
  return { ok: true, record: { ...entry, targets: targets as JournalTarget[] } };
}

/** What a journal's text holds: the pending entries (oldest first) and the lines skipped, with why. */
export interface Replay {
  readonly pending: readonly JournalEntry[];
  readonly skipped: readonly { readonly line: number; readonly why: string }[];
  /** Clear records whose intent is in the text (what compaction removes). */
  readonly cleared: number;
}

/** Replays a journal's text: intents in order, minus those cleared. A line without its newline at the end is torn and skipped. */
export function replay(text: string): Replay {
  const lines = text.split('\n');
  const last = lines.pop() ?? '';
  const pending = new Map<string, JournalEntry>();
  const skipped: { line: number; why: string }[] = [];
  let cleared = 0;
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const decoded = decodeLine(line);
    if (!decoded.ok) {
      skipped.push({ line: index + 1, why: decoded.why });
      return;
    }
    const { record } = decoded;
    if (record.type === 'clear') {
      if (pending.delete(record.id)) cleared += 1;
      return;
    }
    const { type: _type, ...entry } = record;
    if (!pending.has(entry.id)) pending.set(entry.id, entry);
  });
  if (last !== '') skipped.push({ line: lines.length + 1, why: 'torn last line (no newline)' });
  return { pending: [...pending.values()], skipped, cleared };
}
