/**
 * Content collections. `lessons` holds every lesson in every language:
 * content/lessons/<lang>/<slug>.mdx, with ids like `en/pods`; `order` in the frontmatter sets
 * the course order, so adding a lesson never renames the others.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

export const lessonSchema = z.object({
  title: z.string().min(1),
  /** One sentence for the lesson list and <meta name="description">. */
  description: z.string().min(1),
  /** Position in the course; lessons are listed and linked (previous/next) in this order. */
  order: z.number(),
  /** Language of the text. Default: the lesson's folder (`en/...` is English). */
  lang: z.enum(['en', 'ja']).optional(),
  /** Exercise ids (see src/exercises) the lesson contains, for progress on the home page. */
  exercises: z.array(z.string()).optional(),
  /** Show the "On this page" list (when the lesson has three sections or more). Default true. */
  toc: z.boolean().default(true),
  /** Cluster preset for the lesson's terminal. Default: the simulator's default (`kind`). */
  preset: z.string().optional(),
  /** Seed for the lesson's cluster (names, IPs). Default: derived from the lesson id. */
  seed: z.number().int().optional(),
  /**
   * Files the terminal starts with, path (relative to the home directory) to content.
   * YAML blocks marked ```yaml file=NAME are added to these automatically.
   */
  files: z.record(z.string(), z.string()).optional(),
});

export type LessonData = z.infer<typeof lessonSchema>;

const lessons = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: './content/lessons' }),
  schema: lessonSchema,
});

export const collections = { lessons };
