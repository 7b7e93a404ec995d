import * as art from '../art/lighting';
import { FIXTURE_WHITES, METALS } from '../finishes';
import { BRANDS } from '../names';
import { GENERAL_HOSTS } from '../retailers';
import type { CategorySpec } from '../spec';
import { collectionTitle } from './titles';

const lightingHosts = [...GENERAL_HOSTS, 'lighting.example.net', 'www.example.net'];
const common = { brands: BRANDS.lighting, finishes: METALS, hosts: lightingHosts } as const;

export const LIGHTING: readonly CategorySpec[] = [
  {
    ...common,
    slug: 'pendants',
    count: 10,
    forms: [
      ['1-Light Dome Pendant Light', 59, 249],
      ['1-Light Mini Pendant with Seeded Glass Globe', 49, 179],
      ['1-Light Cone Pendant Light', 59, 229],
      ['1-Light Bell Pendant Light', 69, 259],
      ['12 in. Drum Pendant Light', 89, 299],
      ['3-Light Linear Island Pendant', 179, 549],
      ['4-Light Linear Island Pendant', 229, 699],
      ['1-Light Globe Pendant with Clear Glass', 79, 279],
      ['Mini Pendant Lights, Set of 2', 89, 249],
      ['Convertible Pendant and Semi-Flush Ceiling Light', 99, 299],
    ],
    title: collectionTitle,
    draw: art.pendant,
  },
  {
    ...common,
    slug: 'chandeliers',
    count: 5,
    forms: [
      ['5-Light Candle-Style Chandelier', 179, 599],
      ['6-Light Farmhouse Chandelier', 229, 699],
      ['8-Light Two-Tier Chandelier', 399, 1299],
      ['6-Light Linear Chandelier', 299, 899],
      ['3-Light Mini Chandelier', 119, 349],
    ],
    title: collectionTitle,
    draw: art.chandelier,
  },
  {
    ...common,
    slug: 'ceiling-lights',
    count: 5,
    forms: [
      ['13 in. LED Flush Mount Ceiling Light', 39, 129],
      ['16 in. Drum Flush Mount Ceiling Light', 69, 219],
      ['2-Light Semi-Flush Mount Ceiling Light', 59, 199],
      ['11 in. Frosted Glass Flush Mount Ceiling Light', 35, 109],
      ['3-Light Semi-Flush Ceiling Light with Opal Glass', 89, 279],
    ],
    title: collectionTitle,
    draw: art.ceilingLight,
  },
  {
    ...common,
    slug: 'recessed-lights',
    count: 6,
    finishes: FIXTURE_WHITES,
    forms: [
      ['6 in. Canless LED Recessed Light, 5CCT, 6-Pack', 49, 99],
      ['4 in. Ultra-Thin LED Recessed Light, 12-Pack', 69, 149],
      ['4 in. Square Canless LED Recessed Light', 14, 39],
      ['6 in. Gimbal LED Recessed Light Trim', 19, 49],
      ['3 in. Slim LED Recessed Light, 4-Pack', 39, 89],
      ['5/6 in. LED Retrofit Recessed Light Trim', 9, 29],
    ],
    title: (_rng, f, form) => `${form}, ${f.name} Trim`,
    draw: art.recessed,
  },
  {
    ...common,
    slug: 'sconces',
    count: 7,
    forms: [
      ['1-Light Wall Sconce with Clear Glass Cylinder', 59, 229],
      ['1-Light Globe Wall Sconce', 69, 249],
      ['1-Light Cone Wall Sconce', 49, 199],
      ['Plug-In Wall Sconce with Bell Shade', 45, 149],
      ['1-Light Bathroom Wall Sconce', 49, 189],
      ['Swing Arm Wall Sconce', 69, 259],
    ],
    title: collectionTitle,
    draw: art.sconce,
  },
  {
    ...common,
    slug: 'vanity-lights',
    count: 8,
    forms: [
      ['3-Light Vanity Light with Clear Glass', 79, 279],
      ['4-Light Bathroom Vanity Light', 99, 349],
      ['2-Light Globe Vanity Light', 69, 219],
      ['24 in. LED Bar Vanity Light', 59, 199],
      ['3-Light Bell Vanity Light', 89, 289],
      ['5-Light Vanity Light with Opal Glass Globes', 129, 429],
    ],
    title: collectionTitle,
    draw: art.vanityLight,
  },
  {
    ...common,
    slug: 'under-cabinet-lights',
    count: 4,
    finishes: FIXTURE_WHITES,
    forms: [
      ['12 in. LED Under-Cabinet Lighting Bar', 24, 59],
      ['24 in. Plug-In LED Under-Cabinet Light', 34, 79],
      ['18 in. Hardwired LED Under-Cabinet Lighting, 3CCT', 39, 99],
      ['Linkable LED Under-Cabinet Light Kit, 3-Pack', 59, 149],
    ],
    title: collectionTitle,
    draw: art.underCabinet,
  },
  {
    ...common,
    slug: 'ceiling-fans',
    count: 7,
    brands: BRANDS.fans,
    forms: [
      ['52 in. 5-Blade Indoor Ceiling Fan with Light Kit and Remote', 149, 399],
      ['44 in. 3-Blade LED Ceiling Fan with Light', 119, 329],
      ['60 in. 5-Blade Indoor/Outdoor Ceiling Fan', 179, 499],
      ['52 in. 4-Blade Ceiling Fan with Walnut Blades', 199, 549],
      ['42 in. 3-Blade Flush Mount LED Ceiling Fan with Remote', 99, 279],
      ['56 in. 3-Blade Smart Ceiling Fan with Light', 249, 699],
    ],
    title: collectionTitle,
    draw: art.ceilingFan,
  },
  {
    ...common,
    slug: 'outdoor-lights',
    count: 8,
    brands: [...BRANDS.lighting, ...BRANDS.outdoor],
    finishes: METALS.filter((f) => /Black|Bronze|Brass|Copper|Gunmetal/.test(f.name)),
    forms: [
      ['1-Light Outdoor Wall Lantern with Clear Glass', 39, 149],
      ['Large Exterior Wall Lantern, Dusk to Dawn', 79, 249],
      ['2-Light Outdoor Wall Light Fixture', 59, 199],
      ['Low-Voltage LED Landscape Path Light, 4-Pack', 89, 229],
      ['Solar LED Landscape Path Light, 6-Pack', 29, 89],
      ['24 in. Bollard LED Landscape Path Light', 79, 229],
      ['1-Light Exterior Wall Light Fixture with Seeded Glass', 49, 179],
    ],
    title: collectionTitle,
    draw: art.outdoorLight,
  },
];
