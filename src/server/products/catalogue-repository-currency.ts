import { sql, type RawBuilder } from 'kysely';
import type { ProposalCurrency } from '../../shared/domain/currency';

/**
 * `currencyTier` of src/shared/domain/currency.ts in SQL, for ORDER BY before relevance: products
 * in the wanted currency, then those with none, then the rest (decision 0021).
 */
export function currencyTierSql(wanted: ProposalCurrency): RawBuilder<number> {
  return sql<number>`case when products.currency = ${wanted} then 0 when products.currency is null then 1 else 2 end`;
}
