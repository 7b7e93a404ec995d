import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useDeferredValue, useId, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSupportEmail } from '../../lib/public-config';
import { Accordion, AccordionItem } from '../../ui/accordion';
import fieldStyles from '../../ui/form-field.module.css';
import { ContactForm } from './contact-form';
import { helpDraft } from './help-draft';
import { FaqAnswer } from './faq-answer';
import { searchFaq } from './faq-content';
import styles from './help-panel.module.css';

/**
 * The help panel (decision 0011): a Radix Dialog (focus trapped, Escape closes) with the FAQ's
 * answers, searchable, and a form that writes to support. Loaded by the launcher when first
 * opened (decision 0033); focus goes back to the launcher when it closes.
 */
export function HelpDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  launcher: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.panel}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.launcher.current?.focus();
          }}
        >
          <HelpPanel onNavigate={() => props.onOpenChange(false)} />
          <Dialog.Close className={styles.closeIcon} aria-label="Close help">
            <X size={20} aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function HelpPanel({ onNavigate }: { onNavigate: () => void }) {
  const supportEmail = useSupportEmail();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = searchFaq(deferred);
  // A message begun before the panel last closed is open again where it was.
  const [writing, setWriting] = useState(() => (helpDraft.get()?.message.trim() ?? '') !== '');
  const searchId = useId();
  const resultsId = useId();

  return (
    <>
      <header className={styles.head}>
        <Dialog.Title className={styles.title}>How can we help?</Dialog.Title>
        <Dialog.Description className={styles.description}>
          Search our answers, or write to us.
        </Dialog.Description>
      </header>
      <div className={styles.body}>
        <label htmlFor={searchId} className={styles.searchLabel}>
          Search help
        </label>
        <input
          id={searchId}
          type="search"
          className={fieldStyles.input}
          placeholder="e.g. sign, invite, cost"
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-controls={resultsId}
        />
        <p className={styles.count} aria-live="polite">
          {results.length === 0
            ? `No answers match “${deferred.trim()}”.`
            : deferred.trim()
              ? `${results.length} ${results.length === 1 ? 'answer' : 'answers'}`
              : ''}
        </p>
        <Accordion id={resultsId} type="single" collapsible className={styles.results}>
          {results.map((q) => (
            <AccordionItem
              key={q.id}
              value={q.id}
              title={<span>{q.question}</span>}
              chevronSize={18}
              classNames={{
                item: styles.item,
                header: styles.itemHeader,
                trigger: styles.trigger,
                chevron: styles.chevron,
                content: styles.answer,
              }}
            >
              <FaqAnswer parts={q.answer} onNavigate={onNavigate} />
            </AccordionItem>
          ))}
        </Accordion>
        <p className={styles.more}>
          <Link to={paths.faq()} onClick={onNavigate}>
            All questions on the FAQ page
          </Link>
        </p>

        <section className={styles.contact} aria-labelledby={`${searchId}-contact`}>
          <h3 id={`${searchId}-contact`} className={styles.contactTitle}>
            Still need help?
          </h3>
          {writing ? (
            <ContactForm supportEmail={supportEmail} />
          ) : (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => setWriting(true)}
            >
              Write to us
            </button>
          )}
        </section>
      </div>
    </>
  );
}
