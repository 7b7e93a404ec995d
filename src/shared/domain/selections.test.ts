import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyPosition,
  boardOption,
  choiceHolder,
  choiceLabel,
  itemAnchor,
  mayChangeChoice,
  mayDeleteComment,
  mayEditComment,
  mayRemoveOption,
  moveItem,
  nextPosition,
  parseItemAnchor,
  showsImageBoard,
} from './selections';
import { POSITIONS, type Position } from '../schemas/selections';

describe('position cycle (§4)', () => {
  it('goes Not selected → Liked → Chosen → Not selected', () => {
    expect(nextPosition('not_selected')).toBe('liked');
    expect(nextPosition('liked')).toBe('chosen');
    expect(nextPosition('chosen')).toBe('not_selected');
  });

  it('skips Chosen for someone who may not change the choice, and keeps a Chosen so', () => {
    expect(nextPosition('not_selected', false)).toBe('liked');
    expect(nextPosition('liked', false)).toBe('not_selected');
    expect(nextPosition('chosen', false)).toBe('chosen');
  });

  it('demotes the previous Chosen to Liked and leaves the others alone', () => {
    const options = [
      { id: 'a', position: 'chosen' as Position },
      { id: 'b', position: 'liked' as Position },
      { id: 'c', position: 'not_selected' as Position },
    ];
    expect(applyPosition(options, 'c', 'chosen').map((o) => o.position)).toEqual([
      'liked',
      'liked',
      'chosen',
    ]);
    expect(applyPosition(options, 'b', 'not_selected').map((o) => o.position)).toEqual([
      'chosen',
      'not_selected',
      'not_selected',
    ]);
  });

  it('never leaves more than one Chosen, whatever the sequence of changes', () => {
    const position = fc.constantFrom(...POSITIONS);
    fc.assert(
      fc.property(
        fc.array(position, { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), position), { maxLength: 30 }),
        (start, changes) => {
          // Start from a valid state: at most one Chosen.
          let seenChosen = false;
          let options = start.map((p, i) => {
            const valid = p === 'chosen' && seenChosen ? 'liked' : p;
            if (valid === 'chosen') seenChosen = true;
            return { id: String(i), position: valid };
          });
          for (const [n, p] of changes)
            options = applyPosition(options, String(n % options.length), p);
          return options.filter((o) => o.position === 'chosen').length <= 1;
        },
      ),
    );
  });
});

describe('choice labels (§2)', () => {
  it('labels First, 2nd, 3rd … Last Choice', () => {
    expect([0, 1, 2, 3, 4].map((i) => choiceLabel(i, 5))).toEqual([
      'First',
      '2nd',
      '3rd',
      '4th',
      'Last Choice',
    ]);
  });

  it('calls a single option First, and two First and Last Choice', () => {
    expect(choiceLabel(0, 1)).toBe('First');
    expect([choiceLabel(0, 2), choiceLabel(1, 2)]).toEqual(['First', 'Last Choice']);
  });

  it('uses English ordinals past ten', () => {
    expect([10, 11, 12, 20, 21, 22].map((i) => choiceLabel(i, 30))).toEqual([
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
    ]);
  });
});

describe('moveItem', () => {
  it('moves one entry and keeps the rest in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('ignores moves out of range', () => {
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('is a permutation', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.nat(), fc.nat(), (list, from, to) => {
        const moved = moveItem(list, from % (list.length || 1), to % (list.length || 1));
        return [...moved].sort().join() === [...list].sort().join();
      }),
    );
  });
});

