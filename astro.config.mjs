// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { offline } from './scripts/offline/integration.mjs';
import { pagefindIndex } from './src/site/pagefind-index.ts';
import { satteri } from '@astrojs/markdown-satteri';
import { lessonSectionsPlugin } from './src/site/lesson-sections.ts';
import { compactCode } from './src/site/compact-code.ts';

/**
 * Copies a code block's info string after the language (```yaml file=pod.yaml) onto the
 * highlighted <pre> as data-meta, so CodeBlock can read options such as the file name the
 * "Apply" button writes.
 * @type {import('shiki').ShikiTransformer}
 */
const metaToAttribute = {
  name: 'course:meta-to-attribute',
  pre(node) {
    const raw = this.options.meta?.__raw;
    if (raw) node.properties['data-meta'] = raw;
  },
};

/** The course's own terminal code: simulator, kubectl and shell. */
const SIMULATOR = /[\\/]src[\\/](sim|kubectl|shell)[\\/]/;
/**
 * Simulator-side modules the terminal's first chunk (terminal-start.ts) imports, kept out of
 * the 'simulator' chunk so that chunk can start downloading with the terminal's own: where each
 * kubectl command's code loads from (src/kubectl/verbs/code.ts, import()s only).
 */
const BEFORE_SIMULATOR = /[\\/]src[\\/]kubectl[\\/]verbs[\\/]code\.ts$/;
/** What a lesson page imports when its terminal starts (terminal-element.ts loads it). */
const TERMINAL_ENTRY = fileURLToPath(new URL('./src/ui/session.ts', import.meta.url));

/**
 * The modules starting a terminal needs: the static import closure of TERMINAL_ENTRY, computed
 * once per chunking pass from the bundler's module graph. Only these join the 'simulator'
 * chunk; everything the code reaches only through import() (help texts, explain's schemas,
 * describers, the shell's rarer builtins, controllers and programs the simulator loads on first
 * use) is left to the bundler, which makes it chunks of its own that load when first imported.
 * No list of such modules to keep in step: an import() is enough.
 * @type {WeakMap<object, Set<string>>}
 */
const startClosures = new WeakMap();
/** @param {{ getModuleInfo(id: string): { importedIds: readonly string[] } | null }} ctx */
function neededAtStart(ctx) {
  let set = startClosures.get(ctx);
  if (!set) {
    set = new Set();
    const todo = [TERMINAL_ENTRY];
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      if (set.has(id)) continue;
      set.add(id);
      for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) if (!set.has(dep)) todo.push(dep);
    }
    startClosures.set(ctx, set);
  }
  return set;
}

/**
 * Lessons used to carry their position in their URL (/en/lessons/01-pods/); they are named by
 * subject now, so new lessons never move old ones. The old addresses keep working.
 */
const OLD_LESSON_URLS = {
  '/en/lessons/01-pods': '/en/lessons/pods/',
  '/en/lessons/02-controllers': '/en/lessons/controllers/',
  '/en/lessons/03-replicaset': '/en/lessons/replicaset/',
  '/en/lessons/04-deployment': '/en/lessons/deployment/',
  '/en/lessons/05-statefulset': '/en/lessons/statefulset/',
  '/en/lessons/06-daemonset': '/en/lessons/daemonset/',
  '/en/lessons/07-job-cronjob': '/en/lessons/job-cronjob/',
  '/en/lessons/08-choosing': '/en/lessons/choosing/',
  '/en/lessons/09-lab': '/en/lessons/lab/',
  '/en/lessons/10-scheduling': '/en/lessons/scheduling/',
};

/**
 * Where the course is served. `BASE_PATH=/k8s/ npm run build` builds a site for
 * https://school.example/k8s/; every link and asset is then under that path (docs/hosting.md).
 */
const BASE_PATH = process.env.BASE_PATH || '/';
/** The lessons of a class build (COURSE_LESSONS=pods,deployment; src/site/build-options.ts), or all. */
const COURSE_LESSONS = process.env.COURSE_LESSONS?.split(',').map((s) => s.trim()).filter(Boolean);
if (!BASE_PATH.startsWith('/')) throw new Error(`BASE_PATH must start with "/" (got "${BASE_PATH}")`);

