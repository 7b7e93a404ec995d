import { Paragraphs, Section } from './section';
import styles from './summary.module.css';

/** Contract (docs/product/viewer.md): the agreement text, one paragraph per line. */
export function ContractSection({ contract }: { contract: string }) {
  return (
    <Section id="contract" title="Contract">
      <Paragraphs text={contract} className={styles.contract} />
    </Section>
  );
}
