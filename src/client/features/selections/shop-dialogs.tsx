import { useRef } from 'react';
import type { ManualProductData, Product } from '../../../shared/schemas/products';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { NoticeDialog } from '../../ui/notice-dialog';
import dialogStyles from '../plan-editor/confirm-dialog.module.css';
import { EditProductDialog, ManualProductDialog } from './product-dialogs';
import type { ShopDialogState } from './use-shop-dialogs';

interface ShopDialogsProps {
  dialogs: ShopDialogState;
  addManual: (itemId: string, data: ManualProductData) => Promise<void>;
  editProduct: (product: Product, data: ManualProductData) => Promise<void>;
  remove: (itemId: string, optionId: string) => Promise<void>;
}

/** The page's modals: manual add, edit, the removal question and acknowledged notices. */
export function ShopDialogs({ dialogs, addManual, editProduct, remove }: ShopDialogsProps) {
  const { manual, edit, notice } = dialogs;
  const target = dialogs.remove;
  // What follows an acknowledged notice runs once it has closed, so two dialogs never fight over focus.
  const afterNotice = useRef<(() => void) | null>(null);

  const runRemove = async () => {
    if (!target) return;
    dialogs.setRemove({ ...target, pending: true, error: null });
    try {
      await remove(target.itemId, target.option.id);
      dialogs.setRemove(null);
    } catch (err) {
      const error = err instanceof Error ? err.message : 'The option could not be removed.';
      dialogs.setRemove({ ...target, pending: false, error });
    }
  };

  return (
    <>
      <ManualProductDialog
        key={manual?.key ?? 0}
        open={manual !== null}
        initialUrl={manual?.url ?? ''}
        description={manual?.description}
        onOpenChange={(open) => {
          if (!open) dialogs.closeManual();
        }}
        onSubmit={async (data) => {
          if (manual) await addManual(manual.itemId, data);
        }}
      />
      <EditProductDialog
        product={edit}
        onOpenChange={(open) => {
          if (!open) dialogs.closeEdit();
        }}
        onSubmit={async (data) => {
          if (edit) await editProduct(edit, data);
        }}
      />
      {target && (
        <ConfirmDialog
          title="Are you sure you want to remove this option?"
          description={target.option.product.title}
          confirmLabel="Remove"
          pending={target.pending}
          error={target.error}
          onConfirm={() => void runRemove()}
          onOpenChange={(open) => {
            if (!open) dialogs.setRemove(null);
          }}
          styles={dialogStyles}
        />
      )}
      <NoticeDialog
        title={notice?.message ?? null}
        onClose={() => {
          afterNotice.current = notice?.then ?? null;
          dialogs.closeNotice();
        }}
        onCloseAutoFocus={(event) => {
          const next = afterNotice.current;
          afterNotice.current = null;
          if (!next) return;
          event.preventDefault();
          next();
        }}
        styles={dialogStyles}
      />
    </>
  );
}
