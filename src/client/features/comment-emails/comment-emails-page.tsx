import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BellOff, BellRing, LoaderCircle, MailX, TriangleAlert } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { PRODUCT_NAME } from '../../../shared/constants';
import { ApiRequestError, UNREACHABLE } from '../../lib/api';
import { BusyButton } from '../../ui/busy-button';
import { ListFailure } from '../../ui/list-states';
import { PageSpinner } from '../../ui/page-spinner';
import styles from '../auth/auth.module.css';
import own from './comment-emails.module.css';
import { useCommentEmailsByLink, useSetCommentEmailsByLink } from './api';

export const COMMENT_EMAILS_SAVE_FAILED = 'We could not change this. Please try again.';

/** 'comments on Ng Kitchen Remodel', or on 'this proposal' when it has no name. */
const onWhat = (projectName: string) => projectName.trim() || 'this proposal';

/**
 * /comment-emails/{token}/: the page of the link in each comment e-mail (decision 0097). Opening
 * it changes nothing (a mail scanner opens links too): it says what it will do and a button does
 * it; then it says so and offers to turn them back on. No sign-in: the link names the person.
 */
export function Component() {
  const { token = '' } = useParams();
  const setting = useCommentEmailsByLink(token);
  const change = useSetCommentEmailsByLink(token);
  const heading = useRef<HTMLHeadingElement>(null);
  // Set once the reader changed something here: the screen changed in place, its title is next.
  const [changed, setChanged] = useState(0);
  // Each failure a new alert, announced again.
  const [failures, setFailures] = useState(0);

  useEffect(() => {
    if (changed > 0 || failures > 0) heading.current?.focus();
  }, [changed, failures]);

  if (setting.isPending) return <PageSpinner />;
  if (setting.isError) {
    const error = setting.error;
    if (error instanceof ApiRequestError && error.status === 404) {
      return (
        <div className={styles.shell}>
          <title>{`Comment e-mails · ${PRODUCT_NAME}`}</title>
          <section className={styles.card} aria-labelledby="comment-emails-title">
            <span className={styles.badge}>
              <MailX size={22} aria-hidden="true" />
            </span>
            <h1 id="comment-emails-title" className={styles.title}>
              This link changes nothing
            </h1>
            <div className={styles.body}>
              <p>{error.message}</p>
            </div>
            <div className={styles.actions}>
              <Link className={styles.secondaryButton} to={paths.dashboard()}>
                Go to your proposals
              </Link>
            </div>
          </section>
        </div>
      );
    }
    return (
      <>
        <title>{`Not connected · ${PRODUCT_NAME}`}</title>
        <h1 className="visually-hidden">Not connected</h1>
        <ListFailure
          message={UNREACHABLE}
          retrying={setting.isFetching}
          onRetry={setting.refetch}
        />
      </>
    );
  }

  const { projectName, receiving } = setting.data;
  const what = onWhat(projectName);
  const save = (next: boolean) =>
    change.mutate(next, {
      onSuccess: () => setChanged((count) => count + 1),
      onError: () => setFailures((count) => count + 1),
    });
  const title = receiving ? `Stop e-mails about comments on ${what}?` : 'Comment e-mails stopped';

  return (
    <div className={styles.shell}>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <section className={styles.card} aria-labelledby="comment-emails-title">
        <span className={styles.badge}>
          {receiving ? (
            <BellRing size={22} aria-hidden="true" />
          ) : (
            <BellOff size={22} aria-hidden="true" />
          )}
        </span>
        <h1 id="comment-emails-title" ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        <div className={styles.body}>
          {receiving ? (
            <>
              {changed > 0 && <p>They are on again.</p>}
              <p>
                We e-mail you when others comment on <strong className={own.project}>{what}</strong>
                , at most once every 10 minutes. Stop them, and you still read and answer comments
                on the proposal&apos;s page; nothing else changes.
              </p>
            </>
          ) : (
            <p>
              You get no more e-mails about comments on{' '}
              <strong className={own.project}>{what}</strong>. The comments are still on the
              proposal&apos;s page. Changed your mind? Turn them back on here.
            </p>
          )}
        </div>
        {failures > 0 && (
          <div key={failures} role="alert" className={styles.alert}>
            <TriangleAlert size={18} aria-hidden="true" />
            <p>{COMMENT_EMAILS_SAVE_FAILED}</p>
          </div>
        )}
        <div className={styles.actions}>
          <BusyButton
            className={receiving ? styles.button : styles.secondaryButton}
            busy={change.isPending}
            onClick={() => save(!receiving)}
          >
            {change.isPending && (
              <LoaderCircle className={styles.spinner} size={18} aria-hidden="true" />
            )}
            {receiving ? 'Stop these e-mails' : 'Turn them back on'}
          </BusyButton>
        </div>
      </section>
    </div>
  );
}
