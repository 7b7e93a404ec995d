/*
 * Finishes and colours named in titles. The illustration paints the finish the title names, so a
 * 'Matte Black' faucet looks matte black on its tile.
 */

export interface Finish {
  readonly name: string;
  /** Main colour, then a darker and a lighter shade for the metallic gradients. */
  readonly base: string;
  readonly dark: string;
  readonly light: string;
}

const finish = (name: string, base: string, dark: string, light: string): Finish => ({
  name,
  base,
  dark,
  light,
});

export const METALS: readonly Finish[] = [
  finish('Chrome', '#b9c0c7', '#6f7880', '#f4f7fa'),
  finish('Polished Chrome', '#c3c9cf', '#757e87', '#fbfcfd'),
  finish('Brushed Nickel', '#a9a59c', '#716d66', '#dedad2'),
  finish('Spot Resist Brushed Nickel', '#aca89f', '#74706a', '#e0ddd6'),
  finish('Matte Black', '#2b2b2d', '#141415', '#5a5a5e'),
  finish('Champagne Bronze', '#b8976a', '#7d6442', '#e4cfa8'),
  finish('Oil-Rubbed Bronze', '#4e3a2c', '#2c1f16', '#86684f'),
  finish('Brushed Gold', '#c9a85a', '#8d7334', '#efdca0'),
  finish('Polished Brass', '#d4b356', '#937627', '#f8e7a6'),
  finish('Satin Brass', '#bfa064', '#84693a', '#e5d2a2'),
  finish('Gunmetal', '#5b6066', '#35393d', '#8d939a'),
  finish('Antique Copper', '#a8653f', '#6e3d22', '#d9976d'),
];

export const STEEL: readonly Finish[] = [
  finish('Stainless Steel', '#c4c8cc', '#8b9095', '#eef0f2'),
  finish('Fingerprint Resistant Stainless Steel', '#bfc3c7', '#868b90', '#eceef0'),
  finish('Black Stainless Steel', '#4a4c50', '#2a2b2e', '#7c7f85'),
  finish('White', '#f2f2f0', '#c9c9c6', '#ffffff'),
  finish('Matte White', '#ecebe7', '#c6c4bf', '#fafaf8'),
  finish('Black', '#2a2a2b', '#121213', '#4f4f52'),
  finish('Slate', '#6c6a66', '#45433f', '#999690'),
];

export const CHINA: readonly Finish[] = [
  finish('White', '#f5f5f3', '#cfd0ce', '#ffffff'),
  finish('Biscuit', '#ece3d2', '#c6b99f', '#faf5ea'),
  finish('Matte Black', '#303032', '#18181a', '#5c5c60'),
  finish('Bone', '#e9e1d1', '#c2b69d', '#f8f3e9'),
];

export const CABINET_COLOURS: readonly Finish[] = [
  finish('White', '#f1efea', '#c9c5bc', '#fbfaf7'),
  finish('Navy Blue', '#2e3d57', '#1c2638', '#4a5c7c'),
  finish('Sage Green', '#9aa78f', '#6c7a62', '#c0cab6'),
  finish('Natural Oak', '#c49a66', '#8e6a3d', '#e0bf91'),
  finish('Espresso', '#45322a', '#271b16', '#6d5246'),
  finish('Dove Gray', '#b8b6b1', '#8a8883', '#d8d6d1'),
  finish('Charcoal', '#45484c', '#2a2c2f', '#6b6f74'),
  finish('Walnut', '#6e4a32', '#45291a', '#9a6e50'),
  finish('Forest Green', '#3f5446', '#26352b', '#617a69'),
];

export const TILE_COLOURS: readonly Finish[] = [
  finish('White', '#f3f2ee', '#d6d4ce', '#ffffff'),
  finish('Bright White', '#f8f8f7', '#dcdcda', '#ffffff'),
  finish('Bone', '#e8dfcf', '#c9bda6', '#f6f1e7'),
  finish('Sand', '#d8c6a5', '#b3a07c', '#ebdec6'),
  finish('Charcoal', '#4b4d50', '#333538', '#6e7175'),
  finish('Sage', '#a9b59c', '#87937b', '#c8d1be'),
  finish('Navy', '#2f4060', '#1f2b42', '#4d6086'),
  finish('Terracotta', '#b8694a', '#8e4b31', '#d48d6f'),
  finish('Blue Gray', '#8c9aa6', '#6b7985', '#b1bdc7'),
  finish('Emerald', '#2f6b57', '#1f4a3c', '#4f8f79'),
  finish('Blush', '#e3c2b6', '#c49f92', '#f2dcd4'),
  finish('Greige', '#bdb4a7', '#988f82', '#d8d1c6'),
];

