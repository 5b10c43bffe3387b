/**
 * "On this page" follows the reading: the link of the section being read (the last heading
 * above the upper quarter of the screen) carries aria-current="location", which the page's
 * style marks. Works only while the list is shown (the docked terminal's copy, on screens
 * where it stands beside the text).
 */

/** The index of the section being read: the last of `tops` (heading tops, in page order) at or above `line`; 0 before the first. */
export function currentSection(tops: number[], line: number): number {
  let here = 0;
  for (const [i, top] of tops.entries()) {
    if (top > line) break;
    here = i;
  }
  return here;
}

/** Keeps `nav`'s links marked as the page scrolls. */
export function followSections(nav: HTMLElement): void {
  const links = [...nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  // A heading that opens a lesson section is measured by its section, whose top is the
  // heading's: the section's box is there even while the browser skips rendering its content,
  // and asking for the heading's own box would make it render it.
  const headings = links.map((a) => {
    const h = document.getElementById(decodeURIComponent(a.hash.slice(1)));
    const section = h?.parentElement;
    return section?.classList.contains('lesson-section') && section.firstElementChild === h ? section : h;
  });
  let pending = false;
  let marked: HTMLAnchorElement | undefined;
  const update = (): void => {
    pending = false;
    if (nav.offsetParent === null) return; // not shown on this screen
    const tops = headings.map((h) => h?.getBoundingClientRect().top ?? Infinity);
    const link = links[currentSection(tops, innerHeight / 4)];
    if (link === marked) return;
    marked?.removeAttribute('aria-current');
    link?.setAttribute('aria-current', 'location');
    marked = link;
  };
  const schedule = (): void => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(update);
  };
  addEventListener('scroll', schedule, { passive: true });
  addEventListener('resize', schedule, { passive: true });
  schedule();
}