export default defineConfig({
  output: 'static',
  base: BASE_PATH,
  // Lets a second build (the sub-path browser test) write beside dist/ instead of over it.
  outDir: process.env.OUT_DIR || './dist',
  // Astro prefixes the old addresses with the base, not the targets.
  // A class build with its own set of lessons (COURSE_LESSONS) keeps only the redirects to them.
  redirects: Object.fromEntries(
    Object.entries(OLD_LESSON_URLS)
      .filter(([, to]) => !COURSE_LESSONS || COURSE_LESSONS.includes(to.split('/')[3] ?? ''))
      .map(([from, to]) => [from, BASE_PATH.replace(/\/$/, '') + to]),
  ),
  trailingSlash: 'ignore',
  // After the build, in this order: Pagefind indexes the built pages (src/site/pagefind-index.ts);
  // then offline() writes each page's Content-Security-Policy <meta> (inline scripts and styles
  // hashed, scripts/offline/csp.mjs), the service worker with its precache list (search index
  // included) and dist/course.zip.
  integrations: [mdx(), pagefindIndex(), offline()],
  markdown: {
    // Astro's own Markdown processor, plus one step: a lesson's `##` sections become
    // <section>s the browser renders only near the screen (src/site/lesson-sections.ts).
    processor: satteri({ hastPlugins: [lessonSectionsPlugin] }),
    shikiConfig: {
      // GitHub's "default" themes: unlike github-dark and github-light (comments near 3:1 and
      // 4.6:1), every token stays above 4.5:1 on its background, which is also the terminal's.
      // Each token's colour is written as light-dark(light, dark), so code follows the page's
      // color-scheme: the reader's system setting or the theme toggle.
      themes: { light: 'github-light-default', dark: 'github-dark-default' },
      defaultColor: 'light-dark()',
      wrap: false,
      // compactCode: each token carries its colour once, lines and plain tokens are bare text.
      transformers: [metaToAttribute, compactCode],
    },
  },
  server: { host: '127.0.0.1' },
  devToolbar: { enabled: false },
  build: {
    inlineStylesheets: 'auto',
  },
  vite: {
    // Pre-bundled at dev-server start, so starting the first terminal does not trigger a
    // dependency re-optimisation and a page reload.
    optimizeDeps: { include: ['@xterm/xterm', '@xterm/addon-fit', 'yaml'] },
    // The simulator chunk is large by nature (a Kubernetes control plane); it loads only when
    // a terminal starts. scripts/measure-js.ts reports the real figures.
    build: {
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        // Astro marks each MDX module with its own "use astro:head-inject" directive and handles
        // it itself before bundling; the bundler's warning that it "may not be preserved" (one
        // per lesson) is about that marker, not about the course's code.
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('astro:head-inject')) return;
          warn(warning);
        },
      },
    },
    environments: {
      client: {
        build: {
          // The terminal's lazy code in two chunks that download in parallel and cache apart:
          // xterm (changes rarely) and the course's own simulator, kubectl and shell as far as
          // starting a terminal needs them (neededAtStart). What that code imports on demand
          // (yaml, help texts, explain, controllers loaded on first use) stays in chunks of its own.
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  // Vite's import() helper, shared by the page scripts and the simulator's own
                  // on-demand imports: its own tiny chunk, or the page would fetch the simulator
                  // chunk to get it (groups pull in their dependencies).
                  { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 2 },
                  { name: 'xterm', test: /node_modules[\\/]@xterm[\\/]/ },
                  // Where kubectl's commands load from: a chunk of its own (or the simulator's
                  // group, which takes in what its modules import, would pull it in).
                  { name: 'verb-code', test: BEFORE_SIMULATOR, priority: 1 },
                  { name: (id, ctx) => (SIMULATOR.test(id) && !BEFORE_SIMULATOR.test(id) && neededAtStart(ctx).has(id) ? 'simulator' : null), debugName: 'simulator' },
                ],
              },
            },
          },
        },
      },
    },
  },
});
