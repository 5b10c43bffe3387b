/**
 * The search dialog's behaviour, loaded the first time the reader opens search: Pagefind's
 * index (dist/pagefind/, written at build time by src/site/pagefind-index.ts) is fetched
 * from below the site's base path, searched as the reader types, and each result links to its
 * page below that base path. Everything is static files, so search works offline once cached.
 */

/** What Pagefind's browser module offers (the part used here). */
interface Pagefind {
  options(o: { baseUrl?: string; excerptLength?: number }): Promise<void>;
  init(): Promise<void>;
  debouncedSearch(q: string, o?: object, ms?: number): Promise<{ results: { data(): Promise<PagefindResult> }[] } | null>;
}
interface PagefindResult {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results?: { url: string; title: string; excerpt: string }[];
}

const MAX_RESULTS = 10;
let pagefind: Promise<Pagefind | undefined> | undefined;
const wired = new WeakSet<HTMLDialogElement>();

function loadPagefind(base: string): Promise<Pagefind | undefined> {
  pagefind ??= (async () => {
    try {
      const pf = (await import(/* @vite-ignore */ `${base}/pagefind/pagefind.js`)) as Pagefind;
      await pf.options({ baseUrl: `${base}/`, excerptLength: 18 });
      await pf.init();
      return pf;
    } catch {
      return undefined;
    }
  })();
  return pagefind;
}

/** Opens the dialog (wiring it the first time) with the focus in its search field. */
export function openSearch(dialog: HTMLDialogElement): void {
  if (!wired.has(dialog)) {
    wired.add(dialog);
    wire(dialog);
  }
  if (dialog.open) return;
  dialog.showModal();
  const input = dialog.querySelector<HTMLInputElement>('.search-input');
  input?.focus();
  input?.select();
}

function wire(dialog: HTMLDialogElement): void {
  const base = dialog.dataset.base ?? '';
  const words = JSON.parse(dialog.dataset.words ?? '{}') as Record<string, string>;
  const say = (key: string, vars: Record<string, string | number> = {}): string =>
    (words[key] ?? '').replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
  const input = dialog.querySelector<HTMLInputElement>('.search-input')!;
  const status = dialog.querySelector<HTMLElement>('.search-status')!;
  const list = dialog.querySelector<HTMLOListElement>('.search-results')!;
  const ready = loadPagefind(base);
  let asked = 0;

  const run = async (): Promise<void> => {
    const q = input.value.trim();
    const mine = ++asked;
    if (!q) {
      list.replaceChildren();
      status.textContent = '';
      return;
    }
    status.textContent = say('loading');
    const pf = await ready;
    if (!pf) {
      status.textContent = say('unavailable');
      return;
    }
    const found = await pf.debouncedSearch(q, {}, 150);
    if (found === null || mine !== asked) return; // a newer query took over
    const results = await Promise.all(found.results.slice(0, MAX_RESULTS).map((r) => r.data()));
    if (mine !== asked) return;
    list.replaceChildren(...results.map(resultItem));
    const n = found.results.length;
    status.textContent = n === 0 ? say('none', { q }) : n === 1 ? say('one', { q }) : say('count', { n, q });
  };
  input.addEventListener('input', () => void run());
  // What was typed while this code was still arriving is searched at once.
  if (input.value.trim()) void run();
  // A click on the backdrop (outside the dialog's box) closes it, as Escape does.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
  list.addEventListener('click', (e) => {
    if ((e.target as HTMLElement).closest('a')) dialog.close();
  });
}

/** One result: the page title linking to its best section, and the excerpt with the matches marked. */
function resultItem(r: PagefindResult): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  const best = r.sub_results?.find((s) => s.url !== r.url);
  a.href = best?.url ?? r.url;
  a.className = 'search-result-title';
  a.textContent = best && best.title !== r.meta.title ? `${r.meta.title ?? ''} › ${best.title}` : (r.meta.title ?? r.url);
  const p = document.createElement('p');
  p.className = 'search-excerpt';
  p.append(...markedText(best?.excerpt ?? r.excerpt));
  li.append(a, p);
  return li;
}

/** Pagefind's excerpt (text with <mark> around matches) as nodes, without parsing it as HTML. */
export function markedText(excerpt: string): Node[] {
  const out: Node[] = [];
  const parts = excerpt.split(/(<mark>.*?<\/mark>)/g);
  for (const part of parts) {
    const m = /^<mark>(.*)<\/mark>$/.exec(part);
    const text = decode((m ? m[1]! : part).replace(/<[^>]*>/g, ''));
    if (!text) continue;
    if (m) {
      const mark = document.createElement('mark');
      mark.textContent = text;
      out.push(mark);
    } else out.push(document.createTextNode(text));
  }
  return out;
}

function decode(s: string): string {
  return s.replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);
}
