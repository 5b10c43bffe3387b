/**
 * The page's docked terminal below the docked breakpoint (phones, tablets, narrow windows): it
 * floats at the bottom of the screen so that Run never scrolls the page away from the button.
 * The reader collapses it to its title bar and resizes it by dragging its top edge (or with
 * the arrow keys on that edge); both are remembered per page. The page keeps room below its
 * text for it (`--dock-space` on <body>, a non-inherited property: setting it restyles the body
 * alone, not the whole lesson), so nothing hides behind it.
 *
 * Nothing here reads layout while the page loads (not even `innerHeight`, which makes the
 * browser lay the page out): the dock's height and the resize edge's range come from a
 * ResizeObserver, which reports after the browser's own first layout, so wiring the dock
 * costs no extra style and layout pass over the lesson.
 *
 * Stored under `course:dock:<path>`: {"collapsed": true, "height": 320} (height in CSS px).
 * Wide screens ignore all of it: the terminal sits beside the text there.
 */
import { courseKey, readJSON, writeJSON } from './storage.ts';

/** Where the layout stops docking beside the text (keep in step with global.css). */
export const FLOAT_QUERY = '(max-width: 71.99rem)';
/** Where "On this page" shows under the docked terminal (keep in step with global.css's .dock-toc). */
export const DOCK_TOC_QUERY = '(min-width: 72rem) and (max-width: 95.99rem)';
const MIN_H = 96;
const STEP = 32;

interface DockState {
  collapsed?: boolean;
  height?: number;
}

const storeKey = (): string => courseKey(`dock:${location.pathname}`);
const floating = (): boolean => matchMedia(FLOAT_QUERY).matches;
/** Keep in step with the CSS cap (65vh). */
const maxHeight = (): number => Math.max(MIN_H, Math.round(innerHeight * 0.65));

function saved(): DockState {
  const s = readJSON(storeKey());
  return typeof s === 'object' && s !== null ? (s as DockState) : {};
}

function remember(change: DockState): void {
  writeJSON(storeKey(), { ...saved(), ...change });
}

/** The dock element of terminal `id`, if it is the page's docked terminal. */
function dockOf(id: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.terminal-dock.docked[data-dock="${CSS.escape(id)}"]`);
}

function setCollapsed(dock: HTMLElement, collapsed: boolean, save = true): void {
  dock.toggleAttribute('data-collapsed', collapsed);
  dock.querySelector('[data-dock-toggle]')?.setAttribute('aria-expanded', String(!collapsed));
  if (save) remember({ collapsed });
}

/** The resize edge's value and range, for assistive technology (reads `innerHeight`). */
function describeRange(dock: HTMLElement, h: number): void {
  const sep = dock.querySelector('[data-dock-resize]');
  sep?.setAttribute('aria-valuenow', String(h));
  sep?.setAttribute('aria-valuemin', String(MIN_H));
  sep?.setAttribute('aria-valuemax', String(maxHeight()));
}

function setHeight(dock: HTMLElement, px: number, save = true): void {
  const h = Math.round(Math.min(maxHeight(), Math.max(MIN_H, px)));
  dock.style.setProperty('--float-h', `${h}px`);
  describeRange(dock, h);
  if (save) remember({ height: h });
}

/**
 * Opens the floating terminal `id` when it is collapsed (a Run or Apply button was pressed).
 * True when the terminal is the page's docked one (it is on screen now, nothing to scroll).
 */
export function revealDock(id: string): boolean {
  const dock = dockOf(id);
  if (!dock) return false;
  if (floating() && dock.hasAttribute('data-collapsed')) {
    setCollapsed(dock, false);
    // Reserve its room now, not when the resize observer next runs (after the caller's next
    // frame): a page scrolled to its end could not otherwise move to keep the button in sight.
    reserveFor.get(dock)?.(dock.getBoundingClientRect().height);
  }
  return true;
}

/**
 * Folds the page's floating terminal away (an exercise's own terminal opened in the text), so
 * that a small screen shows one terminal at a time. Not remembered; wide screens are untouched.
 */
export function foldDock(): void {
  if (!floating()) return;
  for (const dock of document.querySelectorAll<HTMLElement>('.terminal-dock.docked')) setCollapsed(dock, true, false);
}

/** Each wired dock's way to reserve room at the page's end for a given height of it. */
const reserveFor = new WeakMap<HTMLElement, (height: number) => void>();

/** Wires every docked terminal of the page (once). */
export function initDocks(): void {
  const w = window as Window & { __courseDocks?: boolean };
  if (w.__courseDocks) return;
  w.__courseDocks = true;
  for (const dock of document.querySelectorAll<HTMLElement>('.terminal-dock.docked')) wireDock(dock);
}

function wireDock(dock: HTMLElement): void {
  const state = saved();
  // First visit: collapsed, so the terminal does not cover the text before it is wanted.
  setCollapsed(dock, state.collapsed ?? true, false);
  // The remembered height; the stylesheet caps it at 65vh. `innerHeight` is not read here: while
  // the page loads, reading it forces a layout of the whole lesson (the resize edge's range is
  // described when the resize observer first reports, after the browser's own layout).
  const savedHeight = typeof state.height === 'number' ? Math.round(Math.max(MIN_H, state.height)) : undefined;
  if (savedHeight !== undefined) dock.style.setProperty('--float-h', `${savedHeight}px`);
  let described = false;
  const describeOnce = (): void => {
    if (described) return;
    described = true;
    // Before any resize, the height the stylesheet gives the terminal.
    describeRange(dock, Math.round(Math.min(maxHeight(), savedHeight ?? Math.min(innerHeight * 0.4, 352))));
  };

  dock.querySelector('[data-dock-toggle]')?.addEventListener('click', () => {
    const collapse = !dock.hasAttribute('data-collapsed');
    setCollapsed(dock, collapse);
    if (!collapse) dock.querySelector('course-terminal')?.dispatchEvent(new CustomEvent('course:wake'));
  });

  const sep = dock.querySelector<HTMLElement>('[data-dock-resize]');
  const screen = dock.querySelector<HTMLElement>('course-terminal');
  const current = (): number => screen?.getBoundingClientRect().height ?? 0;
  sep?.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    sep.setPointerCapture(e.pointerId);
    const startY = e.clientY;
    const startH = current();
    const move = (m: PointerEvent): void => setHeight(dock, startH + (startY - m.clientY), false);
    const up = (): void => {
      sep.removeEventListener('pointermove', move);
      setHeight(dock, current());
    };
    sep.addEventListener('pointermove', move);
    sep.addEventListener('pointerup', up, { once: true });
    sep.addEventListener('pointercancel', up, { once: true });
  });
  sep?.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    setHeight(dock, current() + (e.key === 'ArrowUp' ? STEP : -STEP));
  });

  // Room at the bottom of the page for the floating terminal, written only when it changes.
  const body = document.body;
  let height = 0;
  let written = '';
  const reserve = (): void => {
    const space = floating() ? `${Math.ceil(height)}px` : '0px';
    if (space === written) return;
    written = space;
    body.style.setProperty('--dock-space', space);
  };
  reserveFor.set(dock, (h) => {
    height = h;
    reserve();
  });
  new ResizeObserver((entries) => {
    describeOnce();
    const box = entries.at(-1)?.borderBoxSize[0];
    if (!box) return;
    height = box.blockSize;
    reserve();
  }).observe(dock);
  matchMedia(FLOAT_QUERY).addEventListener('change', reserve);
}
