import {
  BadgePercent,
  Blocks,
  Calculator,
  FileSignature,
  Layers,
  Send,
  ShoppingBag,
} from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSupportEmail } from '../../lib/public-config';
import { CONTRACTOR_PRICING } from './business-model';
import { consultationHref } from './frame/mailto';
import { type Feature, FeatureCards } from './feature-cards';
import { ContractorIllustration } from './illustrations';
import { StartButton } from './start-button';
import styles from './public.module.css';
import pros from './pros-page.module.css';

const FEATURES: Feature[] = [
  {
    icon: Blocks,
    title: 'Preset cost groups',
    text: 'Start from 23 preset cost groups, from Planning and Permits to Landscaping. Each suggests the items that usually belong in it, with their cost types.',
  },
  {
    icon: Layers,
    title: 'Kitchen, bathroom and powder room modules',
    text: 'Add a module and its usual items are filled in for you. Kitchen and bathroom modules also mark the fixtures as selections for your client to choose.',
  },
  {
    icon: Calculator,
    title: 'Costs typed the way you figure them',
    text: 'Type 1200 + 2 * 350 into a cost and Plansmith works it out, rounded to the cent. Subtotals by labor, materials and allowance add up as you go.',
  },
  {
    icon: Send,
    title: 'Send with a personal note',
    text: 'E-mail the proposal to your client with a message of your own. If you change it after sending, resend it in one step.',
  },
  {
    icon: FileSignature,
    title: 'E-signature with a tamper-evident log',
    text: 'Your client signs on screen and you countersign. Each signature is logged with name, e-mail, IP address and time, together with a fingerprint of the proposal exactly as it was signed.',
  },
  {
    icon: ShoppingBag,
    title: 'Selections, settled together',
    text: 'Your client collects product options for each selection, marks favorites and chooses one. You see every choice and comment next to the budget.',
  },
];

// The sections of a proposal (docs/product/README.md), in the order the client reads them.
const SECTIONS: { name: string; text: string }[] = [
  { name: 'Cover', text: 'Your logo and company name, the project name and address.' },
  { name: 'Welcome', text: 'A note from you, prefilled with a friendly default you can rewrite.' },
  {
    name: 'Big Picture',
    text: 'The goal of the project, the team, and photos and documents of the current condition.',
  },
  { name: 'Plan', text: 'Cost groups and their items, with subtotals by cost type and a total.' },
  { name: 'Shopping List', text: 'The selections your client chooses products for.' },
  {
    name: 'Contract',
    text: 'A default agreement of 13 clauses, from permits and change orders to a 24-month warranty, that you can edit.',
  },
  { name: 'Signatures', text: 'Your client’s signature and yours, with the date of each.' },
];

/** /pros/, the landing page for contractors (docs/product/landing.md). */
export function Component() {
  const supportEmail = useSupportEmail();
  return (
    <>
      <title>Plansmith for Contractors · Proposals your clients can read, shop and sign</title>

      <section className={styles.hero} aria-labelledby="pros-title">
        <div className={`container ${styles.heroInner}`}>
          <div>
            <p className={styles.eyebrow}>For Contractors</p>
            <h1 id="pros-title" className={styles.heroTitle}>
              Proposals your clients can read, shop and sign.
            </h1>
            <p className={styles.heroLead}>
              Build an itemized proposal in minutes from preset cost groups, send it with a personal
              note, and get it signed online, with every product selection settled before you order.
            </p>
            <div className={styles.heroActions}>
              <StartButton forContractors />
              {supportEmail ? (
                <a href={consultationHref(supportEmail)} className="btn btn-secondary btn-lg">
                  Schedule a consultation
                </a>
              ) : (
                <Link to={paths.faq()} className="btn btn-secondary btn-lg">
                  Read the FAQ
                </Link>
              )}
            </div>
            <p className={styles.heroNote}>
              Log in with a link sent to your e-mail. There is no password to keep track of.
            </p>
          </div>
          <ContractorIllustration className={styles.heroArt} />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="features-title">
        <div className="container">
          <div className={styles.sectionIntro}>
            <p className={styles.eyebrow}>Built for the trade</p>
            <h2 id="features-title" className={styles.sectionTitle}>
              From estimate to signature in one place
            </h2>
            <p className={styles.sectionLead}>
              The parts of a proposal that eat your evenings are already laid out, so you spend your
              time on the numbers and the scope.
            </p>
          </div>
          <FeatureCards features={FEATURES} className={styles.cardsThree} />
        </div>
      </section>

      <section
        className={`${styles.section} ${styles.sectionAlt}`}
        aria-labelledby="sections-title"
      >
        <div className={`container ${pros.split}`}>
          <div>
            <p className={styles.eyebrow}>What your client receives</p>
            <h2 id="sections-title" className={styles.sectionTitle}>
              One proposal, seven clear sections
            </h2>
            <p className={styles.sectionLead}>
              Your client reads it on a phone or a laptop, shops for the selections and signs at the
              end. Show or hide any section per proposal.
            </p>
            <p className={pros.note}>
              The default contract is a starting point. Have it reviewed for your state and your
              business before you rely on it.
            </p>
          </div>
          <ol className={pros.sections}>
            {SECTIONS.map((section, index) => (
              <li key={section.name} className={pros.sectionItem}>
                <span className={pros.sectionNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className={pros.sectionName}>{section.name}</h3>
                  <p className={pros.sectionText}>{section.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="pricing-title">
        <div className="container">
          <div className={pros.pricing}>
            <span className={pros.pricingIcon}>
              <BadgePercent size={30} aria-hidden="true" />
            </span>
            <div>
              <h2 id="pricing-title" className={pros.pricingTitle}>
                Commission-based pricing
              </h2>
              <p className={pros.pricingText}>
                {CONTRACTOR_PRICING}
                {supportEmail ? (
                  <>
                    {' '}
                    <a href={consultationHref(supportEmail)}>Schedule a consultation</a> and we will
                    walk you through how it applies to your jobs.
                  </>
                ) : null}
              </p>
            </div>
          </div>
        </div>
      </section>

      <section className={styles.closing} aria-labelledby="pros-closing-title">
        <div className={`container ${styles.closingInner}`}>
          <h2 id="pros-closing-title" className={styles.closingTitle}>
            Send your next proposal with Plansmith
          </h2>
          <p className={styles.closingLead}>
            Set up your account with your name and company, then build your first proposal.
          </p>
          <StartButton tone="accent" forContractors />
          <p className={styles.closingLinks}>
            Have questions? <Link to={paths.faq()}>Read the FAQ</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
