/**
 * The lesson's sections ("On this page") handed from the lesson layout to the docked terminal,
 * which shows them under itself on screens where the terminal stands beside the text (the
 * layout decides which sections, if any; the terminal only draws them). They travel on the
 * render's `Astro.locals`, since MDX renders the terminal without the page's props.
 */

/** One entry of "On this page". */
export interface PageSection {
  slug: string;
  text: string;
}

const KEY = 'courseSections';

/** Records the sections of the page being rendered. */
export function setPageSections(locals: object, sections: PageSection[]): void {
  (locals as Record<string, unknown>)[KEY] = sections;
}

/** The sections of the page being rendered (none outside a lesson). */
export function pageSections(locals: object): PageSection[] {
  const v = (locals as Record<string, unknown>)[KEY];
  return Array.isArray(v) ? (v as PageSection[]) : [];
}
