import { describe, expect, it } from 'vitest';
import {
  optionsGainedMessage,
  putBackMessage,
  removedWithOptions,
  removingOptionsMessage,
} from './plan-removals';

const loaded = [
  {
    values: [
      { id: 'a', optionCount: 2 },
      { id: 'b', optionCount: 0 },
      { id: 'c', optionCount: 1 },
    ],
  },
  { values: [{ id: 'd', optionCount: 3 }] },
];

describe('removedWithOptions', () => {
  it('lists the loaded items with options that the save no longer keeps', () => {
    const saved = [
      {
        values: [
          { id: 'a', name: 'Faucet' },
          { id: 'b', name: 'Sink' },
        ],
      },
    ];
    expect(removedWithOptions(loaded, saved)).toEqual([
      { id: 'c', optionCount: 1 },
      { id: 'd', optionCount: 3 },
    ]);
  });

  it('counts an item the save drops as removed: nameless or pristine', () => {
    const saved = [
      {
        values: [
          { id: 'a', name: '  ' },
          { id: 'c', name: 'Tile', pristine: true },
          { id: 'd', name: 'Lights' },
        ],
      },
    ];
    expect(removedWithOptions(loaded, saved).map((item) => item.id)).toEqual(['a', 'c']);
  });

  it('keeps an item moved to another group, and lists nothing when all are kept', () => {
    const saved = [
      { values: [{ id: 'd', name: 'Lights' }] },
      {
        values: [
          { id: 'a', name: 'Faucet' },
          { id: 'c', name: 'Tile' },
        ],
      },
    ];
    expect(removedWithOptions(loaded, saved)).toEqual([]);
  });
});

describe('optionsGainedMessage', () => {
  it('names one, several or many items', () => {
    expect(optionsGainedMessage(['Faucet'])).toBe(
      'Since you opened this proposal, “Faucet” got new product options in the shop; this save would remove it with its options.',
    );
    expect(optionsGainedMessage(['Faucet', 'Sink', 'Tile'])).toContain(
      '“Faucet”, “Sink” and “Tile” got new product options in the shop; this save would remove them with their options.',
    );
    expect(optionsGainedMessage(['A', 'B', 'C', 'D', 'E'])).toContain(
      '“A”, “B” and 3 more items got new product options',
    );
  });
});

describe('removingOptionsMessage', () => {
  it('names the items and counts their options', () => {
    expect(removingOptionsMessage([{ name: 'Faucet', optionCount: 1 }])).toBe(
      'This save removes “Faucet” with its 1 product option from the shop, and the choices and comments on it.',
    );
    expect(
      removingOptionsMessage([
        { name: 'Faucet', optionCount: 3 },
        { name: 'Sink', optionCount: 2 },
      ]),
    ).toBe(
      'This save removes “Faucet” and “Sink” with their 5 product options from the shop, and the choices and comments on them.',
    );
  });
});

describe('putBackMessage', () => {
  it('names the items put back as the question named them', () => {
    expect(putBackMessage(['Faucet'])).toBe('Put back “Faucet”.');
    expect(putBackMessage(['Faucet', 'Sink'])).toBe('Put back “Faucet” and “Sink”.');
  });
});
