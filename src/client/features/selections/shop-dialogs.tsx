import { useRef } from 'react';
import type { ManualProductData, Product } from '../../../shared/schemas/products';
import type { Option } from '../../../shared/schemas/selections';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { NoticeDialog } from '../../ui/notice-dialog';
import { EditProductDialog, FixProductDialog, ManualProductDialog } from './product-dialogs';
import { focusItemHeading, focusOptionPosition, optionAfter } from './shop-focus';
import { isLocalId } from './shop-model';
import type { ShopDialogState } from './use-shop-dialogs';

interface ShopDialogsProps {
  dialogs: ShopDialogState;
  /** Nothing is saved: the product forms keep their photo in the page instead of uploading it. */
  local: boolean;
  addManual: (itemId: string, data: ManualProductData, localImage?: string) => Promise<void>;
  editProduct: (product: Product, data: ManualProductData, localImage?: string) => Promise<void>;
  fixProduct: (itemId: string, option: Option, data: ManualProductData) => Promise<void>;
  remove: (itemId: string, optionId: string) => Promise<void>;
}

/** The page's modals: manual add, edit, the removal question and acknowledged notices. */
export function ShopDialogs(props: ShopDialogsProps) {
  const { dialogs, local, addManual, editProduct, fixProduct, remove } = props;
  const { manual, edit, fix, notice } = dialogs;
  const target = dialogs.remove;
  // What follows an acknowledged notice runs once it has closed, so two dialogs never fight over focus.
  const afterNotice = useRef<(() => void) | null>(null);
  // Where the keyboard goes after a removal: the button that opened the dialog is gone with it.
  const afterRemove = useRef<{ itemId: string; nextOptionId: string | null } | null>(null);

  const runRemove = async () => {
    if (!target) return;
    const nextOptionId = optionAfter(target.itemId, target.option.id);
    dialogs.setRemove({ ...target, pending: true, error: null });
    try {
      await remove(target.itemId, target.option.id);
      afterRemove.current = { itemId: target.itemId, nextOptionId };
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
        localOnly={local}
        initialUrl={manual?.url ?? ''}
        initialName={manual?.name}
        description={manual?.description}
        onOpenChange={(open) => {
          if (!open) dialogs.closeManual();
        }}
        onSubmit={async (data, localImage) => {
          if (manual) await addManual(manual.itemId, data, localImage);
        }}
      />
      <EditProductDialog
        product={edit}
        // Only a product made in this page lives here alone; any other is saved by the server.
        localOnly={edit !== null && isLocalId(edit._id)}
        onOpenChange={(open) => {
          if (!open) dialogs.closeEdit();
        }}
        onSubmit={async (data, localImage) => {
          if (edit) await editProduct(edit, data, localImage);
        }}
      />
      <FixProductDialog
        product={fix?.option.product ?? null}
        formKey={fix?.option.id}
        onOpenChange={(open) => {
          if (!open) dialogs.closeFix();
        }}
        onSubmit={async (data) => {
          if (fix) await fixProduct(fix.itemId, fix.option, data);
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
          onCloseAutoFocus={(event) => {
            const removed = afterRemove.current;
            afterRemove.current = null;
            if (!removed) return;
            event.preventDefault();
            const { itemId, nextOptionId } = removed;
            if (!nextOptionId || !focusOptionPosition(itemId, { optionId: nextOptionId })) {
              focusItemHeading(itemId);
            }
          }}
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
      />
    </>
  );
}
