import { describe, expect, it } from 'vitest';
import {
  DASH,
  formatBytes,
  formatCount,
  formatMs,
  formatRate,
  formatRatio,
  formatUs,
  markdownTable,
  TableError,
} from '../../bench/format.js';

describe('markdownTable', () => {
  it('renders header, rule (left first column, right the rest) and rows', () => {
    expect(
      markdownTable(
        ['client', 'p50'],
        [
          ['ours', '1 ms'],
          ['floor', '2 ms'],
        ],
      ),
    ).toBe(['| client | p50 |', '| --- | ---: |', '| ours | 1 ms |', '| floor | 2 ms |'].join('\n'));
  });

  it('follows explicit alignment', () => {
    expect(markdownTable(['a', 'b', 'c'], [], ['right', 'left', 'right']).split('\n')[1]).toBe('| ---: | --- | ---: |');
  });

  it('escapes pipes and flattens new lines in cells', () => {
    expect(markdownTable(['x'], [['a|b\nc']]).split('\n')[2]).toBe('| a\\|b c |');
  });

  const bad: { given: { headers: string[]; rows: string[][] }; want: RegExp }[] = [
    { given: { headers: [], rows: [] }, want: /headers must name at least one column/ },
    { given: { headers: ['a', 'b'], rows: [['1', '2'], ['1']] }, want: /rows\[1\] has 1 cells, the header has 2/ },
    { given: { headers: ['a'], rows: [['1', '2']] }, want: /rows\[0\] has 2 cells, the header has 1/ },
  ];
  for (const { given, want } of bad) {
    it(`rejects ${JSON.stringify(given)}`, () => {
      expect(() => markdownTable(given.headers, given.rows)).toThrow(TableError);
      expect(() => markdownTable(given.headers, given.rows)).toThrow(want);
    });
  }
});

describe('number formats', () => {
  const cases: { name: string; given: () => string; want: string }[] = [
    { name: 'µs below 1000', given: () => formatUs(812.4), want: '812 µs' },
    { name: 'µs from 1000 as ms', given: () => formatUs(1240), want: '1.24 ms' },
    { name: 'µs missing', given: () => formatUs(undefined), want: DASH },
    { name: 'µs NaN', given: () => formatUs(Number.NaN), want: DASH },
    { name: 'ms below 100', given: () => formatMs(4.23), want: '4.2 ms' },
    { name: 'ms below 10 s', given: () => formatMs(312.4), want: '312 ms' },
    { name: 'ms from 10 s', given: () => formatMs(12_345), want: '12.3 s' },
    { name: 'ms negative (a difference)', given: () => formatMs(-12.34), want: '-12.3 ms' },
    { name: 'bytes', given: () => formatBytes(512), want: '512 B' },
    { name: 'KiB', given: () => formatBytes(15 * 1024), want: '15.0 KiB' },
    { name: 'MiB', given: () => formatBytes(3.1 * 1024 * 1024), want: '3.10 MiB' },
    { name: 'bytes missing', given: () => formatBytes(undefined), want: DASH },
    { name: 'ratio', given: () => formatRatio(1.0749), want: '1.07×' },
    { name: 'ratio missing', given: () => formatRatio(undefined), want: DASH },
    { name: 'rate with separators', given: () => formatRate(3411.6), want: '3,412/s' },
    { name: 'count rounds', given: () => formatCount(2.4), want: '2' },
    { name: 'count missing', given: () => formatCount(undefined), want: DASH },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(given()).toBe(want));
  }
});