export const STONE: readonly Finish[] = [
  finish('Calacatta', '#f4f2ee', '#b8b1a6', '#ffffff'),
  finish('Carrara', '#eeeeec', '#a5a8ab', '#ffffff'),
  finish('Absolute Black', '#26272a', '#101113', '#4b4d52'),
  finish('Concrete Gray', '#a8a7a3', '#7e7d79', '#c9c8c4'),
  finish('Taj Mahal', '#e6dccb', '#b9a88c', '#f5efe4'),
  finish('Pearl White', '#f1efe9', '#cfcac0', '#fdfcf9'),
  finish('Soapstone', '#55595a', '#37393a', '#7b8081'),
];

export const WOODS: readonly Finish[] = [
  finish('Natural Oak', '#c9a16e', '#9c7648', '#e2c49c'),
  finish('White Oak', '#d6bb92', '#aa8d63', '#ead7b8'),
  finish('Hickory', '#b4814f', '#845a31', '#d2a578'),
  finish('Walnut', '#6f4b33', '#4a2f1e', '#93694d'),
  finish('Ash Gray', '#a39d94', '#7c766d', '#c4bfb7'),
  finish('Honey Maple', '#d2a15c', '#a57736', '#e8c58f'),
  finish('Whitewashed Oak', '#ddd3c4', '#b7aa96', '#efe8dd'),
  finish('Smoked Oak', '#7d6652', '#574433', '#a38a73'),
];

export const CARPETS: readonly Finish[] = [
  finish('Oatmeal', '#d6cbb8', '#b5a993', '#e8dfcf'),
  finish('Pewter', '#9c9c98', '#7b7b77', '#bdbdb9'),
  finish('Harbor Blue', '#6d7f95', '#506174', '#92a3b7'),
  finish('Mocha', '#8b7260', '#6a5444', '#ae9684'),
  finish('Linen', '#e2d9c8', '#c2b8a4', '#f0eadf'),
];

/** Invented paint colour names; none is a real paint maker's colour. */
export const PAINTS: readonly Finish[] = [
  finish('Harbor Fog', '#b7c0c4', '#8d979c', '#d5dcdf'),
  finish('Quiet Sage', '#aab39b', '#858e76', '#c9d0bc'),
  finish('Chalk Linen', '#ece6da', '#c9c1b1', '#f8f5ee'),
  finish('Deep Lagoon', '#2f5561', '#1d3841', '#4c7683'),
  finish('Clay Pot', '#b57556', '#8a543a', '#d19a7e'),
  finish('Midnight Ink', '#2b3142', '#191d29', '#4a5166'),
  finish('Warm Oat', '#d8c7a8', '#b4a283', '#ebdfc8'),
  finish('Olive Grove', '#7b7f56', '#5a5d3b', '#a0a47a'),
  finish('Dusty Rose', '#cfa3a0', '#ac7f7c', '#e6c6c3'),
  finish('Soft Cloud', '#f2f1ec', '#d2d0c8', '#fcfbf9'),
];

export const FABRICS: readonly string[] = ['#c9d6df', '#e8e1d5', '#b9c7b0', '#d9b8a8', '#9fb1c6'];

export const SINK_MATERIALS: readonly Finish[] = [
  finish('18-Gauge Stainless Steel', '#c4c8cc', '#8b9095', '#eef0f2'),
  finish('16-Gauge Brushed Stainless Steel', '#b9bdc1', '#82878c', '#e4e6e8'),
  finish('White Fireclay', '#f5f5f3', '#cfd0ce', '#ffffff'),
  finish('Matte Black Granite Composite', '#2f3032', '#17181a', '#55575b'),
  finish('Concrete Gray Granite Composite', '#8f9091', '#696a6b', '#b3b4b5'),
];

export const FRAMES: readonly Finish[] = [
  finish('White', '#f4f4f2', '#cfcfcc', '#ffffff'),
  finish('Black', '#2c2c2e', '#151516', '#555558'),
  finish('Bronze', '#5b4636', '#3a2b20', '#85705e'),
  finish('Almond', '#e7dcc7', '#c3b599', '#f4eee2'),
];

export const DOOR_COLOURS: readonly Finish[] = [
  finish('Primed White', '#f3f2ee', '#cfcdc6', '#ffffff'),
  finish('Black', '#2d2e30', '#17181a', '#55575a'),
  finish('Navy', '#2f3e58', '#1d2739', '#4c5d7e'),
  finish('Sage', '#9aa78f', '#6c7a62', '#c0cab6'),
  finish('Natural Fir', '#c99e6a', '#96713f', '#e3c196'),
  finish('Red', '#8e2f2a', '#5e1d19', '#b4524b'),
];

export const TRIM_WOODS: readonly Finish[] = [
  finish('Primed White', '#f3f2ee', '#cfcdc6', '#ffffff'),
  finish('Unfinished Pine', '#e2c79a', '#b99c6d', '#f1dfbf'),
  finish('Unfinished Poplar', '#d9cfa8', '#b1a67c', '#ebe4c8'),
];

export const FIXTURE_WHITES: readonly Finish[] = [
  finish('White', '#f4f4f2', '#cfcfcc', '#ffffff'),
  finish('Matte Black', '#2c2c2e', '#151516', '#555558'),
  finish('Brushed Nickel', '#a9a59c', '#716d66', '#dedad2'),
];
