/** The lesson test's layout and duration rules (tests/lessons/layout.ts). */
import { describe, expect, it } from 'vitest';
import { markDurations, tableLayoutProblems } from './layout.ts';

describe('tableLayoutProblems', () => {
  it('accepts a table laid out as kubectl lays it out', () => {
    const text = 'pod/x created\nNAME   READY   STATUS    RESTARTS   AGE\nweb    1/1     Running   0          5s\n';
    expect(tableLayoutProblems(text)).toEqual([]);
  });

  it('accepts rows that widen a column later, as get -w prints them', () => {
    const text = 'NAME   READY   STATUS    RESTARTS   AGE\nweb    1/1     Running   0          5s\nweb-longer-name   0/1     Pending   0          0s\n';
    expect(tableLayoutProblems(text)).toEqual([]);
  });

  it('reports a hand-edited row out of its column, with its line', () => {
    const text = 'intro\nNAME   READY   STATUS    RESTARTS   AGE\nweb    1/1     Running   0         5s\n';
    const problems = tableLayoutProblems(text, 10);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^line 11: /);
  });

  it('reports a header that does not line up with its rows', () => {
    expect(tableLayoutProblems('NAME     OBJECT\nweb   pod/web\n')).toHaveLength(1);
  });

  it('accepts the rollout history layout (padding 2)', () => {
    expect(tableLayoutProblems('REVISION  CHANGE-CAUSE\n1         <none>\n')).toEqual([]);
  });
});

describe('markDurations', () => {
  it('marks a DURATION equal to AGE, and only that', () => {
    const text = 'NAME   STATUS     COMPLETIONS   DURATION   AGE\nok     Complete   1/1           5s         3m\nbad    Failed     0/1           3m         3m\n';
    const out = markDurations(text);
    expect(out).toContain('<=AGE>');
    expect(out.split('\n')[1]).toContain('5s');
    expect(out.split('\n')[2]).toContain('<=AGE>');
  });

  it('tells a failed Job shown with a short duration from the real one', () => {
    const lesson = markDurations('NAME   STATUS   COMPLETIONS   DURATION   AGE\nbad    Failed   0/1           42s        3m\n');
    const simulator = markDurations('NAME   STATUS   COMPLETIONS   DURATION   AGE\nbad    Failed   0/1           3m         3m\n');
    expect(lesson.includes('<=AGE>')).toBe(false);
    expect(simulator.includes('<=AGE>')).toBe(true);
  });
});
