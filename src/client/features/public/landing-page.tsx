import {
  ArrowRight,
  ClipboardList,
  LayoutList,
  MapPin,
  MessagesSquare,
  PenLine,
  Scissors,
  ShoppingBag,
} from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSupportEmail } from '../../lib/public-config';
import { DEPOSIT, PROPOSAL_COUNT } from './business-model';
import { consultationHref, mailtoHref } from './frame/mailto';
import { type Feature, FeatureCards } from './feature-cards';
import { HomeownerIllustration } from './illustrations';
import { StartButton } from './start-button';
import styles from './public.module.css';

const FEATURES: Feature[] = [
  {
    icon: ClipboardList,
    title: 'One clear proposal',
    text: 'Cover, welcome note, scope, plan, shopping list and contract in one document that reads as well on a phone as on a laptop.',
  },
  {
    icon: ShoppingBag,
    title: 'Shopping with the budget in view',
    text: 'Every fixture and finish that needs a decision is listed with the amount set aside for it, so you compare options before you commit.',
  },
  {
    icon: MessagesSquare,
    title: 'Your team in the conversation',
    text: 'Your designer or architect can join the proposal, weigh in on options and comment on each item.',
  },
  {
    icon: PenLine,
    title: 'Signed online',
    text: 'When everything looks right, sign on screen. Your contractor countersigns, and both signatures stay with the proposal.',
  },
];

// docs/product/landing.md: the landing page explains these three steps.
const STEPS: Feature[] = [
  {
    icon: MapPin,
    title: 'Set up your project',
    text: 'Enter the project address, give the project a name and bring in your team: your contractor, designer or architect.',
  },
  {
    icon: LayoutList,
    title: 'Choose spaces and item lists',
    text: 'Pick the spaces you are changing, such as a kitchen, a bathroom or a powder room, and start from a list of the items each one needs.',
  },
  {
    icon: Scissors,
    title: 'Add, compare and choose products',
    text: 'Clip product options from retailers’ websites or add them by hand. Compare them side by side, get feedback from your team, and choose.',
  },
];

/** '/', For Homeowners (docs/product/landing.md). */
export function Component() {
  const supportEmail = useSupportEmail();
  return (
    <>
      <title>Plansmith · Plan your remodel with everyone on the same page</title>

      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={`container ${styles.heroInner}`}>
          <div>
            <p className={styles.eyebrow}>For Homeowners</p>
            <h1 id="hero-title" className={styles.heroTitle}>
              Plan your remodel with everyone on the same page.
            </h1>
            <p className={styles.heroLead}>
              Plansmith keeps the scope, the budget and every product choice for your project in one
              place, shared with your contractor, your designer and the rest of your team.
            </p>
            <div className={styles.heroActions}>
              <StartButton />
              <a href="#how-it-works" className="btn btn-secondary btn-lg">
                See how it works
              </a>
            </div>
            <p className={styles.heroNote}>
              A {DEPOSIT} refundable deposit covers planning your project and up to {PROPOSAL_COUNT}{' '}
              contractor proposals, and it is credited toward your remodel.{' '}
              <Link to={paths.faq()}>Read the FAQ</Link>
            </p>
          </div>
          <HomeownerIllustration className={styles.heroArt} />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="what-title">
        <div className="container">
          <div className={styles.sectionIntro}>
            <p className={styles.eyebrow}>What is it</p>
            <h2 id="what-title" className={styles.sectionTitle}>
              What is Plansmith?
            </h2>
            <p className={styles.sectionLead}>
              Plansmith is a planning and proposal tool for home remodels. Your contractor writes
              the proposal in it: the scope of work, the plan broken into cost groups, the shopping
              list and the contract. You read it, pick the products that go into your home, comment
              and sign, without a pile of e-mail attachments.
            </p>
          </div>
          <FeatureCards features={FEATURES} />
        </div>
      </section>

      <section
        id="how-it-works"
        className={`${styles.section} ${styles.sectionAlt}`}
        aria-labelledby="how-title"
      >
        <div className="container">
          <div className={styles.sectionIntro}>
            <p className={styles.eyebrow}>Three steps</p>
            <h2 id="how-title" className={styles.sectionTitle}>
              How it works
            </h2>
            <p className={styles.sectionLead}>
              From the first idea to a plan your contractor can build from.
            </p>
          </div>
          <ol className={styles.steps}>
            {STEPS.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className={styles.step}>
                <div className={styles.stepHead} aria-hidden="true">
                  <span className={styles.stepNumber}>{index + 1}</span>
                  <Icon className={styles.stepIcon} size={26} />
                  <span className={styles.stepRule} />
                </div>
                <h3 className={styles.stepTitle}>{title}</h3>
                <p className={styles.stepText}>{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={styles.closing} aria-labelledby="closing-title">
        <div className={`container ${styles.closingInner}`}>
          <h2 id="closing-title" className={styles.closingTitle}>
            Ready to start planning?
          </h2>
          <p className={styles.closingLead}>
            There is no password to remember: we e-mail you a link each time you log in.
          </p>
          <StartButton tone="accent" />
          {supportEmail && (
            <p className={styles.closingLinks}>
              Prefer to talk first?{' '}
              <a href={consultationHref(supportEmail)}>Schedule a consultation</a> or e-mail us at{' '}
              <a href={mailtoHref(supportEmail)}>{supportEmail}</a>.
            </p>
          )}
          <p className={styles.closingLinks}>
            Are you a contractor?{' '}
            <Link to={paths.pros()} className={styles.arrowLink}>
              See Plansmith for contractors <ArrowRight size={16} aria-hidden="true" />
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
