import { describe, expect, it } from 'vitest';
import { tabwrite } from './tabwriter.ts';

describe('tabwrite', () => {
  it('aligns each column block separately, as Go tabwriter does', () => {
    const text = 'Name:\tnginx\nService Account:\tdefault\nIPs:\n  IP:\t10.0.0.1\nEvents:\t<none>\n';
    expect(tabwrite(text, 0, 2)).toBe('Name:             nginx\nService Account:  default\nIPs:\n  IP:    10.0.0.1\nEvents:  <none>\n');
  });

  it('nests blocks for later columns', () => {
    const text = '  Type\tReason\tAge\n  ----\t------\t---\n  Normal\tScheduled\t5s\n';
    expect(tabwrite(text, 0, 2)).toBe('  Type    Reason     Age\n  ----    ------     ---\n  Normal  Scheduled  5s\n');
  });
});
