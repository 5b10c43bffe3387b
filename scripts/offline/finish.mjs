/**
 * `npm run offline [-- DIR]`: runs the build's offline step (integration.mjs: each page's
 * Content-Security-Policy, sw.js, course.zip) again on a built site, for when another tool has
 * added files to it after `astro build` (a search index): they are then precached, zipped and
 * allowed by the policy. DIR defaults to OUT_DIR or dist; the base path comes from BASE_PATH,
 * as for the build.
 */
import { resolve } from 'node:path';
import { finishSite } from './integration.mjs';

const root = resolve(process.argv[2] ?? process.env.OUT_DIR ?? 'dist');
const base = process.env.BASE_PATH || '/';
console.log(finishSite(root, base));
