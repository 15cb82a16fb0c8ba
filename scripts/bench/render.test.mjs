import { describe, expect, it } from 'vitest';
import { ALL_SECTIONS, newestFullRun, renderBenchmarks } from './render.mjs';

const run = (rows) => ({ date: '2026-12-02T01:14:10.000Z', machine: '2 × test CPU', node: 'v24.21.0', runs: 5, lighthouseRuns: 3, results: { instant: rows } });

describe('renderBenchmarks', () => {
  it("puts each run's figures, sorted, beside a median, one list per figure of the row", () => {
    const page = renderBenchmarks(
      run([
        { what: 'Move: a tile', figure: '228 ms', runs: [[301, 131, 228, 250, 120]] },
        { what: 'Move: the 15th tile (desktop / phone)', figure: '138 ms / 237 ms', runs: [[138, 150, 99, 140, 120], [237, 260, 201, 240, 199]] },
      ]),
      'bench/run.json',
    );
    expect(page).toContain('| Move: a tile | 228 ms (runs: 120, 131, 228, 250, 301) |');
    expect(page).toContain('| Move: the 15th tile (desktop / phone) | 138 ms / 237 ms (runs: 99, 120, 138, 140, 150 / 199, 201, 237, 240, 260) |');
  });

  it('leaves a figure without runs as it is', () => {
    const page = renderBenchmarks(run([{ what: 'Requests per move', figure: '1 / 0' }]), 'bench/run.json');
    expect(page).toContain('| Requests per move | 1 / 0 |');
    expect(page).not.toContain('runs:');
  });
});

describe('newestFullRun', () => {
  const every = ALL_SECTIONS;
  const runs = {
    'bench/2026-12-03T23-48-37Z.json': { sections: every },
    'bench/2026-12-04T02-04-30Z.json': { sections: ['instant'] },
    'bench/2026-12-03T09-24-04Z.json': { sections: ['instant'] },
    'bench/2026-12-03T17-08-18Z.json': { sections: every },
  };
  it('is the newest run that measured every section, not a newer run of some of them', () => {
    expect(newestFullRun(Object.keys(runs), (file) => runs[file])).toBe('bench/2026-12-03T23-48-37Z.json');
  });
  it('is none when only partial runs are recorded', () => {
    expect(newestFullRun(['bench/2026-12-04T02-04-30Z.json', 'bench/notes.md'], (file) => runs[file])).toBeUndefined();
  });
});
