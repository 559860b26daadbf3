/**
 * Pure formatting for the benchmark report: numbers with units, ratios, and Markdown tables.
 */

/** Column alignment of a Markdown table. */
export type Align = 'left' | 'right';

/** Raised for a table whose rows do not match its header. */
export class TableError extends Error {
  override readonly name = 'TableError';
}

function cell(value: string): string {
  return value.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/**
 * A Markdown table. Every row must have as many cells as `headers`; `|` in cells is escaped.
 * `align` defaults to left for the first column and right for the others.
 */
export function markdownTable(
  headers: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  align?: readonly Align[],
): string {
  if (headers.length === 0) throw new TableError('headers must name at least one column');
  for (const [i, row] of rows.entries()) {
    if (row.length !== headers.length) {
      throw new TableError(`rows[${i}] has ${row.length} cells, the header has ${headers.length}`);
    }
  }
  const aligns = headers.map((_, i) => align?.[i] ?? (i === 0 ? 'left' : 'right'));
  const line = (cells: readonly string[]): string => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `|${aligns.map((a) => (a === 'right' ? ' ---: ' : ' --- ')).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

/** A missing value in a table. */
export const DASH = '—';

function finite(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value);
}

/** Microseconds: `812 µs`, `1.24 ms` from 1000 µs up. */
export function formatUs(us: number | undefined): string {
  if (!finite(us)) return DASH;
  if (us >= 1000) return `${(us / 1000).toFixed(2)} ms`;
  return `${us.toFixed(0)} µs`;
}

/** Milliseconds: `4.2 ms` below 100, `312 ms` below 10 s, `12.3 s` from there. */
export function formatMs(ms: number | undefined): string {
  if (!finite(ms)) return DASH;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  if (ms < 10_000) return `${ms.toFixed(0)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Bytes: `512 B`, `14.2 KiB`, `3.10 MiB`. */
export function formatBytes(bytes: number | undefined): string {
  if (!finite(bytes)) return DASH;
  if (bytes < 1024) return `${bytes.toFixed(0)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;
}

/** A ratio: `1.07×`. */
export function formatRatio(r: number | undefined): string {
  if (!finite(r)) return DASH;
  return `${r.toFixed(2)}×`;
}

/** A rate: `3,412/s`. */
export function formatRate(perSecond: number | undefined): string {
  if (!finite(perSecond)) return DASH;
  return `${Math.round(perSecond).toLocaleString('en-US')}/s`;
}

/** A plain count. */
export function formatCount(n: number | undefined): string {
  if (!finite(n)) return DASH;
  return String(Math.round(n));
}
