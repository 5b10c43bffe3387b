import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock/clock.ts';
import { Store } from '../store/store.ts';
import type { Controller } from './controller.ts';
import { ControllerManager } from './manager.ts';

const obj = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } });

function setup() {
  const clock = new SimClock(0);
  const store = new Store();
  const manager = new ControllerManager(store, clock);
  const log: string[] = [];
  const recorder = (name: string, then?: (key: string) => void): Controller => ({
    name,
    watches: [{ resource: 'configmaps', keys: (e) => [e.object.metadata.name!] }],
    reconcile(key) {
      log.push(`${name}:${key}`);
      then?.(key);
    },
  });
  return { clock, store, manager, log, recorder };
}

describe('ControllerManager slots', () => {
  it('a controller added late at a reserved slot takes its turn where it was reserved', () => {
    const { clock, store, manager, log, recorder } = setup();
    manager.add(recorder('a'));
    const slot = manager.reserveSlot();
    manager.add(recorder('c'));
    store.put('configmaps', obj('x'));
    const missed = [{ type: 'ADDED' as const, object: store.get('configmaps', 'default', 'x')!, resource: 'configmaps' }];
    manager.addAt(slot, recorder('b'), missed);
    clock.settle();
    expect(log).toEqual(['a:x', 'b:x', 'c:x']);
  });

  it('added during a drain ahead of the controller taking its turn, it does not shift the turn', () => {
    const { clock, store, manager, log, recorder } = setup();
    manager.add(recorder('a'));
    const slot = manager.reserveSlot();
    // c reconciles x by writing y and adding b, as a controller whose write triggers a deferred one.
    manager.add(
      recorder('c', (key) => {
        if (key !== 'x') return;
        const y = store.put('configmaps', obj('y'));
        manager.addAt(slot, recorder('b'), [{ type: 'ADDED', object: y, resource: 'configmaps' }]);
      }),
    );
    manager.add(recorder('d'));
    store.put('configmaps', obj('x'));
    clock.settle();
    // After c's turn comes d's, then the next round with b in its place.
    expect(log).toEqual(['a:x', 'c:x', 'd:x', 'a:y', 'b:y', 'c:y', 'd:y']);
  });
});
