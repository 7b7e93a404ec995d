import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ManualProductData } from '../../../shared/schemas/products';
import type { FileRef } from '../../../shared/schemas/proposal';
import { ApiRequestError } from '../../lib/api';
import { Spinner } from '../../ui/spinner';
import { LocalImageField } from './local-image-field';
import { SingleImageField } from '../uploads/single-image-field';
import {
  SavedFilesContext,
  UploadActivityContext,
  useUploadActivityCounter,
} from '../uploads/upload-activity';
import {
  checkProductForm,
  PHOTO_UPLOADING,
  type CurrencyChoice,
  type ProductField,
  type ProductFormValues,
  type ProductProblem,
} from './product-form-model';
import { ProductTextField } from './product-text-field';
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
const CURRENCY_OPTIONS: readonly { value: CurrencyChoice; label: string }[] = [
  { value: 'USD', label: 'USD ($)' },
  { value: 'GBP', label: 'GBP (£)' },
  { value: 'EUR', label: 'EUR (€)' },
  { value: '', label: 'Unknown' },
];

/** The fields of the add-product and edit-product modals (docs/product/selections.md), checked on submit as docs/product/selections.md says. */
export function ProductForm(props: ProductFormProps) {
  const { initialValues, submitLabel, pending, localOnly = false, onSubmit, onCancel } = props;
  const [values, setValues] = useState(initialValues);
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
  // After the first submit the problems follow the values: each one goes once its field is valid.
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { inFlight, activity } = useUploadActivityCounter();
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
    photoHint: `${id}-photo-hint`,
    price: `${id}-price`,
    currency: `${id}-currency`,
  };
  const alertId = (field: ProductField) => `${id}-${field}-alert`;
  // Removing the photo only drops it from the form: an edited product's current image must
  // survive Cancel, and the server does not delete product images on request.
  const keptFiles = useMemo(() => new Set(values.image ? [values.image.id] : []), [values.image]);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
  };
  const onImage = (image: FileRef | null) => set('image', image);
  const onLocalImage = (image: FileRef | null) => {
    const old = values.image?.url;
    if (old && old !== image?.url && madeUrls.current.delete(old)) URL.revokeObjectURL(old);
    if (image) madeUrls.current.add(image.url);
    set('image', image);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setServerError(null);
    const check = checkProductForm(values, { uploading: inFlight > 0 });
    // A click while the photo is still uploading is not lost: the form submits once it lands.
    submitAfterUpload.current =
      !check.ok && check.problems.every((p) => p.message === PHOTO_UPLOADING);
    setAttempted(true);
    if (!check.ok) {
      const first = check.problems[0]?.field ?? 'productName';
      const target = first === 'image' ? 'photoURL' : first;
      // Each input is named after its field; the photo problem lands on the Photo URL box.
      const input = event.currentTarget.elements.namedItem(target);
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    const localImage = localOnly ? values.image?.url : undefined;
    submittedUrl.current = localImage ?? null;
    onSubmit(check.data, localImage).catch((err: unknown) => {
      submittedUrl.current = null;
      setServerError(
        err instanceof ApiRequestError || (localOnly && err instanceof Error)
          ? err.message || SAVE_FAILED
          : SAVE_FAILED,
      );
    });
  };

  const check = attempted ? checkProductForm(values, { uploading: inFlight > 0 }) : null;
  const problems: ProductProblem[] = check && !check.ok ? check.problems : [];
  const problemOf = (field: ProductField) => problems.find((p) => p.field === field);
  const alertFor = (field: ProductField): ReactNode => {
    const problem = problemOf(field);
    return problem ? (
      <p id={alertId(field)} role="alert" className={styles.alert}>
        {problem.message}
      </p>
    ) : null;
  };
  const photoProblem = problemOf('image') ?? problemOf('photoURL');
  const invalid = (field: ProductField) =>
    problemOf(field) ? { 'aria-invalid': true as const, 'aria-describedby': alertId(field) } : {};

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.fields} disabled={pending}>
        <ProductTextField
          id={ids.productName}
          name="productName"
          label="Product name"
          maxLength={300}
          value={values.productName}
          onChange={(v) => set('productName', v)}
          invalid={invalid('productName')}
          alert={alertFor('productName')}
        />
        <ProductTextField
          id={ids.productURL}
          name="productURL"
          label="Product URL"
          kind="url"
          maxLength={2000}
          placeholder="https://"
          value={values.productURL}
          onChange={(v) => set('productURL', v)}
          invalid={invalid('productURL')}
          alert={alertFor('productURL')}
        />

        <div className={styles.field}>
          {localOnly ? (
            <LocalImageField
              label="Photo"
              value={values.image}
              onChange={onLocalImage}
              hint={values.image ? undefined : 'Choose an image, or give a photo URL below.'}
            />
          ) : (
            <UploadActivityContext.Provider value={activity}>
              <SavedFilesContext.Provider value={keptFiles}>
                <SingleImageField
                  label="Photo"
                  field="productImage"
                  value={values.image}
                  onChange={onImage}
                  hint={values.image ? undefined : 'Upload an image, or give a photo URL below.'}
                />
              </SavedFilesContext.Provider>
            </UploadActivityContext.Provider>
          )}
          {values.image === null && (
            <>
              <label htmlFor={ids.photoURL} className={styles.label}>
                Photo URL
              </label>
              <input
                id={ids.photoURL}
                name="photoURL"
                type="url"
                inputMode="url"
                className={styles.input}
                maxLength={2000}
                autoComplete="off"
                placeholder="https://"
                value={values.photoURL}
                onChange={(e) => set('photoURL', e.target.value)}
                aria-invalid={photoProblem ? true : undefined}
                aria-describedby={
                  [photoProblem ? alertId(photoProblem.field) : '', localOnly ? ids.photoHint : '']
                    .filter(Boolean)
                    .join(' ') || undefined
                }
              />
              {/* This site loads images from itself only; a web photo is copied here on save. */}
              {localOnly && (
                <p id={ids.photoHint} className={styles.hint}>
                  {PHOTO_URL_LATER}
                </p>
              )}
            </>
          )}
          {alertFor('image')}
          {alertFor('photoURL')}
        </div>

        <div className={styles.row}>
          <ProductTextField
            id={ids.price}
            name="price"
            label="Price"
            kind="decimal"
            maxLength={20}
            placeholder="1,299.99"
            value={values.price}
            onChange={(v) => set('price', v)}
            invalid={invalid('price')}
            alert={alertFor('price')}
            className={styles.grow}
          />
          <div className={styles.field}>
            <label htmlFor={ids.currency} className={styles.label}>
              Currency
            </label>
            <select
              id={ids.currency}
              name="currency"
              className={styles.input}
              value={values.currency}
              onChange={(e) => set('currency', e.target.value as CurrencyChoice)}
              {...invalid('currency')}
            >
              {CURRENCY_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            {alertFor('currency')}
          </div>
        </div>
      </fieldset>

      {serverError && (
        <p role="alert" className={styles.alert}>
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
        <button
          type="submit"
          className="btn btn-primary"
          aria-disabled={pending || undefined}
          aria-busy={pending || undefined}
        >
          {pending && <Spinner />}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
