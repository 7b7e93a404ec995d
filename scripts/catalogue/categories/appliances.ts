import * as art from '../art/appliances';
import { STEEL } from '../finishes';
import { BRANDS } from '../names';
import { GENERAL_HOSTS } from '../retailers';
import type { CategorySpec } from '../spec';
import { finishInTitle } from './titles';

const common = {
  brands: BRANDS.appliances,
  finishes: STEEL,
  hosts: [...GENERAL_HOSTS, 'appliances.example.com', 'example.org'],
  title: finishInTitle,
} as const;

export const APPLIANCES: readonly CategorySpec[] = [
  {
    ...common,
    slug: 'refrigerators',
    count: 8,
    forms: [
      ['36 in. 26 cu. ft. French Door Refrigerator', 1699, 2999],
      ['36 in. 22 cu. ft. Counter-Depth French Door Refrigerator', 1999, 3499],
      ['33 in. 21 cu. ft. Side-by-Side Refrigerator with Ice and Water Dispenser', 1199, 1999],
      ['30 in. 18 cu. ft. Top-Freezer Refrigerator', 649, 999],
      ['36 in. 28 cu. ft. 4-Door French Door Refrigerator with Dispenser', 2399, 3999],
      ['30 in. 19 cu. ft. Bottom-Freezer Refrigerator', 999, 1699],
    ],
    draw: art.refrigerator,
  },
  {
    ...common,
    slug: 'ranges',
    count: 7,
    forms: [
      ['30 in. 5.3 cu. ft. Freestanding Electric Range with Convection', 649, 1199],
      ['30 in. 5.0 cu. ft. Freestanding Gas Range with 5 Burners', 699, 1299],
      ['30 in. Slide-In Induction Range with Air Fry', 1499, 2599],
      ['36 in. 6-Burner Dual Fuel Range', 2999, 5499],
      ['30 in. Freestanding Gas Range with Center Griddle', 899, 1599],
      ['30 in. Slide-In Electric Range with Self-Clean', 999, 1899],
    ],
    draw: art.range,
  },
  {
    ...common,
    slug: 'cooktops',
    count: 5,
    forms: [
      ['30 in. Smooth-Top Electric Cooktop with 4 Elements', 399, 899],
      ['36 in. Gas Cooktop with 5 Burners', 699, 1499],
      ['30 in. Induction Cooktop with 4 Zones', 999, 1899],
      ['30 in. Gas Cooktop with Continuous Grates', 549, 1199],
      ['36 in. Induction Cooktop with Bridge Element', 1499, 2599],
    ],
    draw: art.cooktop,
  },
  {
    ...common,
    slug: 'wall-ovens',
    count: 5,
    forms: [
      ['30 in. Single Electric Wall Oven with Convection', 1299, 2499],
      ['30 in. Double Electric Wall Oven, Self-Clean', 2199, 3999],
      ['27 in. Single Electric Wall Oven with Air Fry', 1199, 2199],
      ['30 in. Double Wall Oven with True Convection', 2599, 4499],
    ],
    draw: art.wallOven,
  },
  {
    ...common,
    slug: 'dishwashers',
    count: 7,
    forms: [
      ['24 in. Top Control Built-In Dishwasher, 45 dBA', 599, 999],
      ['24 in. Front Control Dishwasher with Third Rack', 449, 799],
      ['18 in. Compact Top Control Dishwasher', 499, 899],
      ['24 in. Hidden Control Dishwasher with Stainless Tub, 42 dBA', 799, 1499],
      ['24 in. Front Control Tall Tub Dishwasher', 399, 649],
    ],
    draw: art.dishwasher,
  },
  {
    ...common,
    slug: 'range-hoods',
    count: 6,
    forms: [
      ['30 in. Wall Mount Chimney Range Hood, 400 CFM', 249, 699],
      ['36 in. Wall Mount Pyramid Range Hood with LED Lights', 299, 899],
      ['30 in. Under-Cabinet Range Hood, 300 CFM', 99, 349],
      ['36 in. Convertible Wall Mount Range Hood', 349, 999],
      ['30 in. Range Hood Insert with Baffle Filters', 299, 799],
    ],
    draw: art.rangeHood,
  },
  {
    ...common,
    slug: 'microwaves',
    count: 5,
    forms: [
      ['1.9 cu. ft. Over-the-Range Microwave with Sensor Cooking', 299, 549],
      ['1.2 cu. ft. Countertop Microwave', 99, 199],
      ['24 in. Built-In Microwave Drawer', 999, 1699],
      ['2.2 cu. ft. Countertop Microwave with Inverter', 149, 299],
      ['1.7 cu. ft. Over-the-Range Microwave, 300 CFM', 249, 449],
    ],
    draw: art.microwave,
  },
];