describe('item anchors (§2 ./selections/#{base64 of item id})', () => {
  it('is the base64 of the id', () => {
    expect(itemAnchor('5f0c7e9a-1b2c-4d3e-8f90-0123456789ab')).toBe(
      Buffer.from('5f0c7e9a-1b2c-4d3e-8f90-0123456789ab').toString('base64'),
    );
  });

  it('reads back any id, with or without the #', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        const anchor = itemAnchor(id);
        return parseItemAnchor(`#${anchor}`) === id && parseItemAnchor(anchor) === id;
      }),
    );
  });

  it('answers null for a hash that is not an anchor', () => {
    expect(parseItemAnchor('')).toBeNull();
    expect(parseItemAnchor('#')).toBeNull();
    expect(parseItemAnchor('#not base64!')).toBeNull();
    // A malformed escape in the address bar must not break the page.
    expect(parseItemAnchor('#%')).toBeNull();
    expect(parseItemAnchor('#%E0%A4%A')).toBeNull();
  });
});

describe('image board (§2: at least 4 items with options)', () => {
  const item = (n: number) => ({ options: Array.from({ length: n }, () => ({})) });

  it('shows from 4 items with options', () => {
    expect(showsImageBoard([item(1), item(2), item(1), item(0)])).toBe(false);
    expect(showsImageBoard([item(1), item(2), item(1), item(1), item(0)])).toBe(true);
  });

  it('shows the Chosen option, else the first Liked, else the first', () => {
    const o = (id: string, position: Position) => ({ id, position });
    expect(boardOption([o('a', 'liked'), o('b', 'chosen')])?.id).toBe('b');
    expect(boardOption([o('a', 'not_selected'), o('b', 'liked')])?.id).toBe('b');
    expect(boardOption([o('a', 'not_selected'), o('b', 'not_selected')])?.id).toBe('a');
    expect(boardOption([])).toBeUndefined();
  });
});

describe("who may change an item's choice (decision 0091)", () => {
  it('lets the owner and the homeowner always, an invitee only over none or an invitee', () => {
    const holders = ['none', 'invitee', 'homeowner', 'owner', 'unknown'] as const;
    expect(holders.map((h) => mayChangeChoice('homeowner', h))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(holders.map((h) => mayChangeChoice('owner', h))).toEqual([true, true, true, true, true]);
    expect(holders.map((h) => mayChangeChoice('invitee', h))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(holders.map((h) => mayChangeChoice('public', h))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("reads the holder from the options, and keeps an invitee from removing another's choice", () => {
    expect(choiceHolder([{ position: 'liked', chosenBy: null }])).toBe('none');
    expect(choiceHolder([{ position: 'chosen', chosenBy: null }])).toBe('unknown');
    expect(choiceHolder([{ position: 'chosen', chosenBy: { role: 'homeowner' } }])).toBe(
      'homeowner',
    );
    expect(mayRemoveOption('invitee', 'me', 'me')).toBe(true);
    expect(mayRemoveOption('invitee', 'me', 'me', 'invitee')).toBe(true);
    expect(mayRemoveOption('invitee', 'me', 'me', 'homeowner')).toBe(false);
    expect(mayRemoveOption('homeowner', 'me', 'you', 'owner')).toBe(true);
  });
});

describe('who may edit and delete a comment (decision 0095)', () => {
  it('lets its author edit it, whatever their role, and nobody else', () => {
    for (const role of ['owner', 'homeowner', 'invitee'] as const) {
      expect(mayEditComment(role, 'me', 'me')).toBe(true);
      expect(mayEditComment(role, 'them', 'me')).toBe(false);
    }
    expect(mayEditComment('public', 'me', 'me')).toBe(false);
    expect(mayEditComment('invitee', null, null)).toBe(false);
  });

  it('lets its author delete it, and the owner any comment', () => {
    expect(mayDeleteComment('owner', 'them', 'me')).toBe(true);
    expect(mayDeleteComment('homeowner', 'me', 'me')).toBe(true);
    expect(mayDeleteComment('homeowner', 'them', 'me')).toBe(false);
    expect(mayDeleteComment('invitee', 'them', 'me')).toBe(false);
    expect(mayDeleteComment('public', 'them', null)).toBe(false);
  });
});
