import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { ManualProductData } from '../../../shared/schemas/products';
import type { FileRef } from '../../../shared/schemas/proposal';
import { ApiRequestError } from '../../lib/api';
import { FormField } from '../../ui/form-field';
import fieldStyles from '../../ui/form-field.module.css';
import { BusyButton } from '../../ui/busy-button';
import { Spinner } from '../../ui/spinner';
import { LocalImageField } from './local-image-field';
import { SingleImageField } from '../uploads/single-image-field';
import {
  SavedFilesContext,
  UploadActivityContext,
  useUploadActivityCounter,
} from '../uploads/upload-activity';
import {
  PHOTO_UPLOADING,
  productFormSchema,
  type ProductField,
  type ProductFormValues,
} from './product-form-model';
import styles from './product-form.module.css';

interface ProductFormProps {
  initialValues: ProductFormValues;
  submitLabel: string;
  /** The dialog's call is running: the submit button spins and nothing can be changed. */
  pending: boolean;
  /**
   * Nothing is saved (a logged-out visitor or one not on the team): the photo is kept in the
   * browser as an object URL, never uploaded, and handed to `onSubmit` as `localImage`.
   */
  localOnly?: boolean;
  /** Rejects with the server's reason; the form stays as it was and shows it. */
  onSubmit: (data: ManualProductData, localImage?: string) => Promise<void>;
  onCancel: () => void;
}

export const PHOTO_URL_LATER = 'Photos from other sites show once the product is saved.';

const SAVE_FAILED = 'The product could not be saved. Please try again.';
const CURRENCY_OPTIONS: readonly { value: ProductFormValues['currency']; label: string }[] = [
  { value: 'USD', label: 'USD ($)' },
  { value: 'GBP', label: 'GBP (£)' },
  { value: 'EUR', label: 'EUR (€)' },
  { value: '', label: 'Unknown' },
];

// The product's page and its photo: web addresses alike, both bounded at 2000 by the schema.
const URL_INPUT = {
  type: 'url',
  inputMode: 'url',
  className: fieldStyles.input,
  maxLength: 2000,
  autoComplete: 'off',
  placeholder: 'https://',
} as const;

// The order the fields appear in: the first one with a problem gets the keyboard.
const FIELD_ORDER: readonly ProductField[] = [
  'productName',
  'productURL',
  'image',
  'photoURL',
  'price',
  'currency',
];

/**
 * The fields of the add-product and edit-product modals (docs/product/selections.md), checked on submit as that page says:
 * react-hook-form with the zod resolver over checkProductForm, every problem shown at once.
 */
