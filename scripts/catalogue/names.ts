/*
 * Invented brand and collection names. None is meant to be a real maker's trademark; if one turns
 * out to be, replace it here and re-run the generator (ids do not depend on titles).
 */

export const COLLECTIONS = [
  'Calla',
  'Wren',
  'Ashby',
  'Lyle',
  'Morrow',
  'Sutton',
  'Tavi',
  'Rowan',
  'Bexley',
  'Haven',
  'Orla',
  'Ines',
  'Colby',
  'Avery',
  'Juno',
  'Elston',
  'Marlo',
  'Pryce',
  'Sloane',
  'Teague',
] as const;

export const BRANDS = {
  plumbing: [
    'Arden',
    'Calloway',
    'Bellmont',
    'Fenwick & Hale',
    'Merriden',
    'Tidewell',
    'Norvelle',
    'Harlow & Pine',
  ],
  china: ['Whitcombe', 'Bellmont', 'Eastbrook', 'Ostrava Bath', 'Marlowe', 'Tidewell'],
  lighting: [
    'Lumen & Lane',
    'Brightmoor',
    'Halden Lighting',
    'Evergloam',
    'Corbel & Co.',
    'Willowmere',
    'Amberline',
  ],
  fans: ['Breezeway', 'Calder Air', 'Lullwater', 'Brightmoor'],
  appliances: ['Frostline', 'Kelvane', 'Vellora', 'Brannock', 'Quorra', 'Tessane'],
  tile: ['Claymoor', 'Terrace & Tile', 'Marrow Tile', 'Alder Row', 'Quarrystone'],
  stone: ['Quarrystone', 'Veinhart Surfaces', 'Slab & Co.', 'Alder Row'],
  flooring: [
    'Timberlyn',
    'Ashgrove Floors',
    'Plankwell',
    'Northfield Floors',
    'Lakehouse Flooring',
  ],
  paint: ['Holloway Paints', 'Canvas & Co.', 'Truecoat', 'Meridian Paint Co.'],
  cabinets: ['Millbrook Cabinetry', 'Shaker Lane', 'Greyfield Cabinets', 'Oakhaven'],
  hardware: ['Forge & Finch', 'Latchworks', 'Brasswell', 'Kestrel Hardware', 'Harlow & Pine'],
  millwork: ['Northgate Millwork', 'Sillworth', 'Brightpane', 'Threshold & Co.'],
  mirrors: ['Glasswell', 'Silvermere', 'Reflet Home', 'Corbel & Co.'],
  ventilation: ['Quietvent', 'Calder Air', 'Airlume'],
  mechanical: ['Thermwell', 'Kelvane', 'Brannock', 'Homeclime'],
  outdoor: ['Gardenlyn', 'Pathmore', 'Stonecrest Outdoor'],
} as const;
