/**
 * An Astro integration that indexes the built site with Pagefind once `astro build` is done,
 * so `npm run build` (and any build, whatever BASE_PATH or OUT_DIR) writes <outDir>/pagefind/.
 * Only what pages mark with data-pagefind-body is indexed (the lessons and the glossary), less
 * the controls around the text (terminals, buttons, exercise checklists, the pager) and the
 * sample outputs (commands and prose make better excerpts).
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { readdir, rm } from 'node:fs/promises';

const EXCLUDE = ['.terminal-dock', '.code-actions', '.code-output', '.exercise-actions', '.exercise-terminal', '.checklist', '.pager', '.toc', 'noscript'];

const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/;

/** The integration (see the file's comment). */
export function pagefindIndex(): AstroIntegration {
  return {
    name: 'course:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const pagefind = await import('pagefind');
        const site = fileURLToPath(dir);
        const { index, errors } = await pagefind.createIndex({ excludeSelectors: EXCLUDE });
        if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
        const added = await index.addDirectory({ path: site });
        if (added.errors.length) throw new Error(`Pagefind could not index the site: ${added.errors.join('; ')}`);
        const written = await index.writeFiles({ outputPath: join(site, 'pagefind') });
        if (written.errors.length) throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
        await pagefind.close();
        // The course has its own search box (src/ui/search-dialog.ts); Pagefind's ready-made
        // interfaces are not used, so they are not shipped.
        for (const f of await readdir(join(site, 'pagefind'))) if (UNUSED.test(f)) await rm(join(site, 'pagefind', f));
        logger.info(`search index: ${added.page_count} pages`);
      },
    },
  };
}
