/**
 * Interface strings, per language. English is complete; other languages may leave keys out
 * and fall back to English (see `t`). Lesson text is not here: it lives in content/lessons/<lang>/.
 */
export const LANGUAGES = { en: 'English', ja: '日本語' } as const;
export type Lang = keyof typeof LANGUAGES;
export const DEFAULT_LANG: Lang = 'en';

const en = {
  'site.title': 'Kubernetes Workloads, hands-on',
  'site.tagline': 'Learn how Kubernetes runs workloads, with a real-looking cluster in every lesson.',
  'site.description':
    'A free course on Kubernetes workloads. Every lesson has a terminal where kubectl runs against a simulated Kubernetes 1.32 cluster, in your browser.',
  'nav.skip': 'Skip to the lesson',
  'nav.home': 'All lessons',
  'nav.main': 'Main',
  'nav.lessonNav': 'Lesson navigation',
  'nav.previous': 'Previous lesson',
  'nav.next': 'Next lesson',
  'nav.toc': 'On this page',
  'home.lessons': 'Lessons',
  'home.intro':
    'Each lesson explains one idea and gives you a terminal beside the text. Commands in the text have a Run button; you can also type your own. Nothing to install: the cluster runs in this tab.',
  'home.done': 'Done',
  'lesson.progress': 'Lesson {n} of {total}',
  'code.copy': 'Copy',
  'code.copyLabel': 'Copy this block',
  'code.copied': 'Copied',
  'code.run': 'Run',
  'code.runLabel': 'Run in the terminal: {what}',
  'code.whatMany': '{first} and {n} more',
  'code.apply': 'Apply',
  'code.applyLabel': 'Save this manifest as {file} and apply it in the terminal',
  'code.edit': 'Edit',
  'code.editLabel': 'Edit {file} in the terminal\'s editor',
  'code.reportRan': 'Ran {what}.',
  'code.reportEmpty': 'No output.',
  'code.reportOutput': 'Output: {text}',
  'code.reportLong': 'Output, {n} lines, starting: {text}. Read the rest line by line in the terminal.',
  'code.reportInterrupted': 'It was stopped before it finished.',
  'code.reportQueued': 'Waiting for the terminal: {what}',
  'code.reportRunning': 'Running {what}',
  'terminal.label': 'Terminal',
  'terminal.region': 'Terminal with kubectl and a simulated cluster',
  'terminal.noscript':
    'The terminal needs JavaScript. Everything else on this page works without it, and every command here also runs against a real cluster.',
  'terminal.loading': 'The terminal starts when it scrolls into view.',
  'terminal.start': 'Start the terminal',
  'terminal.reset': 'Reset cluster',
  'terminal.resetConfirm': 'Start again with a fresh cluster? Objects you created are removed; your files and command history stay.',
  'terminal.resetDone': 'The cluster is fresh again.',
  'terminal.help':
    'Tab completes commands; Ctrl+V pastes. When a command waits, Ctrl+F skips ahead. To leave the terminal with the keyboard, press Escape, then Tab.',
  'terminal.error': 'The terminal could not start. Reload the page to try again.',
  'terminal.skip': 'Fast-forward',
  'terminal.cueWait': 'Waiting ({time} so far). Ctrl+F or Fast-forward skips ahead.',
  'terminal.cueSleep': 'Waiting {time}. Ctrl+F or Fast-forward skips ahead.',
  'terminal.cueSkipping': 'Skipping ahead...',
  'terminal.skipped': 'Skipped {time} of waiting: the cluster is where it would be after the wait.',
  'log.link': 'Read the terminal output line by line',
  'log.label': 'Terminal output, line by line, newest last',
  'log.command': 'Command: {line}',
  'log.empty': 'No output.',
  'log.long': '{n} lines, starting: {text}. Read them line by line after the terminal.',
  'dock.toggle': 'Show or hide the terminal',
  'dock.resize': 'Terminal height: drag, or use the arrow keys',
  'keys.label': 'Terminal keys',
  'keys.tab': 'Tab (complete)',
  'keys.ctrlC': 'Control C (stop the command)',
  'keys.up': 'Up (previous command)',
  'keys.down': 'Down (next command)',
  'keys.esc': 'Escape',
  'keys.pipe': 'Pipe',
  'keys.dash': 'Dash',
  'exercise.heading': 'Exercise',
  'exercise.goal': 'Goal',
  'exercise.start': 'Start the exercise',
  'exercise.check': 'Check my work',
  'exercise.reset': 'Reset this exercise',
  'exercise.resetConfirm': 'Reset this exercise? Its cluster is prepared again from the start; your files and command history stay.',
  'exercise.resetDone': 'The exercise is prepared again from the start.',
  'exercise.terminal': 'Exercise terminal',
  'exercise.terminalRegion': 'Terminal of the exercise {title}, on its own cluster',
  'exercise.done': 'Done: every check passes.',
  'exercise.doneWithSolution': 'Done, with the solution shown.',
  'exercise.doneBefore': 'Done earlier. The checks show the cluster as it is now.',
  'exercise.notYet': 'Not yet: see what is still missing above.',
  'exercise.hints': 'Hints',
  'exercise.hintNext': 'Show a hint ({n} of {total})',
  'exercise.solution': 'Show the solution',
  'exercise.solutionNote': 'One way to do it. Opening the solution is remembered with your progress.',
  'exercise.sendSolution': 'Run it in the exercise terminal',
  'exercise.answerMissing': 'Type your answer, then check.',
  'exercise.passed': 'passed',
  'exercise.pending': 'not yet',
  'exercise.noscript': 'The checks run in your browser and need JavaScript.',
  'exercise.missing': 'Exercise {id} is not available.',
  'footer.text': 'Open source. The cluster is simulated in your browser; nothing leaves this page.',
  'footer.source': 'Source code',
  'footer.licence': 'Code under the MIT licence; lesson text under CC BY 4.0.',
  'lesson.updated': 'Last updated {date}',
  'theme.dark': 'Dark theme',
  'search.open': 'Search',
  'search.shortcut': 'Press / or Ctrl+K to search',
  'search.title': 'Search the course',
  'search.label': 'Search lessons and the glossary',
  'search.close': 'Close',
  'search.loading': 'Loading search...',
  'search.none': 'No results for "{q}".',
  'search.count': '{n} results for "{q}".',
  'search.one': '1 result for "{q}".',
  'search.unavailable': 'Search is built with the site (npm run build) and is not available here.',
  'sidebar.title': 'Lessons',
  'sidebar.toggle': 'All lessons',
  'sidebar.count': '{done}/{total}',
  'sidebar.countLabel': '{done} of {total} exercises done',
  'home.continue': 'Continue: {title}',
  'home.partial': '{done}/{total} exercises',
  'class.label': 'Class',
  'class.note': 'Your exercises run on the same clusters as the rest of the class, and the file you download says so.',
  'lang.switch': 'Language',
  'notFound.title': 'Page not found',
  'notFound.text': 'There is no page at this address. It may have moved when the course was updated.',
  'notFound.home': 'See all lessons',
} as const;

export type UIKey = keyof typeof en;

const strings: Record<Lang, Partial<Record<UIKey, string>>> = {
  en,
  ja: {},
};

/** The string for `key` in `lang` (English when missing), with `{name}` placeholders filled. */
export function t(lang: Lang, key: UIKey, vars: Record<string, string | number> = {}): string {
  const s = strings[lang][key] ?? en[key];
  return s.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** True for a supported language code. */
export function isLang(x: string): x is Lang {
  return Object.hasOwn(LANGUAGES, x);
}
