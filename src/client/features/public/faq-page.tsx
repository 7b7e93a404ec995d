import * as Accordion from '@radix-ui/react-accordion';
import {
  CalendarDays,
  ChevronDown,
  HardHat,
  House,
  Mail,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSupportEmail } from '../../lib/public-config';
import { CONTRACTOR_PRICING, GUARANTEE, HOMEOWNER_PRICING, PHASES } from './business-model';
import { consultationHref, mailtoHref } from './frame/mailto';
import styles from './faq-page.module.css';
import publicStyles from './public.module.css';

interface Question {
  id: string;
  question: string;
  answer: ReactNode;
}

// §1's business model, visible without opening anything.
const GLANCE: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: House, title: 'Homeowners', text: HOMEOWNER_PRICING },
  { icon: ShieldCheck, title: '100% happiness guarantee', text: GUARANTEE },
  { icon: HardHat, title: 'Contractors', text: CONTRACTOR_PRICING },
];

interface Group {
  id: string;
  title: string;
  questions: Question[];
}

const GROUPS: Group[] = [
  {
    id: 'homeowners',
    title: 'For homeowners',
    questions: [
      {
        id: 'homeowner-cost',
        question: 'What does Plansmith cost a homeowner?',
        answer: <p>{HOMEOWNER_PRICING}</p>,
      },
      {
        id: 'guarantee',
        question: 'What if I am not happy?',
        answer: <p>{GUARANTEE}</p>,
      },
      {
        id: 'choose-products',
        question: 'How do I choose products for my project?',
        answer: (
          <p>
            Open the Shop tab of your proposal. Each item that needs a decision, such as a faucet, a
            tile or a range, has room for product options. Paste a link to a product from a
            retailer’s website and press Add, or add a product by hand. Mark the options you like,
            choose one, and leave comments for your team.
          </p>
        ),
      },
      {
        id: 'team',
        question: 'Can my designer or architect take part?',
        answer: (
          <p>
            Yes. Your contractor can invite other people to your proposal by e-mail, so everyone
            helping you choose sees the same plan and the same comments.
          </p>
        ),
      },
      {
        id: 'sign',
        question: 'How do I sign my proposal?',
        answer: (
          <p>
            Open the proposal and press Sign. Draw your signature on the pad, then press Done
            Signing. Your signature and the date appear at the end of the proposal, and the signing
            is recorded in the proposal’s signing log.
          </p>
        ),
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
        answer: <p>{CONTRACTOR_PRICING}</p>,
      },
      {
        id: 'build',
        question: 'How do I build a proposal?',
        answer: (
          <p>
            Choose Create New Proposal and work through the steps: cover, welcome note, big picture,
            plan, shopping list and contract. In the plan, start from a preset cost group or a
            kitchen, bathroom or powder room module, and adjust the items and costs. The welcome
            note and the contract come prefilled for you to edit.
          </p>
        ),
      },
      {
        id: 'log',
        question: 'What does the signing log record?',
        answer: (
          <p>
            For you and for your client: the name, e-mail address, IP address and signature, the
            time of signing and the time of the last login. Each signature is also tied to a
            fingerprint of the proposal as it was when it was signed.
          </p>
        ),
      },
      {
        id: 'password',
        question: 'Do I need a password?',
        answer: (
          <p>
            No. Plansmith logs you in with a link sent to your e-mail address. Enter your address on
            the <Link to={paths.signin()}>Log In</Link> page and open the link we send you.
          </p>
        ),
      },
    ],
  },
];

/** /faq/: the static FAQ, including the §1 business model. */
export function Component() {
  const supportEmail = useSupportEmail();
  return (
    <>
      <title>Frequently asked questions · Plansmith</title>
      <div className={`container ${styles.page}`}>
        <header className={styles.intro}>
          <p className={publicStyles.eyebrow}>FAQ</p>
          <h1 className={styles.title}>Frequently asked questions</h1>
          <p className={styles.lead}>
            How Plansmith works, what it costs, and what happens at each stage of a remodel.
          </p>
          <nav aria-label="FAQ sections">
            <ul className={styles.jump}>
              {GROUPS.map((group) => (
                <li key={group.id}>
                  <a href={`#${group.id}`}>{group.title}</a>
                </li>
              ))}
              <li>
                <a href="#phases">Project phases</a>
              </li>
            </ul>
          </nav>
        </header>

        <section className={styles.glance} aria-labelledby="glance-title">
          <h2 id="glance-title" className="visually-hidden">
            How Plansmith is paid
          </h2>
          <ul className={styles.glanceList}>
            {GLANCE.map(({ icon: Icon, title, text }) => (
              <li key={title} className={styles.glanceItem}>
                <span className={styles.glanceIcon}>
                  <Icon size={22} aria-hidden="true" />
                </span>
                <h3 className={styles.glanceTitle}>{title}</h3>
                <p className={styles.glanceText}>{text}</p>
              </li>
            ))}
          </ul>
        </section>

        {GROUPS.map((group) => (
          <section
            key={group.id}
            id={group.id}
            className={styles.group}
            aria-labelledby={`${group.id}-title`}
          >
            <h2 id={`${group.id}-title`} className={styles.groupTitle}>
              {group.title}
            </h2>
            <Accordion.Root type="multiple" className={styles.accordion}>
              {group.questions.map((q) => (
                <Accordion.Item key={q.id} value={q.id} className={styles.item}>
                  <Accordion.Header className={styles.header}>
                    <Accordion.Trigger className={styles.trigger}>
                      <span>{q.question}</span>
                      <ChevronDown className={styles.chevron} size={20} aria-hidden="true" />
                    </Accordion.Trigger>
                  </Accordion.Header>
                  <Accordion.Content className={styles.content}>
                    <div className={styles.answer}>{q.answer}</div>
                  </Accordion.Content>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </section>
        ))}

        <section id="phases" className={styles.group} aria-labelledby="phases-title">
          <h2 id="phases-title" className={styles.groupTitle}>
            The seven phases of a remodel
          </h2>
          <p className={styles.groupLead}>
            Every project moves through the same phases, whoever does the work.
          </p>
          <ol className={styles.phases}>
            {PHASES.map((phase, index) => (
              <li key={phase.name} className={styles.phase}>
                <span className={styles.phaseNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className={styles.phaseName}>{phase.name}</h3>
                  <p className={styles.phaseText}>{phase.summary}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        {supportEmail && (
          <aside className={styles.contact} aria-labelledby="faq-contact-title">
            <h2 id="faq-contact-title" className={styles.contactTitle}>
              Still have a question?
            </h2>
            <p className={styles.contactText}>
              Tell us about your project and we will help you decide whether Plansmith fits.
            </p>
            <div className={styles.contactActions}>
              <a href={consultationHref(supportEmail)} className="btn btn-primary">
                <CalendarDays size={18} aria-hidden="true" />
                Schedule a consultation
              </a>
              <a href={mailtoHref(supportEmail)} className="btn btn-secondary">
                <Mail size={18} aria-hidden="true" />
                {supportEmail}
              </a>
            </div>
          </aside>
        )}
      </div>
    </>
  );
}
