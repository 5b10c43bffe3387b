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
      // github-dark keeps every token above 4.5:1 on its own background.
      theme: 'github-dark',
      wrap: false,
      transformers: [metaToAttribute],
    },
  },
  server: { host: '127.0.0.1' },
  devToolbar: { enabled: false },
  build: {
    // Small page CSS is inlined; the xterm stylesheet comes with the lazy chunk.
    inlineStylesheets: 'auto',
  },
});
