import { Link, useParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import styles from './signed-page.module.css';

/** /proposal/signed/{id}/ (docs/product/signing.md): after signing. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <div className={styles.wrap}>
      <title>{`Signed · ${PRODUCT_NAME}`}</title>
      <section className={styles.card} aria-labelledby="signed-title">
        <span className={styles.badge}>
          <CheckCircle2 size={30} aria-hidden="true" />
        </span>
        <h1 id="signed-title" className={styles.title}>
          {"You're all set."}
        </h1>
        <p className={styles.text}>
          Your signature has been added to the proposal and recorded in its signing log.
        </p>
        <Link to={paths.dashboard()} className="btn btn-primary btn-lg">
          Visit Dashboard
        </Link>
        <p className={styles.more}>
          <Link to={paths.proposalLog(id)}>See the signing log</Link>
        </p>
      </section>
    </div>
  );
}
