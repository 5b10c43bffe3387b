import { describe, expect, it } from 'vitest';
import { carryEdit } from './line-patch.ts';

const SHOWN = 'metadata:\n  name: web\n  resourceVersion: "192"\nspec:\n  replicas: 1\n  paused: false\n';

describe('carryEdit', () => {
  it('gives the saved text when the editor shows what it showed before', () => {
    expect(carryEdit(SHOWN, SHOWN, 'x\n')).toBe('x\n');
  });

  it('makes the same change to a text that differs elsewhere', () => {
    const saved = SHOWN.replace('replicas: 1', 'replicas: 4').replace('  paused: false\n', '');
    const later = SHOWN.replace('"192"', '"195"') + 'status:\n  replicas: 1\n';
    expect(carryEdit(later, SHOWN, saved)).toBe('metadata:\n  name: web\n  resourceVersion: "195"\nspec:\n  replicas: 4\nstatus:\n  replicas: 1\n');
  });

  it('places a change next to a line that changed too, and inserts lines', () => {
    const saved = SHOWN.replace('  name: web\n', '  name: web\n  labels:\n    tier: front\n');
    const later = SHOWN.replace('  name: web\n', '  name: web\n').replace('"192"', '"200"');
    expect(carryEdit(later, SHOWN, saved)).toBe(later.replace('  name: web\n', '  name: web\n  labels:\n    tier: front\n'));
  });

  it('falls back to the saved text when the change has nowhere to go', () => {
    const saved = SHOWN.replace('replicas: 1', 'replicas: 4');
    expect(carryEdit('something else entirely\n', SHOWN, saved)).toBe(saved);
  });
});