export function ProductForm(props: ProductFormProps) {
  const { initialValues, submitLabel, pending, localOnly = false, onSubmit, onCancel } = props;
  // Object URLs this form made for chosen photos: let go when replaced, removed or abandoned;
  // the one submitted belongs to the page from then on.
  const madeUrls = useRef(new Set<string>());
  const submittedUrl = useRef<string | null>(null);
  useEffect(() => {
    const made = madeUrls.current;
    return () => {
      for (const url of made) if (url !== submittedUrl.current) URL.revokeObjectURL(url);
    };
  }, []);
  const [serverError, setServerError] = useState<string | null>(null);
  const { inFlight, activity } = useUploadActivityCounter();
  const form = useForm<ProductFormValues, unknown, ManualProductData>({
    // Made at each render: useForm takes the newest, so a check knows whether a photo is on its way.
    resolver: zodResolver(productFormSchema(() => inFlight > 0)),
    defaultValues: initialValues,
    // The first problem in the order of the fields gets the focus (see focusFirstProblem).
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  // After the first submit the problems follow the values: each one goes once its field is valid.
  const attempted = useRef(false);
  const { trigger, control } = form;
  const values = useWatch({ control });
  useEffect(() => {
    if (attempted.current) void trigger();
  }, [values, inFlight, trigger]);
  const formRef = useRef<HTMLFormElement>(null);
  const submitAfterUpload = useRef(false);
  useEffect(() => {
    if (submitAfterUpload.current && inFlight === 0) {
      submitAfterUpload.current = false;
      formRef.current?.requestSubmit();
    }
  }, [inFlight]);
  const id = useId();
  const ids = {
    productName: `${id}-name`,
    productURL: `${id}-url`,
    photoURL: `${id}-photo`,
    price: `${id}-price`,
    currency: `${id}-currency`,
  };
  const image = form.getValues('image');
  // Removing the photo only drops it from the form: an edited product's current image must
  // survive Cancel, and the server does not delete product images on request.
  const keptFiles = useMemo(() => new Set(image ? [image.id] : []), [image]);

  const onImage = (next: FileRef | null) => form.setValue('image', next);
  const onLocalImage = (next: FileRef | null) => {
    const old = image?.url;
    if (old && old !== next?.url && madeUrls.current.delete(old)) URL.revokeObjectURL(old);
    if (next) madeUrls.current.add(next.url);
    form.setValue('image', next);
  };

  const focusFirstProblem = (problems: FieldErrors<ProductFormValues>) => {
    const first = FIELD_ORDER.find((field) => problems[field]) ?? 'productName';
    const target = first === 'image' ? 'photoURL' : first;
    // Each input is named after its field; the photo problem lands on the Photo URL box.
    const input = formRef.current?.elements.namedItem(target);
    if (input instanceof HTMLElement) input.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setServerError(null);
    attempted.current = true;
    const handle = form.handleSubmit(
      (data) => {
        submitAfterUpload.current = false;
        const localImage = localOnly ? form.getValues('image')?.url : undefined;
        submittedUrl.current = localImage ?? null;
        return onSubmit(data, localImage).catch((err: unknown) => {
          submittedUrl.current = null;
          setServerError(
            err instanceof ApiRequestError || (localOnly && err instanceof Error)
              ? err.message || SAVE_FAILED
              : SAVE_FAILED,
          );
        });
      },
      (problems) => {
        // A click while the photo is still uploading is not lost: the form submits once it lands.
        submitAfterUpload.current = Object.values(problems).every(
          (problem) => problem?.message === PHOTO_UPLOADING,
        );
        focusFirstProblem(problems);
      },
    );
    void handle(event);
  };

  const photoProblem = errors.image?.message ?? errors.photoURL?.message;

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.fields} disabled={pending}>
        <FormField
          id={ids.productName}
          label="Product name"
          error={errors.productName?.message}
          errorRole="alert"
        >
          {(control) => (
            <input
              {...control}
              {...form.register('productName')}
              type="text"
              className={fieldStyles.input}
              maxLength={300}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          id={ids.productURL}
          label="Product URL"
          error={errors.productURL?.message}
          errorRole="alert"
        >
          {(control) => <input {...control} {...form.register('productURL')} {...URL_INPUT} />}
        </FormField>

        <div className={styles.photo}>
          {localOnly ? (
            <LocalImageField
              label="Photo"
              value={image}
              onChange={onLocalImage}
              hint={image ? undefined : 'Choose an image, or give a photo URL below.'}
            />
          ) : (
            <UploadActivityContext.Provider value={activity}>
              <SavedFilesContext.Provider value={keptFiles}>
                <SingleImageField
                  label="Photo"
                  field="productImage"
                  value={image}
                  onChange={onImage}
                  hint={image ? undefined : 'Upload an image, or give a photo URL below.'}
                />
              </SavedFilesContext.Provider>
            </UploadActivityContext.Provider>
          )}
          {image === null && (
            <FormField
              id={ids.photoURL}
              label="Photo URL"
              // This site loads images from itself only; a web photo is copied here on save.
              hint={localOnly ? PHOTO_URL_LATER : undefined}
              error={photoProblem}
              errorRole="alert"
            >
              {(control) => <input {...control} {...form.register('photoURL')} {...URL_INPUT} />}
            </FormField>
          )}
        </div>

        <div className={styles.row}>
          <FormField
            id={ids.price}
            label="Price"
            error={errors.price?.message}
            errorRole="alert"
            className={styles.grow}
          >
            {(control) => (
              <input
                {...control}
                {...form.register('price')}
                type="text"
                inputMode="decimal"
                className={fieldStyles.input}
                maxLength={20}
                autoComplete="off"
                placeholder="1,299.99"
              />
            )}
          </FormField>
          <FormField
            id={ids.currency}
            label="Currency"
            error={errors.currency?.message}
            errorRole="alert"
            className={styles.currency}
          >
            {(control) => (
              <select {...control} {...form.register('currency')} className={fieldStyles.input}>
                {CURRENCY_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      </fieldset>

      {serverError && (
        <p role="alert" className={`${fieldStyles.alert} ${styles.serverError}`}>
          {serverError}
        </p>
      )}

      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-secondary"
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) onCancel();
          }}
        >
          Cancel
        </button>
        <BusyButton type="submit" className="btn btn-primary" busy={pending}>
          {pending && <Spinner />}
          {submitLabel}
        </BusyButton>
      </div>
    </form>
  );
}
