import type { LucideIcon } from 'lucide-react';
import styles from './public.module.css';

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** The cards of a public page's features section: For Homeowners and For Contractors alike. */
export function FeatureCards({ features, className }: { features: Feature[]; className?: string }) {
  return (
    <ul className={className ? `${styles.cards} ${className}` : styles.cards}>
      {features.map(({ icon: Icon, title, text }) => (
        <li key={title} className={styles.card}>
          <span className={styles.cardIcon}>
            <Icon size={22} aria-hidden="true" />
          </span>
          <h3 className={styles.cardTitle}>{title}</h3>
          <p className={styles.cardText}>{text}</p>
        </li>
      ))}
    </ul>
  );
}
