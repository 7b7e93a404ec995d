import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isHttpUrl, productUrlAlert } from '../../../shared/domain/products';
import { FormField } from '../../ui/form-field';
import { useRememberUnsent, useUnsent } from './unsent-text';
import styles from './product-form.module.css';

const formSchema = z.object({
  url: z
    .string()
    .trim()
    .refine(isHttpUrl, { error: () => productUrlAlert() }),
});

interface AddByUrlProps {
  /**
   * Called with the trimmed link; the page fetches the product and shows a loading card. False:
   * the add failed, and the link comes back into the field (unless another was typed meanwhile).
   */
  onAdd: (url: string) => Promise<boolean>;
  disabled?: boolean;
  /** Where the shop page keeps a link not yet added while the item is closed. */
  unsentKey: string;
}

/** docs/product/selections.md URL paste field: 'Add' stays disabled while the field is empty (docs/product/selections.md). */
export function AddByUrl({ onAdd, disabled = false, unsentKey }: AddByUrlProps) {
  const unsent = useUnsent(unsentKey);
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { url: unsent.initial?.text ?? '' },
    // The keyboard is already in the only field.
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const url = useWatch({ control: form.control, name: 'url' });
  useRememberUnsent(unsent.remember, { text: url });
  const empty = url.trim() === '';
  const submit = form.handleSubmit(async (values) => {
    // Cleared at once, so the next link can be pasted while this one loads.
    form.reset({ url: '' });
    const added = await onAdd(values.url);
    if (!added && form.getValues('url') === '') form.setValue('url', values.url);
  });

  return (
    <form
      className={styles.urlForm}
      onSubmit={(event) => {
        if (empty || disabled) return event.preventDefault();
        // The keyboard goes back to the box, which is emptied for the next link: an 'Add'
        // pressed with it would be disabled under it by the empty box.
        const box = event.currentTarget.elements.namedItem('url');
        void submit(event);
        if (box instanceof HTMLInputElement) box.focus();
      }}
      noValidate
    >
      <FormField
        label="Paste a product link"
        error={form.formState.errors.url?.message}
        errorRole="alert"
      >
        {(control) => (
          <div className={styles.urlRow}>
            <input
              {...control}
              {...form.register('url', {
                // A problem goes as soon as the link is changed.
                onChange: () => form.clearErrors('url'),
              })}
              type="url"
              inputMode="url"
              autoComplete="off"
              maxLength={2000}
              placeholder="https://"
              className={styles.urlInput}
            />
            <button type="submit" className="btn btn-secondary" disabled={empty || disabled}>
              Add
            </button>
          </div>
        )}
      </FormField>
    </form>
  );
}
