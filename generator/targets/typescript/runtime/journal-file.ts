/**
 * The outcome journal in a local file (the `outcomeJournal: { path }` option; Node only, through
 * the `node` platform module): append-only JSON lines (journal-entry.ts), each record one
 * `write` to a file opened with `O_APPEND` and fsync'd before the write it records is sent, so
 * several processes on one machine can share the file. Reading skips a torn last line.
 *
 * Compaction keeps the file bounded: once a clear leaves it over `compactBytes`, the process that
 * takes the lock file (`<path>.lock`, created exclusively) rewrites the pending entries to a
 * temporary file and renames it over the journal, then copies any record appended to the old
 * file meanwhile. An appender checks after its fsync that the path still names the file it wrote
 * to, and appends again to the new one if not (replaying a record twice changes nothing). A
 * line torn by a crash is ended with a newline before the next record.
 */

import { encodeRecord, replay, type JournalEntry, type JournalRecord } from './journal-entry.js';
import { nodeBuiltin, type NodeBuiltins } from './node-builtins.js';
import type { OutcomeJournalStore } from './outcome-journal.js';

type Fs = NodeBuiltins['node:fs']['promises'];

/** Options of the file journal. */
export interface FileJournalOptions {
  /** The journal file; created (mode 0600) on the first write. */
  readonly path: string;
  /** Size in bytes over which a clear triggers a compaction (default 65 536). */
  readonly compactBytes?: number | undefined;
}

/** The default `compactBytes`. */
const DEFAULT_COMPACT_BYTES = 65_536;

/** A lock file older than this (ms) was left by a process that died while compacting. */
const STALE_LOCK_MS = 30_000;

async function fsOf(): Promise<Fs> {
  return (await nodeBuiltin('node:fs')).promises;
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ENOENT';
}

/** The folder of a path (for its fsync after a create or a rename). */
function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut < 0 ? '.' : cut === 0 ? path.slice(0, 1) : path.slice(0, cut);
}

/** Makes a folder's entries durable (a no-op where folders cannot be opened, as on Windows). */
async function syncFolder(fs: Fs, path: string): Promise<void> {
  let handle;
  try {
    handle = await fs.open(folderOf(path), 'r');
    await handle.sync();
  } catch {
    // Folders cannot be fsync'd on every platform; the file itself was.
  } finally {
    await handle?.close();
  }
}

/** Reads one byte range of a file (the append handle cannot read); false when nothing was read. */
async function readAt(fs: Fs, path: string, into: Uint8Array, position: number): Promise<boolean> {
  const handle = await fs.open(path, 'r');
  try {
    return (await handle.read(into, 0, into.length, position)).bytesRead === into.length;
  } finally {
    await handle.close();
  }
}

/** Appends text in one `write` and fsyncs it; true when the path still names the file written to. */
async function appendOnce(fs: Fs, path: string, text: string): Promise<boolean> {
  const handle = await fs.open(path, 'a', 0o600);
  try {
    // A line torn by a crash is ended first, so this record stays a line of its own.
    const size = (await handle.stat()).size;
    const last = new Uint8Array(1);
    const torn = size > 0 && (await readAt(fs, path, last, size - 1)) && last[0] !== 10;
    const line = torn ? `\n${text}` : text;
    const { bytesWritten } = await handle.write(line);
    if (bytesWritten !== new TextEncoder().encode(line).length) {
      throw new Error(`short write to ${path} (${bytesWritten} bytes)`);
    }
    await handle.sync();
    const written = await handle.stat();
    const current = await fs.stat(path).catch(() => undefined);
    return current?.ino === written.ino;
  } finally {
    await handle.close();
  }
}

/** Appends text durably, again to the new file if a compaction replaced the old one meanwhile. */
async function append(fs: Fs, path: string, text: string): Promise<void> {
  for (let tries = 0; tries < 5; tries++) if (await appendOnce(fs, path, text)) return;
  throw new Error(`${path} was replaced five times during one append`);
}

/** Takes the compaction lock, or answers false (another process compacts). */
async function lock(fs: Fs, path: string): Promise<boolean> {
  const lockPath = `${path}.lock`;
  for (let tries = 0; tries < 2; tries++) {
    try {
      await (await fs.open(lockPath, 'wx', 0o600)).close();
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
      const stat = await fs.stat(lockPath).catch(() => undefined);
      if (stat === undefined || Date.now() - stat.mtimeMs < STALE_LOCK_MS) return false;
      await fs.unlink(lockPath).catch(() => undefined);
    }
  }
  return false;
}

/** The complete lines of a file from byte `from` on, and where the next read starts. */
async function completeLines(
  handle: Awaited<ReturnType<Fs['open']>>,
  from: number,
): Promise<{ text: string; end: number }> {
  const size = (await handle.stat()).size;
  const buffer = new Uint8Array(Math.max(0, size - from));
  let read = 0;
  while (read < buffer.length) {
    const { bytesRead } = await handle.read(buffer, read, buffer.length - read, from + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  const lastNewline = buffer.subarray(0, read).lastIndexOf(10);
  const text = new TextDecoder().decode(buffer.subarray(0, lastNewline + 1));
  return { text, end: from + lastNewline + 1 };
}

/** Rewrites the journal with its pending entries only (under the lock); see the module comment. */
async function compact(fs: Fs, path: string): Promise<void> {
  if (!(await lock(fs, path))) return;
  const tmp = `${path}.${Date.now()}.${Math.random().toString(16).slice(2)}.tmp`;
  let old;
  try {
    old = await fs.open(path, 'r');
    const first = await completeLines(old, 0);
    const kept = replay(first.text).pending.map((entry) => encodeRecord({ type: 'intent', ...entry }));
    const out = await fs.open(tmp, 'wx', 0o600);
    try {
      if (kept.length > 0) await out.write(kept.join(''));
      await out.sync();
    } finally {
      await out.close();
    }
    await fs.rename(tmp, path);
    await syncFolder(fs, path);
    // Records appended to the old file after it was read.
    const tail = await completeLines(old, first.end);
    if (tail.text !== '') await append(fs, path, tail.text);
  } finally {
    await old?.close();
    await fs.unlink(tmp).catch(() => undefined);
    await fs.unlink(`${path}.lock`).catch(() => undefined);
  }
}

/** The outcome journal in a local file (see the module comment). */
export function fileJournal(options: FileJournalOptions): OutcomeJournalStore {
  const { path } = options;
  const compactBytes = options.compactBytes ?? DEFAULT_COMPACT_BYTES;
  let folderSynced = false;
  const write = async (record: JournalRecord): Promise<void> => {
    const fs = await fsOf();
    await append(fs, path, encodeRecord(record));
    if (!folderSynced) {
      await syncFolder(fs, path);
      folderSynced = true;
    }
  };
  return {
    record: (entry: JournalEntry) => write({ type: 'intent', ...entry }),
    async clear(id: string): Promise<void> {
      await write({ type: 'clear', id });
      const fs = await fsOf();
      const size = (await fs.stat(path)).size;
      if (size > compactBytes) await compact(fs, path);
    },
    async pending(): Promise<readonly JournalEntry[]> {
      const fs = await fsOf();
      try {
        return replay(await fs.readFile(path, { encoding: 'utf8' })).pending;
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
  };
}
