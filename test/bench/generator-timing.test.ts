import { describe, expect, it } from 'vitest';
import { medianStages, parseSummary, summarize, withEditedDescription } from '../../bench/generator-timing.js';

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

describe('withEditedDescription', () => {
  const cases: { name: string; given: string; want: string | undefined }[] = [
    {
      name: 'a block scalar: its first line gets the mark',
      given: 'get:\n  operationId: a\n  description: |\n    First line.\n    Second line.\n  tags: [x]\n',
      want: 'get:\n  operationId: a\n  description: |\n    First line. (edit 7)\n    Second line.\n  tags: [x]\n',
    },
    {
      name: 'a plain one-line value',
      given: 'get:\n  description: Lists things.\n',
      want: 'get:\n  description: Lists things. (edit 7)\n',
    },
    {
      name: 'a parameter description (deeper indent) is not the operation one',
      given: 'get:\n  parameters:\n    - name: x\n      description: The x.\n',
      want: undefined,
    },
    { name: 'a quoted value is left alone', given: 'get:\n  description: "Quoted."\n', want: undefined },
    { name: 'no description', given: 'get:\n  operationId: a\n', want: undefined },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(withEditedDescription(given, '7')).toEqual(want));
  }
});

describe('summarize', () => {
  it('takes medians of stages and wall times over runs', () => {
    const line = (total: number): NonNullable<ReturnType<typeof parseSummary>> =>
      parseSummary(`3 operations, 2 schemas; bundle ${total / 10} ms; total ${total} ms`) as NonNullable<
        ReturnType<typeof parseSummary>
      >;
    expect(
      summarize([
        { summary: line(300), wallMs: 900 },
        { summary: line(100), wallMs: 500 },
        { summary: line(200), wallMs: 700 },
      ]),
    ).toEqual({
      runs: 3,
      operations: 3,
      schemas: 2,
      stages: [
        ['bundle', 20],
        ['total', 200],
      ],
      totalMs: 200,
      wallMs: 700,
    });
  });

  it('reports no runs as an error', () => expect(summarize([])).toEqual({ runs: 0, error: 'no runs' }));
});
