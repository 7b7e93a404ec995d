import type { ActivityEvent } from '../../../shared/schemas/proposal';
import { activityText, formatEventDate } from './activity-model';
import styles from './activity-list.module.css';
import { LocalTime } from '../../ui/local-time';

/** The owner's events of the proposal (sent, opened, signed …), oldest first (decision 0009). */
export function ActivityList({ events }: { events: readonly ActivityEvent[] }) {
  if (events.length === 0) return null;
  return (
    <section className={styles.activity} aria-labelledby="activity-title">
      <h2 id="activity-title" className={styles.title}>
        Activity
      </h2>
      <ol className={styles.list}>
        {events.map((e, i) => (
          <li key={`${e.kind}-${e.at}-${i}`} className={styles.item}>
            <span>{activityText(e)}</span>{' '}
            <LocalTime ms={e.at} format={formatEventDate} className={styles.date} />
          </li>
        ))}
      </ol>
    </section>
  );
}
