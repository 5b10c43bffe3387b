/** Loads the describers for workloads (apps, batch) and storage; each registers itself. */
import './apps.ts';
import './batch.ts';
import './storage.ts';
