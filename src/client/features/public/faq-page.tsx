import { Accordion, AccordionItem } from '../../ui/accordion';
import { CalendarDays, HardHat, House, Mail, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useSupportEmail } from '../../lib/public-config';
import { FaqAnswer as Answer } from '../help/faq-answer';
import { FAQ_GROUPS } from '../help/faq-content';
import { CONTRACTOR_PRICING, GUARANTEE, HOMEOWNER_PRICING, PHASES } from './business-model';
import { consultationHref, mailtoHref } from './frame/mailto';
import styles from './faq-page.module.css';
import publicStyles from './public.module.css';

// docs/product/help.md's business model, visible without opening anything.
const faqItemClasses = {
  item: styles.item,
  header: styles.header,
  trigger: styles.trigger,
  chevron: styles.chevron,
  content: styles.content,
};

const GLANCE: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: House, title: 'Homeowners', text: HOMEOWNER_PRICING },
  { icon: ShieldCheck, title: '100% happiness guarantee', text: GUARANTEE },
  { icon: HardHat, title: 'Contractors', text: CONTRACTOR_PRICING },
];

/** /faq/: the static FAQ, including the docs/product/help.md business model. */
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
              {FAQ_GROUPS.map((group) => (
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

        {FAQ_GROUPS.map((group) => (
          <section
            key={group.id}
            id={group.id}
            className={styles.group}
            aria-labelledby={`${group.id}-title`}
          >
            <h2 id={`${group.id}-title`} className={styles.groupTitle}>
              {group.title}
            </h2>
            <Accordion type="multiple" className={styles.accordion}>
              {group.questions.map((q) => (
                <AccordionItem
                  key={q.id}
                  value={q.id}
                  title={<span>{q.question}</span>}
                  classNames={faqItemClasses}
                >
                  <div className={styles.answer}>
                    <Answer parts={q.answer} />
                  </div>
                </AccordionItem>
              ))}
            </Accordion>
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
