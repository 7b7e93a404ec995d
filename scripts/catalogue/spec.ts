import type { Finish } from './finishes';
import type { Rng } from './random';

/** What a drawing gets: its own random draws, the finish the title names, and the title. */
export interface ArtInput {
  readonly rng: Rng;
  readonly finish: Finish;
  readonly title: string;
}
/** Returns a whole 480×480 SVG document picturing the product the title describes. */
export type Drawing = (input: ArtInput) => string;

/** A kind of product and its shelf price range in whole US dollars. */
export type Form = readonly [text: string, minDollars: number, maxDollars: number];

export interface CategorySpec {
  /** File name prefix and `category` of the seed product, e.g. 'kitchen-faucets'. */
  readonly slug: string;
  readonly count: number;
  readonly brands: readonly string[];
  readonly finishes: readonly Finish[];
  /** The forms hold the words people search ('Kitchen Faucet', 'Pendant', 'Dishwasher'). */
  readonly forms: readonly Form[];
  /** Retailer hosts that stock this kind of product (reserved example domains). */
  readonly hosts: readonly string[];
  /** The title after the brand: the form, dressed with a collection name and the finish. */
  readonly title: (rng: Rng, finish: Finish, form: string) => string;
  readonly draw: Drawing;
}
