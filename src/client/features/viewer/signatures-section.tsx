import { formatDate } from '../../../shared/domain/status';
import { Section } from './section';
import styles from './signatures.module.css';

export interface SignatureBlockFacts {
  /** The signature image's URL once signed. */
  image: string | null;
  /** When they signed (ms), null until then. */
  signedAt: number | null;
  name: string | null;
}

/**
 * Sign Below (docs/product/viewer.md): the Homeowner and Contractor blocks. A signed block shows the signature
 * image and the signing date; an unsigned one an empty line and the current date.
 */
export function SignaturesSection(props: {
  homeowner: SignatureBlockFacts;
  contractor: SignatureBlockFacts;
  now: number;
}) {
  return (
    <Section id="signatures" title="Sign Below">
      <div className={styles.blocks}>
        <Block title="Homeowner" facts={props.homeowner} now={props.now} />
        <Block title="Contractor" facts={props.contractor} now={props.now} />
      </div>
    </Section>
  );
}

function Block({ title, facts, now }: { title: string; facts: SignatureBlockFacts; now: number }) {
  const signed = facts.image !== null && facts.signedAt !== null;
  const date = signed && facts.signedAt !== null ? facts.signedAt : now;
  const name = facts.name?.trim();
  return (
    <section className={styles.block} aria-label={`${title} signature`}>
      <h3 className={styles.title}>{title}</h3>
      <div className={styles.line}>
        {signed && facts.image ? (
          <img
            src={facts.image}
            alt={`${title} signature${name ? ` of ${name}` : ''}`}
            className={styles.image}
          />
        ) : (
          <span className="visually-hidden">Not signed yet</span>
        )}
      </div>
      <dl className={styles.details}>
        {name && (
          <>
            <dt>Name</dt>
            <dd>{name}</dd>
          </>
        )}
        <dt>{signed ? 'Signed' : 'Date'}</dt>
        <dd>
          <time dateTime={new Date(date).toISOString()}>{formatDate(date)}</time>
        </dd>
      </dl>
    </section>
  );
}
