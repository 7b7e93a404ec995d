import type { Finish } from '../finishes';
import { COLLECTIONS } from '../names';
import type { Rng } from '../random';

/** 'Calla 1.8 GPM Pull-Down Kitchen Faucet, Matte Black': a collection, the form, the finish. */
export const collectionTitle = (rng: Rng, f: Finish, form: string): string =>
  `${rng.pick(COLLECTIONS)} ${form}, ${f.name}`;

/** 'Calla One-Piece Elongated Toilet in White': fixtures and appliances say 'in' the finish. */
export const collectionInTitle = (rng: Rng, f: Finish, form: string): string =>
  `${rng.pick(COLLECTIONS)} ${form} in ${f.name}`;

/** 'French Door Refrigerator in Stainless Steel'. */
export const finishInTitle = (_rng: Rng, f: Finish, form: string): string => `${form} in ${f.name}`;

/** Tile, flooring and paint name the colour last: '… Subway Wall Tile, Sage'. */
export const colourTitle = (_rng: Rng, f: Finish, form: string): string => `${form}, ${f.name}`;

/** Products sold in one look only name the form. */
export const formTitle = (_rng: Rng, _f: Finish, form: string): string => form;
