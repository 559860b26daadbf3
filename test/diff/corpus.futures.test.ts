/**
 * The v4.106.0 release: futures order, position and trade `size` fields go from integer (int64) to
 * string. Each field is one breaking type change naming every operation that sends or receives it;
 * the new size-decimal header is an addition; the release label is recorded.
 */
import { describe, expect, it } from 'vitest';
import { planVersion } from '../../generator/diff/semver.js';
import { diffCase, rows } from './helpers.js';

const ORDER_OPS = [
  'cancelFuturesOrder DELETE /futures/{settle}/orders/{order_id}',
  'createFuturesOrder POST /futures/{settle}/orders',
  'getFuturesOrder GET /futures/{settle}/orders/{order_id}',
  'listFuturesOrders GET /futures/{settle}/orders',
];
const POSITION_OPS = [
  'getPosition GET /futures/{settle}/positions/{contract}',
  'listPositions GET /futures/{settle}/positions',
];
const field = (schema: string, name: string): string => `/components/schemas/${schema}/properties/${name}`;

describe('futures-size-v4.106.0', () => {
  it('classifies every size field as a breaking type change on every affected operation', async () => {
    const diff = await diffCase('futures-size-v4.106.0');
    expect(rows(diff.changes)).toEqual([
      {
        category: 'breaking',
        kind: 'type-changed',
        ops: ORDER_OPS,
        before: field('FuturesOrder', 'iceberg'),
        after: field('FuturesOrder', 'iceberg'),
      },
      {
        category: 'breaking',
        kind: 'type-changed',
        ops: ORDER_OPS,
        before: field('FuturesOrder', 'left'),
        after: field('FuturesOrder', 'left'),
      },
      {
        category: 'breaking',
        kind: 'type-changed',
        ops: ORDER_OPS,
        before: field('FuturesOrder', 'size'),
        after: field('FuturesOrder', 'size'),
      },
      {
        category: 'breaking',
        kind: 'type-changed',
        ops: POSITION_OPS,
        before: field('Position', 'size'),
        after: field('Position', 'size'),
      },
      {
        category: 'breaking',
        kind: 'type-changed',
        ops: ['listMyFuturesTrades GET /futures/{settle}/my_trades'],
        before: field('MyFuturesTrade', 'size'),
        after: field('MyFuturesTrade', 'size'),
      },
      {
        // The new parameter is a new flag of the CLI command.
        category: 'added',
        kind: 'export-added',
        ops: ['createFuturesOrder POST /futures/{settle}/orders'],
        before: null,
        after: '/paths/~1futures~1{settle}~1orders/post',
        target: 'cli',
      },
      {
        category: 'added',
        kind: 'parameter-added',
        ops: ['createFuturesOrder POST /futures/{settle}/orders'],
        before: null,
        after: '/paths/~1futures~1{settle}~1orders/post/parameters/1',
      },
      { category: 'changed', kind: 'api-release-changed', ops: [], before: '/info/version', after: '/info/version' },
    ]);
  });

  it('names the component, the field and the old and new types', async () => {
    const diff = await diffCase('futures-size-v4.106.0');
    const breaking = diff.changes.filter((c) => c.category === 'breaking');
    expect(breaking.map((c) => [c.component, c.message])).toEqual([
      ['FuturesOrder', 'FuturesOrder.iceberg: type integer(int64) → string'],
      ['FuturesOrder', 'FuturesOrder.left: type integer(int64) → string'],
      ['FuturesOrder', 'FuturesOrder.size: type integer(int64) → string'],
      ['Position', 'Position.size: type integer(int64) → string'],
      ['MyFuturesTrade', 'MyFuturesTrade.size: type integer(int64) → string'],
    ]);
    expect(diff.old.label).toMatch(/futures-size-v4\.106\.0\/old$/);
    expect(diff.old.release).toBe('v4.105.9');
    expect(diff.new.release).toBe('v4.106.0');
  });

  it('needs a major bump, a minor one while the package is 0.x', async () => {
    const diff = await diffCase('futures-size-v4.106.0');
    expect(planVersion('1.3.2', diff.changes)).toMatchObject({ needed: 'major', bump: 'major', next: '2.0.0' });
    expect(planVersion('0.4.1', diff.changes)).toMatchObject({ needed: 'major', bump: 'minor', next: '0.5.0' });
  });
});
