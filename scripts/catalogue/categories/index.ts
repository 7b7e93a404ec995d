import type { CategorySpec } from '../spec';
import { APPLIANCES } from './appliances';
import { BUILDING } from './building';
import { KITCHEN_BATH } from './kitchen-bath';
import { LIGHTING } from './lighting';
import { SURFACES } from './surfaces';

/** Every category in catalogue order; the order only decides which products carry GBP, EUR or no price. */
export const CATEGORIES: readonly CategorySpec[] = [
  ...KITCHEN_BATH,
  ...APPLIANCES,
  ...LIGHTING,
  ...SURFACES,
  ...BUILDING,
];
