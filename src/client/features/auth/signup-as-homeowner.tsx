import { useEffect, useRef } from 'react';
import { House } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/constants';
import styles from './auth.module.css';

/**
 * A contractor's sign-up link opened after a proposal was sent to its address: the address is a
 * homeowner's account now, and the person is signed in to it, not to the contractor account they
 * asked for (decision 0079). Said once, before going on.
 */
export function SignupAsHomeowner({
  email,
  onContinue,
}: {
  email: string;
  onContinue: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The screen replaced the spinner without a navigation: the reader's place is its heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.shell}>
      <title>{`You are signed in as a homeowner · ${PRODUCT_NAME}`}</title>
      <section className={styles.card} aria-labelledby="signup-homeowner-title">
        <span className={styles.badge}>
          <House size={22} aria-hidden="true" />
        </span>
        <h1 id="signup-homeowner-title" ref={heading} tabIndex={-1} className={styles.title}>
          You are signed in as a homeowner
        </h1>
        <div className={styles.body}>
          <p>
            Since you signed up, a contractor sent a proposal to <strong>{email}</strong>, so this
            address now belongs to that proposal&apos;s homeowner. Your sign-up details were not
            used.
          </p>
          <p>To send proposals of your own, sign up again with another email address.</p>
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={onContinue}>
            Continue
          </button>
        </div>
      </section>
    </div>
  );
}
