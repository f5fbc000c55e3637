import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateSurvey, formatServerTime, MIN_RECORDS, MAX_RECORDS } from '../../src/survey/generate.ts';
import { seededRng } from '../helpers/rng.ts';

const NOW = () => new Date(Date.UTC(2030, 0, 2, 3, 4, 5));
const DOB = /^\d{4}-\d{2}-\d{2}$/;

describe('formatServerTime', () => {
  const cases: [Date, string][] = [
    [new Date(Date.UTC(2030, 0, 2, 3, 4, 5)), '2030-01-02 03:04:05'],
    [new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999)), '1999-12-31 23:59:59'],
    [new Date(0), '1970-01-01 00:00:00'],
  ];
  for (const [d, s] of cases) test(s, () => assert.equal(formatServerTime(d), s));
});

describe('generateSurvey', () => {
  test('record count bounds: rng 0 gives 300, rng just below 1 gives 600', () => {
    assert.equal(MIN_RECORDS, 300);
    assert.equal(MAX_RECORDS, 600);
    const low = generateSurvey(() => 0, NOW);
    assert.equal(low.total_records, 300);
    assert.equal(low.data.length, 300);
    assert.equal(low.data[0]!.DOB, '1950-01-01');
    const high = generateSurvey(() => 0.9999999999, NOW);
    assert.equal(high.total_records, 600);
    assert.equal(high.data.length, 600);
    assert.equal(high.data[0]!.DOB, '2005-12-31');
  });

  test('pinned output for a seeded rng and a fixed clock', () => {
    const b = generateSurvey(seededRng(42), NOW);
    assert.equal(b.success, true);
    assert.equal(b.total_records, 480);
    assert.equal(b.generated_at, '2030-01-02 03:04:05');
    assert.deepEqual(b.data.slice(0, 3), [
      { Name: 'Maverick', Surname: 'Ortiz', DOB: '1975-02-08' },
      { Name: 'Zita', Surname: 'Goodwin', DOB: '1959-10-16' },
      { Name: 'Muhammad', Surname: 'Kozey', DOB: '1984-12-26' },
    ]);
    assert.deepEqual(b.data.at(-1), { Name: 'Gisselle', Surname: 'Ferry', DOB: '1960-07-03' });
  });

  test('the same seed gives the same batch; another seed another batch', () => {
    assert.deepEqual(generateSurvey(seededRng(7), NOW), generateSurvey(seededRng(7), NOW));
    assert.notDeepEqual(generateSurvey(seededRng(7), NOW).data, generateSurvey(seededRng(8), NOW).data);
  });

  test('over many seeds: count in 300..600, every record well formed, DOB in range', () => {
    const counts = new Set<number>();
    for (let seed = 1; seed <= 50; seed++) {
      const b = generateSurvey(seededRng(seed), NOW);
      assert.ok(b.total_records >= 300 && b.total_records <= 600, String(b.total_records));
      assert.equal(b.data.length, b.total_records);
      counts.add(b.total_records);
      for (const r of b.data) {
        assert.deepEqual(Object.keys(r), ['Name', 'Surname', 'DOB']);
        assert.ok(r.Name.length > 0 && r.Surname.length > 0);
        assert.match(r.DOB, DOB);
        assert.ok(r.DOB >= '1950-01-01' && r.DOB <= '2005-12-31', r.DOB);
        assert.equal(new Date(`${r.DOB}T00:00:00Z`).toISOString().slice(0, 10), r.DOB, 'a real calendar date');
      }
    }
    assert.ok(counts.size > 10, 'the count varies');
  });

  test('DOBs are roughly uniform over the range (per-decade counts, seeded)', () => {
    const rng = seededRng(2024);
    const perDecade = new Map<number, number>();
    let total = 0;
    while (total < 100_000) {
      for (const r of generateSurvey(rng, NOW).data) {
        const decade = Math.floor(Number(r.DOB.slice(0, 4)) / 10) * 10;
        perDecade.set(decade, (perDecade.get(decade) ?? 0) + 1);
        total++;
      }
    }
    const days = (from: number, to: number) => (Date.UTC(to, 0, 1) - Date.UTC(from, 0, 1)) / 86_400_000;
    const span = days(1950, 2006);
    assert.deepEqual([...perDecade.keys()].sort(), [1950, 1960, 1970, 1980, 1990, 2000]);
    for (const [decade, n] of perDecade) {
      const expected = (total * days(decade, Math.min(decade + 10, 2006))) / span;
      // A loose bound: about 20 standard deviations for these counts, so deterministic and never flaky,
      // yet far tighter than any skew (all DOBs in one decade, or a range cut short) would give.
      assert.ok(Math.abs(n - expected) / expected < 0.05, `${decade}s: ${n} vs ${expected.toFixed(0)}`);
    }
  });

  test('the first and last days of the range are reachable, nothing outside', () => {
    const seen = new Set<string>();
    const rng = seededRng(99);
    for (let i = 0; i < 400; i++) for (const r of generateSurvey(rng, NOW).data) seen.add(r.DOB);
    const sorted = [...seen].sort();
    assert.equal(sorted[0], '1950-01-01');
    assert.equal(sorted.at(-1), '2005-12-31');
  });
});
