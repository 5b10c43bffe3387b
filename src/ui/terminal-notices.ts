/**
 * The notices the page writes into a terminal about its own storage and tabs (not output of a
 * command), in the page's language with English as the fallback. Each is one or two lines,
 * shown dim yellow so they read as the course speaking, not the cluster.
 */

const en = {
  saveFailed:
    "course: your browser's storage is full or disabled, so this terminal's work is not being saved: a reload would start it afresh. Your progress is kept.",
  tooLong: 'course: this session is too long to be rebuilt after a reload; your files are saved, the cluster is not. Reset starts a new cluster.',
  evicted: (n: number) => `course: storage was full; the saved terminals of ${n} lesson(s) you opened longest ago were cleared to keep this one.`,
  corrupt: 'course: the saved copy of this terminal could not be read (it was damaged); starting a fresh cluster. Your progress is not affected.',
  replayFailed: 'course: the saved cluster could not be rebuilt; starting a fresh one. Your files are kept.',
  otherTab: 'course: this lesson is open in another tab, which owns its cluster; what you do in this tab is not saved.',
  takenOver: 'course: another tab took over this lesson; what you do in this tab is no longer saved. Reload this page to take it over again.',
  readOnly: 'course: this terminal is read-only while another tab owns this lesson; take it over to type and run commands here.',
  takeOver: 'Take over here',
  progressNotSaved: "(Not saved: your browser's storage is full or disabled.)",
  restoring: 'Restoring your cluster...',
  restoringSlow: (percent: number) => `Restoring your cluster: ${percent}% (Ctrl-C starts a fresh cluster instead)`,
  restoreSlowNotice: 'course: rebuilding your saved cluster takes a while. You can wait, or start with a fresh cluster (your files are kept).',
  startFresh: 'Start fresh',
  startedFresh: 'course: started a fresh cluster; your files are kept. Your earlier session can be downloaded as a progress file (above the terminal) before it is replaced.',
  startedFreshDownload: 'Download the earlier session (a progress file)',
} as const;

export type NoticeWords = { [K in keyof typeof en]: (typeof en)[K] extends string ? string : (typeof en)[K] };

const languages: Record<string, Partial<NoticeWords>> = { en };

/** The notices in the page's language (`<html lang>`), English where it lacks one. */
export function noticeWords(lang: string = typeof document === 'undefined' ? 'en' : document.documentElement.lang): NoticeWords {
  return { ...en, ...(languages[lang] ?? {}) };
}

/** `text` as a terminal notice line (dim yellow, on a line of its own). */
export function asNotice(text: string): string {
  return `\r\n\x1b[2;33m${text}\x1b[0m\r\n`;
}
