/**
 * Opens an item's details (closed on a phone) and puts the caret in its cost: where a save that
 * was refused for that cost sends the contractor. Found through the row's `data-item-key` and
 * the cost field's `data-cost` (item-row.tsx, cost-input.tsx).
 */
export function showCostField(itemKey: string): void {
  const row = document.querySelector<HTMLElement>(
    `li[data-item-key="${globalThis.CSS.escape(itemKey)}"]`,
  );
  if (!row) return;
  // The disclosure is shown on a phone only; on a wide screen the details are always out.
  const disclosure = row.querySelector<HTMLButtonElement>('button[aria-controls^="details-"]');
  if (disclosure && disclosure.getClientRects().length > 0 && !row.hasAttribute('data-open'))
    disclosure.click();
  // The details render on the click's update; the field can take focus on the next frame.
  requestAnimationFrame(() => {
    const cost = row.querySelector<HTMLInputElement>('input[data-cost]');
    cost?.focus();
    cost?.select();
  });
}
