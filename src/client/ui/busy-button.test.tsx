import type { MouseEvent, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { BusyButton } from './busy-button';

type Clickable = ReactElement<{ onClick: (event: MouseEvent<HTMLButtonElement>) => void }>;

/** Clicks the button the component renders, as React would: its onClick with a click event. */
function click(element: ReactElement) {
  const preventDefault = vi.fn();
  const event = { preventDefault } as unknown as MouseEvent<HTMLButtonElement>;
  (element as Clickable).props.onClick(event);
  return { event, preventDefault };
}

describe('BusyButton', () => {
  it('is a plain button while idle, with what it is given', () => {
    expect(
      renderToStaticMarkup(
        <BusyButton busy={false} className="btn btn-primary" aria-describedby="hint">
          Save
        </BusyButton>,
      ),
    ).toBe('<button type="button" class="btn btn-primary" aria-describedby="hint">Save</button>');
  });

  it('busy, stays focusable and says so', () => {
    const html = renderToStaticMarkup(
      <BusyButton busy type="submit" className="btn">
        Save
      </BusyButton>,
    );
    expect(html).toBe(
      '<button type="submit" class="btn" aria-disabled="true" aria-busy="true">Save</button>',
    );
    expect(html).not.toContain('disabled=""');
  });

  it('keeps disabled for what else makes it unusable', () => {
    expect(renderToStaticMarkup(<BusyButton busy={false} disabled />)).toBe(
      '<button type="button" disabled=""></button>',
    );
  });

  it('passes a click on while idle', () => {
    const onClick = vi.fn();
    const { event, preventDefault } = click(BusyButton({ busy: false, onClick }));
    expect(onClick).toHaveBeenCalledWith(event);
    expect(preventDefault).not.toHaveBeenCalled();
  });

  it('ignores a click while busy, and the form submission it would start', () => {
    const onClick = vi.fn();
    const { preventDefault } = click(BusyButton({ busy: true, type: 'submit', onClick }));
    expect(onClick).not.toHaveBeenCalled();
    expect(preventDefault).toHaveBeenCalled();
  });
});
