// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { offline } from './scripts/offline/integration.mjs';
import { pagefindIndex } from './src/site/pagefind-index.ts';

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
 * Modules the code loads with import() on first use (help texts, explain's schemas, the
 * kinds' describers, the go-template printer, published manifests, the shell's rarely used builtins; the YAML parser for `-f` is outside
 * SIMULATOR anyway): kept out of the simulator chunk, which would otherwise absorb them, so
 * that starting a terminal does not fetch them; they become chunks of their own. scripts/measure-js.ts lists them.
 */
const ON_DEMAND = new RegExp(
  [
    /[\\/]kubectl[\\/]help[\\/]texts-full\.ts$/,
    // The shell's rarely used builtins (src/shell/commands.ts loads them on first use).
    /[\\/]shell[\\/]builtins[\\/](text|grep|base64|timeout|watch|seq|xargs|tee|yes|openssl|ssh-keygen|shell-state|jobs|complete|test)\.ts$/,
    // ... and the big ones in folders of their own (sed, awk, jq, the key and certificate maths),
    // with the regular-expression engine grep and they share.
    /[\\/]shell[\\/]builtins[\\/](sed|awk|jq|crypto)[\\/][\w-]+\.(ts|json)$/,
    /[\\/]shell[\\/]regex[\\/][\w-]+\.ts$/,
    /[\\/]sim[\\/]addons[\\/]metrics-server[\\/](documents|manifest)\.ts$/,
    /[\\/]kubectl[\\/]verbs[\\/]explain[\\/](render|schema-[\w-]+)\.ts$/,
    // The kinds' describers (all of printers/describe/).
    /[\\/]kubectl[\\/]printers[\\/]describe[\\/][\w-]+\.ts$/,
    // The go-template printer (`-o go-template=...`) and the manifests served by URL.
    /[\\/]kubectl[\\/]printers[\\/]gotemplate[\\/][\w-]+\.ts$/,
    /[\\/]kubectl[\\/]printers[\\/](jsonpath|go-syntax|tabwriter)\.ts$/,
    /[\\/]sim[\\/]addons[\\/]ingress-nginx[\\/]manifest\.ts$/,
    // `kubectl get --raw`, loaded when it is used.
    /[\\/]kubectl[\\/]verbs[\\/]get[\\/]raw\.ts$/,
    // The scripts `kubectl completion SHELL` prints.
    /[\\/]kubectl[\\/]verbs[\\/]completion[\\/]scripts\.ts$/,
    // kubectl's commands but `get` (verbs/table.ts loads each on its first run).
    /[\\/]kubectl[\\/]verbs[\\/](?!get[\\/])[\w-]+[\\/][\w-]+\.ts$/,
    // ... and what only those commands use: kustomize, reading, writing and patching objects.
    /[\\/]kubectl[\\/]kustomize[\\/][\w-]+\.ts$/,
    /[\\/]kubectl[\\/]resource[\\/](collected-errors|errors|last-applied|manifests|merge|patch|workloads|write)\.ts$/,
  ]
    .map((r) => r.source)
    .join('|'),
);

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
    shikiConfig: {
      // GitHub's "default" themes: unlike github-dark and github-light (comments near 3:1 and
      // 4.6:1), every token stays above 4.5:1 on its background, which is also the terminal's.
      // Each token's colour is written as light-dark(light, dark), so code follows the page's
      // color-scheme: the reader's system setting or the theme toggle.
      themes: { light: 'github-light-default', dark: 'github-dark-default' },
      defaultColor: 'light-dark()',
      wrap: false,
      transformers: [metaToAttribute],
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
          // xterm (changes rarely) and the course's own simulator, kubectl and shell. What that
          // code imports on demand (yaml, help texts, explain) stays in chunks of its own.
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  // Vite's import() helper, shared by the page scripts and the simulator's own
                  // on-demand imports: its own tiny chunk, or the page would fetch the simulator
                  // chunk to get it (groups pull in their dependencies).
                  { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 2 },
                  { name: 'xterm', test: /node_modules[\\/]@xterm[\\/]/ },
                  { name: 'simulator', test: (id) => SIMULATOR.test(id) && !ON_DEMAND.test(id) },
                ],
              },
            },
          },
        },
      },
    },
  },
});
