import { paths } from '../../../shared/paths';
import { CONTRACTOR_PRICING, GUARANTEE, HOMEOWNER_PRICING } from '../public/business-model';

/*
 * The FAQ's questions and answers, in one place: the /faq/ page shows them in full and the help
 * panel searches them. Answers are plain text with, at most, in-app links, so both can render
 * them and the search can read them.
 */

/** A run of an answer: text, or an in-app link. */
export type AnswerPart = string | { text: string; to: string };

export interface FaqQuestion {
  id: string;
  question: string;
  /** One paragraph. */
  answer: readonly AnswerPart[];
}

export interface FaqGroup {
  id: string;
  title: string;
  questions: readonly FaqQuestion[];
}

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'homeowners',
    title: 'For homeowners',
    questions: [
      {
        id: 'homeowner-cost',
        question: 'What does Plansmith cost a homeowner?',
        answer: [HOMEOWNER_PRICING],
      },
      { id: 'guarantee', question: 'What if I am not happy?', answer: [GUARANTEE] },
      {
        id: 'choose-products',
        question: 'How do I choose products for my project?',
        answer: [
          'Open the Shop tab of your proposal. Each item that needs a decision, such as a faucet, a tile or a range, has room for product options. Paste a link to a product from a retailer’s website and press Add, or add a product by hand. Mark the options you like, choose one, and leave comments for your team.',
        ],
      },
      {
        id: 'team',
        question: 'Can my designer or architect take part?',
        answer: [
          'Yes. Your contractor can invite other people to your proposal by e-mail, so everyone helping you choose sees the same plan and the same comments.',
        ],
      },
      {
        id: 'sign',
        question: 'How do I sign my proposal?',
        answer: [
          'Open the proposal and press Sign. Draw your signature on the pad, then press Done Signing. Your signature and the date appear at the end of the proposal, and the signing is recorded in the proposal’s signing log.',
        ],
      },
    ],
  },
  {
    id: 'contractors',
    title: 'For contractors',
    questions: [
      {
        id: 'contractor-cost',
        question: 'What does Plansmith cost a contractor?',
        answer: [CONTRACTOR_PRICING],
      },
      {
        id: 'build',
        question: 'How do I build a proposal?',
        answer: [
          'Choose Create New Proposal and work through the steps: cover, welcome note, big picture, plan, shopping list and contract. In the plan, start from a preset cost group or a kitchen, bathroom or powder room module, and adjust the items and costs. The welcome note and the contract come prefilled for you to edit.',
        ],
      },
      {
        id: 'log',
        question: 'What does the signing log record?',
        answer: [
          'For you and for your client: the name, e-mail address, IP address and signature, the time of signing and the time of the last login. Each signature is also tied to a fingerprint of the proposal as it was when it was signed.',
        ],
      },
      {
        id: 'password',
        question: 'Do I need a password?',
        answer: [
          'No. Plansmith logs you in with a link sent to your e-mail address. Enter your address on the ',
          { text: 'Log In', to: paths.signin() },
          ' page and open the link we send you.',
        ],
      },
    ],
  },
];

/** An answer as plain text (links by their words). */
export function answerText(answer: readonly AnswerPart[]): string {
  return answer.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9$%]+/)
    .filter(Boolean);

/**
 * The questions whose question or answer holds every typed word (as the start of a word: 'sig'
 * finds 'sign' and 'signature'), questions matching in their title first; all of them, in FAQ
 * order, for an empty search.
 */
export function searchFaq(query: string, groups: readonly FaqGroup[] = FAQ_GROUPS): FaqQuestion[] {
  const all = groups.flatMap((group) => group.questions);
  const terms = words(query);
  if (terms.length === 0) return all;
  const hits = (haystack: string[]) =>
    terms.every((term) => haystack.some((word) => word.startsWith(term)));
  const inTitle: FaqQuestion[] = [];
  const inAnswer: FaqQuestion[] = [];
  for (const q of all) {
    const title = words(q.question);
    if (hits(title)) inTitle.push(q);
    else if (hits([...title, ...words(answerText(q.answer))])) inAnswer.push(q);
  }
  return [...inTitle, ...inAnswer];
}
