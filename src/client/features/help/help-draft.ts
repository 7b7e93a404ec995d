/**
 * The help message being written, kept while the page lives (as the shop's unsent text is,
 * decision 0075): the panel closes on Escape, a click beside it or an answer's link, and opening
 * it again finds the message where it was. Sent, it is forgotten.
 */
export interface HelpDraft {
  email: string;
  message: string;
}

let kept: HelpDraft | null = null;

export const helpDraft = {
  get: (): HelpDraft | null => kept,
  keep: (draft: HelpDraft) => {
    kept = draft;
  },
  forget: () => {
    kept = null;
  },
};
