import { useState } from 'react';
import type { ManualProductData, Product } from '../../../shared/schemas/products';
import { useProposalCurrency } from '../../ui/currency-context';
import { Dialog } from '../../ui/dialog';
import { ProductForm } from './product-form';
import { emptyProductForm, valuesFromProduct, type ProductFormValues } from './product-form-model';

interface ProductDialogProps {
  open: boolean;
  title: string;
  description: string;
  submitLabel: string;
  /** Taken when the form mounts; it is mounted only while open, so closing resets it (docs/product/selections.md). */
  initialValues: ProductFormValues;
  /** A new key starts the form afresh (another product while open). */
  formKey?: string;
  /** Nothing is saved: the photo stays in the browser (see ProductForm). */
  localOnly: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: ProductSubmit;
}

/** The form's payload and, when `localOnly`, the chosen photo's object URL. */
export type ProductSubmit = (data: ManualProductData, localImage?: string) => Promise<void>;

/**
 * The product modal (Radix Dialog: focus trapped, Escape closes, focus returns). While the call
 * runs it cannot be dismissed; it closes only when the call succeeds (docs/product/selections.md "stays open on failure").
 */
function ProductDialog(props: ProductDialogProps) {
  const { open, title, description, submitLabel, initialValues, formKey, localOnly } = props;
  const { onOpenChange, onSubmit } = props;
  const [pending, setPending] = useState(false);

  const submit: ProductSubmit = async (data, localImage) => {
    setPending(true);
    try {
      await onSubmit(data, localImage);
    } finally {
      setPending(false);
    }
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      busy={pending}
      size="wide"
      title={title}
      description={description}
    >
      <ProductForm
        key={formKey}
        initialValues={initialValues}
        submitLabel={submitLabel}
        pending={pending}
        localOnly={localOnly}
        onSubmit={submit}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

export interface ManualProductDialogProps {
  open: boolean;
  /** The link whose lookup failed (docs/product/selections.md), so the user does not type it again. */
  initialUrl?: string;
  /** The name that lookup read (the page's title, decision 0083), to start from. */
  initialName?: string;
  /** Replaces the default text, e.g. when no lookup was tried (a logged-out visitor). */
  description?: string;
  /** Nothing is saved (a visitor): the photo is not uploaded. */
  localOnly?: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: ProductSubmit;
}

/** docs/product/selections.md addManualProduct: a product entered by hand. */
export function ManualProductDialog({
  open,
  initialUrl,
  initialName,
  description,
  localOnly = false,
  onOpenChange,
  onSubmit,
}: ManualProductDialogProps) {
  const currency = useProposalCurrency();
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
      initialValues={{
        ...emptyProductForm(initialUrl, currency ?? undefined),
        productName: initialName ?? '',
      }}
      localOnly={localOnly}
      onOpenChange={onOpenChange}
      onSubmit={onSubmit}
    />
  );
}

export interface FixProductDialogProps {
  /** The shared product of the option being fixed; the dialog is open while it is set. */
  product: Product | null;
  formKey?: string;
  onOpenChange: (open: boolean) => void;
  onSubmit: ProductSubmit;
}

export const FIX_DESCRIPTION =
  'Correct what the shop page did not give us. Your version replaces this option on this proposal only; the product stays as it is everywhere else.';

/** Decision 0011: a clipped option's details, corrected for this proposal as a product of its own. */
export function FixProductDialog({
  product,
  formKey,
  onOpenChange,
  onSubmit,
}: FixProductDialogProps) {
  return (
    <ProductDialog
      formKey={formKey}
      open={product !== null}
      title="Fix product details"
      description={FIX_DESCRIPTION}
      submitLabel="Save for this proposal"
      initialValues={product ? valuesFromProduct(product) : emptyProductForm()}
      localOnly={false}
      onOpenChange={onOpenChange}
      onSubmit={onSubmit}
    />
  );
}

export interface EditProductDialogProps {
  /** The product being edited; the dialog is open while it is set. */
  product: Product | null;
  /** A product kept in the page: its photo stays in the browser. */
  localOnly?: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: ProductSubmit;
}

/** docs/product/selections.md addProduct: edits a product the user entered by hand. */
export function EditProductDialog({
  product,
  localOnly = false,
  onOpenChange,
  onSubmit,
}: EditProductDialogProps) {
  return (
    <ProductDialog
      formKey={product?._id}
      open={product !== null}
      title="Edit product"
      description="Change the details of this product."
      submitLabel="Save changes"
      initialValues={product ? valuesFromProduct(product) : emptyProductForm()}
      localOnly={localOnly}
      onOpenChange={onOpenChange}
      onSubmit={onSubmit}
    />
  );
}
