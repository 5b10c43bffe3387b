/**
 * The terminal's colours in each page theme: GitHub's palettes, as the code blocks (Shiki's
 * github-light-default and github-dark-default). xterm's minimumContrastRatio keeps every
 * colour a program prints at 4.5:1 or more on the background in both.
 */
import type { ITheme } from '@xterm/xterm';
import type { ThemeChoice } from './theme.ts';

const DARK: ITheme = {
  background: '#0d1117',
  foreground: '#e6edf3',
  cursor: '#e6edf3',
  cursorAccent: '#0d1117',
  selectionBackground: '#264f78',
  black: '#484f58',
  red: '#ff7b72',
  green: '#3fb950',
  yellow: '#d29922',
  blue: '#58a6ff',
  magenta: '#bc8cff',
  cyan: '#39c5cf',
  white: '#b1bac4',
  brightBlack: '#6e7681',
  brightRed: '#ffa198',
  brightGreen: '#56d364',
  brightYellow: '#e3b341',
  brightBlue: '#79c0ff',
  brightMagenta: '#d2a8ff',
  brightCyan: '#56d4dd',
  brightWhite: '#f0f6fc',
};

const LIGHT: ITheme = {
  background: '#ffffff',
  foreground: '#1f2328',
  cursor: '#1f2328',
  cursorAccent: '#ffffff',
  selectionBackground: '#b6e3ff',
  black: '#24292f',
  red: '#cf222e',
  green: '#116329',
  yellow: '#4d2d00',
  blue: '#0969da',
  magenta: '#8250df',
  cyan: '#1b7c83',
  white: '#59636e',
  brightBlack: '#57606a',
  brightRed: '#a40e26',
  brightGreen: '#1a7f37',
  brightYellow: '#633c01',
  brightBlue: '#0550ae',
  brightMagenta: '#6639ba',
  brightCyan: '#1b7c83',
  brightWhite: '#59636e',
};

/** The xterm theme for a page theme. */
export function terminalTheme(theme: ThemeChoice): ITheme {
  return theme === 'dark' ? DARK : LIGHT;
}

/** The contrast xterm keeps between any printed colour and the background. */
export const MIN_CONTRAST = 4.5;
