import { describe, expect, it } from 'vitest';
import { unsavedText } from './unsaved-text';

describe('unsavedText', () => {
  it('lists the typed texts and the plan, skipping empty parts and pristine groups', () => {
    const text = unsavedText({
      projectName: 'Kitchen refresh',
      companyName: '  ',
      costGroups: [
        {
          name: 'Demolition',
          note: 'Weekdays only',
          values: [
            { name: 'Haul away', rawCost: '1200+350*2', note: 'Two loads' },
            { name: '', rawCost: '5' },
          ],
        },
        { name: '', pristine: true, values: [] },
      ],
    });
    expect(text).toBe(
      'Project name:\nKitchen refresh\n\nPlan:\nDemolition\nWeekdays only\n- Haul away (1200+350*2) – Two loads\n',
    );
  });
});
