import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import type { ManualProductData, Product } from '../../../shared/schemas/products';
import { ProductForm } from './product-form';
import { emptyProductForm, valuesFromProduct, type ProductFormValues } from './product-form-model';
import styles from './product-form.module.css';

interface ProductDialogProps {
  open: boolean;
  title: string;
  description: string;
  submitLabel: string;
  /** Taken when the form mounts; it is mounted only while open, so closing resets it (§2). */
  initialValues: ProductFormValues;
  /** A new key starts the form afresh (another product while open). */
  formKey?: string;
  onOpenChange: (open: boolean) => void;
  onSubmit: (data: ManualProductData) => Promise<void>;
}

/**
 * The product modal (Radix Dialog: focus trapped, Escape closes, focus returns). While the call
 * runs it cannot be dismissed; it closes only when the call succeeds (§4 "stays open on failure").
 */
function ProductDialog(props: ProductDialogProps) {
  const { open, title, description, submitLabel, initialValues, formKey, onOpenChange, onSubmit } =
    props;
  const [pending, setPending] = useState(false);

  const submit = async (data: ManualProductData) => {
    setPending(true);
    try {
      await onSubmit(data);
    } finally {
      setPending(false);
    }
    onOpenChange(false);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          <ProductForm
            key={formKey}
            initialValues={initialValues}
            submitLabel={submitLabel}
            pending={pending}
            onSubmit={submit}
            onCancel={() => onOpenChange(false)}
          />
          <Dialog.Close
            className={styles.closeIcon}
            aria-label="Close"
            aria-disabled={pending || undefined}
          >
            <X size={20} aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface ManualProductDialogProps {
  open: boolean;
  /** The link whose lookup failed (§4), so the user does not type it again. */
  initialUrl?: string;
  /** Replaces the default text, e.g. when no lookup was tried (a logged-out visitor). */
  description?: string;
  onOpenChange: (open: boolean) => void;
  onSubmit: (data: ManualProductData) => Promise<void>;
}

/** §2 addManualProduct: a product entered by hand. */
export function ManualProductDialog({
  open,
  initialUrl,
  description,
  onOpenChange,
  onSubmit,
}: ManualProductDialogProps) {
  return (
    <ProductDialog
      open={open}
      title="Add a product"
      description={
        description ??
        (initialUrl
          ? 'We could not read the product from that page. Please enter its details.'
          : 'Enter the details of a product you found.')
      }
      submitLabel="Add product"
      initialValues={emptyProductForm(initialUrl)}
      onOpenChange={onOpenChange}
      onSubmit={onSubmit}
    />
  );
}

export interface EditProductDialogProps {
  /** The product being edited; the dialog is open while it is set. */
  product: Product | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (data: ManualProductData) => Promise<void>;
}

/** §2 addProduct: edits a product the user entered by hand. */
export function EditProductDialog({ product, onOpenChange, onSubmit }: EditProductDialogProps) {
  return (
    <ProductDialog
      formKey={product?._id}
      open={product !== null}
      title="Edit product"
      description="Change the details of this product."
      submitLabel="Save changes"
      initialValues={product ? valuesFromProduct(product) : emptyProductForm()}
      onOpenChange={onOpenChange}
      onSubmit={onSubmit}
    />
  );
}
