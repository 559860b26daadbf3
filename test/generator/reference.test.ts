/**
 * The generated API reference (generated/docs/): one page per area with every operation, built
 * without warnings: no broken link or anchor, no table row with a wrong cell count, no
 * `undefined` / `[object Object]` text, no "(shape not given)" on a shaped operation, and every
 * parameter and response field of a shaped operation listed. Plus the schema-to-text rules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { constraintText, fieldsOf, typeText } from '../../generator/emit-kit/schema-text.js';
import type { IR } from '../../generator/ir/types.js';

const DOCS = join(import.meta.dirname, '../../generated/docs');
const ir = JSON.parse(readFileSync(join(import.meta.dirname, '../../generated/ir.json'), 'utf8')) as IR;
const pages = new Map(readdirSync(DOCS).map((file) => [file, readFileSync(join(DOCS, file), 'utf8')] as const));
/** A page with runs of spaces collapsed (the formatter pads table cells). */
const compact = (file: string): string => (pages.get(file) ?? '').replace(/ +/g, ' ');

/** GitHub's anchor of a heading: lowercase, punctuation dropped, spaces as dashes. */
const anchor = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
const anchorsOf = (markdown: string): Set<string> =>
  new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchor(match[1] ?? '')));
const cellCount = (row: string): number => row.replace(/\\\|/g, '').split('|').length - 2;

/** Every problem a Markdown build would warn about, as text. */
function problems(file: string, markdown: string): string[] {
  const found: string[] = [];
  for (const [, target = ''] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    const [path = '', hash] = target.split('#');
    const page = path === '' ? markdown : pages.get(path);
    if (page === undefined) found.push(`${file}: link to missing ${path}`);
    else if (hash !== undefined && !anchorsOf(page).has(hash))
      found.push(`${file}: no anchor #${hash} in ${path || file}`);
  }
  const lines = markdown.split('\n');
  lines.forEach((line, i) => {
    if (/\bundefined\b|\[object Object\]|\bNaN\b/.test(line)) found.push(`${file}:${i + 1}: ${line.slice(0, 80)}`);
    if (line.startsWith('|') && i > 0 && (lines[i - 1] ?? '').startsWith('|')) {
      let header = i - 1;
      while (header > 0 && (lines[header - 1] ?? '').startsWith('|')) header--;
      const want = cellCount(lines[header] ?? '');
      if (cellCount(line) !== want) found.push(`${file}:${i + 1}: ${cellCount(line)} cells, header has ${want}`);
    }
  });
  return found;
}

describe('generated reference', () => {
  it('has the index and one page per area', () => {
    const areas = new Set(ir.operations.map((op) => op.area.replace(/_/g, '-')));
    expect([...pages.keys()].sort()).toEqual(['operations.md', ...[...areas].map((area) => `${area}.md`)].sort());
  });

  it('builds with zero warnings', () => {
    expect([...pages].flatMap(([file, markdown]) => problems(file, markdown))).toEqual([]);
  });

  it('shows every operation with its parameters, behaviour and response fields', () => {
    const missing: string[] = [];
    for (const op of ir.operations) {
      const page = compact(`${op.area.replace(/_/g, '-')}.md`);
      const section = page.split(/^## /m).find((part) => part.startsWith(`${op.id}\n`)) ?? '';
      if (section === '') missing.push(`${op.id}: no section`);
      for (const parameter of op.parameters)
        if (!section.includes(`| \`${parameter.name}\` |`)) missing.push(`${op.id}.${parameter.name}`);
      if (!section.includes('Rate limit: ')) missing.push(`${op.id}: rate limit`);
      if (op.shape === 'shaped' && /shape not given|does not give this operation's shape/.test(section))
        missing.push(`${op.id}: says shape not given`);
    }
    expect(missing).toEqual([]);
    const withdrawals = compact('wallet.md');
    expect(withdrawals).toContain('Response 200: [`WithdrawalRecord[]`](#withdrawalrecord).');
    expect(withdrawals).toContain('### WithdrawalRecord');
    expect(withdrawals).toContain('- `withdraw_order_id` (string, length ..32)');
    expect(withdrawals).toContain('| `limit` | query | integer (int32) | | 1..1000, default 100 |');
    expect(withdrawals).toContain('permission `wallet:read`');
  });
});

describe('schema text', () => {
  it.each([
    { given: { $ref: '#/components/schemas/WithdrawalRecord' }, want: 'WithdrawalRecord' },
    { given: { type: 'array', items: { $ref: '#/components/schemas/SpotOrder' } }, want: 'SpotOrder[]' },
    { given: { type: 'integer', format: 'int64' }, want: 'integer (int64)' },
    { given: { oneOf: [{ type: 'string' }, { type: 'number' }] }, want: 'string | number' },
    { given: { type: 'object', additionalProperties: { type: 'string' } }, want: 'map of string' },
    { given: {}, want: 'any' },
  ])('type of $given is $want', ({ given, want }) => expect(typeText(given)).toBe(want));

  it.each([
    { given: { enum: ['SPOT', 'PILOT'] }, want: 'one of SPOT, PILOT' },
    { given: { minimum: 1, maximum: 1000, default: 100 }, want: '1..1000, default 100' },
    { given: { minimum: 0 }, want: '0..' },
    { given: { maxLength: 32, pattern: '^a$' }, want: 'length ..32, pattern `^a$`' },
    { given: {}, want: '' },
  ])('constraints of $given are "$want"', ({ given, want }) => expect(constraintText(given)).toBe(want));

  it('lists an array response by its item model, required fields marked', () => {
    const fields = fieldsOf({ type: 'array', items: { $ref: '#/components/schemas/WithdrawalRecord' } }, ir);
    expect(fields.map((field) => field.name)).toContain('withdraw_order_id');
    expect(fields.find((field) => field.name === 'status')?.type).toBe('WithdrawalStatus');
  });
});
