/** Loads every describer (each registers itself for its resource key). */
import './pod.ts';
import './node.ts';
import './service.ts';
import './simple.ts';
import './workloads.ts';

export { describerFor, type DescribeContext } from './common.ts';
export { describeGeneric } from './simple.ts';
