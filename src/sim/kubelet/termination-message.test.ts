import { describe, expect, it } from 'vitest';
import { MemFs } from './mem-fs.ts';
import { terminationMessage } from './termination-message.ts';
import { utf8Bytes } from '../../encoding/utf8.ts';

const line = (text: string, stream: 'stdout' | 'stderr' = 'stdout') => ({ time: 0, stream, text });

describe('terminationMessage', () => {
  it('reads the file at terminationMessagePath, whatever the exit code', () => {
    const fs = new MemFs();
    fs.mkdirp('/dev');
    fs.write('/dev/termination-log', 'Sleep expired\n');
    expect(terminationMessage({ terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' }, fs, [], 0)).toBe('Sleep expired\n');
  });

  it('keeps the first 4096 bytes of the file', () => {
    const fs = new MemFs();
    fs.write('/tmp/msg', 'x'.repeat(5000));
    expect(terminationMessage({ terminationMessagePath: '/tmp/msg' }, fs, [], 1)).toHaveLength(4096);
  });

  it('has no message with an empty file and policy File', () => {
    expect(terminationMessage({ terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' }, new MemFs(), [line('boom')], 1)).toBeUndefined();
  });

  it('FallbackToLogsOnError: the last 80 log lines on an error exit, none on success', () => {
    const logs = Array.from({ length: 100 }, (_, i) => line(`line ${i}`, i % 2 ? 'stderr' : 'stdout'));
    const spec = { terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'FallbackToLogsOnError' };
    const msg = terminationMessage(spec, new MemFs(), logs, 2)!;
    expect(msg.split('\n').slice(0, 2)).toEqual(['line 20', 'line 21']);
    expect(msg.endsWith('line 99\n')).toBe(true);
    expect(terminationMessage(spec, new MemFs(), logs, 0)).toBeUndefined();
  });

  it('FallbackToLogsOnError keeps at most the last 2048 bytes of the log', () => {
    const logs = Array.from({ length: 50 }, (_, i) => line(`${i}`.padEnd(99, '.')));
    const msg = terminationMessage({ terminationMessagePolicy: 'FallbackToLogsOnError' }, undefined, logs, 1)!;
    expect(utf8Bytes(msg).length).toBe(2048);
    expect(msg.endsWith(`49${'.'.repeat(97)}\n`)).toBe(true);
  });
});
