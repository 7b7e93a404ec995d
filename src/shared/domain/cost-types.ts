/** docs/product/model.md cost types. The API sends the number (1–6) or null for none. */
export const COST_TYPES = [
  { value: 1, label: 'Labor' },
  { value: 2, label: 'Materials' },
  { value: 3, label: 'Labor and Materials' },
  { value: 4, label: 'Allowance' },
  { value: 5, label: 'Professional Services' },
  { value: 6, label: 'Uncategorized' },
] as const;

export type CostType = (typeof COST_TYPES)[number]['value'];

export function costTypeLabel(value: CostType | null): string {
  return COST_TYPES.find((t) => t.value === value)?.label ?? 'Uncategorized';
}
