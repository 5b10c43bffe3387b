// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';

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

export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [mdx()],
  markdown: {
    shikiConfig: {
      // github-dark-default: unlike github-dark (comments at 3:1), every token stays above
      // 4.5:1 on its background, which is also the terminal's.
      theme: 'github-dark-default',
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
    build: { chunkSizeWarningLimit: 1500 },
    environments: {
      client: {
        build: {
          // The terminal's lazy code in two chunks that download in parallel and cache apart:
          // xterm (changes rarely) and the course's own simulator, kubectl and shell.
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'xterm', test: /node_modules[\\/]@xterm[\\/]/ },
                  { name: 'simulator', test: /[\\/]src[\\/](sim|kubectl|shell)[\\/]|node_modules[\\/]yaml[\\/]/ },
                ],
              },
            },
          },
        },
      },
    },
  },
});
