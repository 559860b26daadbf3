import { describe, expect, it } from 'vitest';
import { medianStages, parseSummary } from '../../bench/generator-timing.js';

describe('parseSummary', () => {
  const cases: { name: string; given: string; want: ReturnType<typeof parseSummary> }[] = [
    {
      name: 'the documented line',
      given: '100 operations, 53 schemas; load 10 ms, ir 2 ms, emit 30 ms, format 40 ms, write 5 ms; total 87 ms',
      want: {
        operations: 100,
        schemas: 53,
        stages: [
          ['load', 10],
          ['ir', 2],
          ['emit', 30],
          ['format', 40],
          ['write', 5],
          ['total', 87],
        ],
      },
    },
    {
      name: 'extra stages and other lines around it',
      given:
        'noise\n7 operations, 2 schemas; load 1.5 ms, types 3 ms, format-wait 0 ms, write 1 ms; total 5.5 ms\nfiles: 3 written',
      want: {
        operations: 7,
        schemas: 2,
        stages: [
          ['load', 1.5],
          ['types', 3],
          ['format-wait', 0],
          ['write', 1],
          ['total', 5.5],
        ],
      },
    },
    { name: 'no summary line', given: 'files: 45 written, 0 unchanged', want: undefined },
    { name: 'a summary without total', given: '1 operations, 1 schemas; load 1 ms', want: undefined },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(parseSummary(given)).toEqual(want));
  }
});

describe('medianStages', () => {
  it('takes the median of each stage, in the order of the first run', () => {
    const runs = ['3 ms', '1 ms', '2 ms'].map(
      (load, i) =>
        parseSummary(`1 operations, 1 schemas; load ${load}, emit ${10 * (i + 1)} ms; total ${i} ms`) as NonNullable<
          ReturnType<typeof parseSummary>
        >,
    );
    expect(medianStages(runs)).toEqual([
      ['load', 2],
      ['emit', 20],
      ['total', 1],
    ]);
  });

  it('is empty without runs', () => expect(medianStages([])).toEqual([]));
});
