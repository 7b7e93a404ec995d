import { MapPin } from 'lucide-react';
import { PLACEHOLDERS } from '../../../shared/defaults/placeholders';
import type { Proposal } from '../../../shared/schemas/proposal';
import { Filled } from './section';
import { SECTION_ANCHORS } from './sections';
import viewer from './viewer.module.css';
import styles from './cover.module.css';

export const TITLE_ID = 'proposal-title';

/** The project's title: its name, else 'Proposal'. */
export const documentTitle = (p: Pick<Proposal, 'projectName'>) =>
  p.projectName.trim() || 'Proposal';

/** Cover (docs/product/viewer.md): logo when showLogo, company name, project name (the page's h1), address. */
export function CoverSection({
  proposal: p,
  placeholders,
}: {
  proposal: Proposal;
  placeholders: boolean;
}) {
  const logo = p.showLogo ? p.companyLogo : null;
  const company = p.companyName.trim();
  const address = p.projectAddress.trim();
  return (
    <header id={SECTION_ANCHORS.cover} className={`${viewer.section} ${styles.cover}`}>
      {logo && (
        <img
          src={logo.url}
          alt={company ? `${company} logo` : 'Company logo'}
          className={styles.logo}
        />
      )}
      {(company || placeholders) && (
        <p className={styles.company}>
          <Filled value={company} placeholder={PLACEHOLDERS.companyName} show={placeholders} />
        </p>
      )}
      <h1 id={TITLE_ID} className={styles.title}>
        {p.projectName.trim() || !placeholders ? (
          documentTitle(p)
        ) : (
          <Filled value="" placeholder={PLACEHOLDERS.projectName} show />
        )}
      </h1>
      {(address || placeholders) && (
        <p className={styles.address}>
          <MapPin size={18} aria-hidden="true" />
          <Filled value={address} placeholder={PLACEHOLDERS.projectAddress} show={placeholders} />
        </p>
      )}
      <p className={styles.kind}>Construction Proposal</p>
    </header>
  );
}
