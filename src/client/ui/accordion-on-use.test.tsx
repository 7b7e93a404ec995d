import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Accordion, AccordionItem } from './accordion';
import { AccordionItemOnUse, AccordionOnUse } from './accordion-on-use';

/** Ids differ (each side makes its own); what refers to what must not. */
function sameIds(html: string): string {
  const seen = new Map<string, string>();
  return html.replace(
    /(id|aria-controls|aria-labelledby)="([^"]+)"/g,
    (_m, attr: string, id: string) => {
      if (!seen.has(id)) seen.set(id, `id${seen.size}`);
      return `${attr}="${seen.get(id)}"`;
    },
  );
}

const classNames = { item: 'it', header: 'hd', trigger: 'tr', chevron: 'ch', content: 'ct' };

describe('the accordion before it loads', () => {
  it('renders what Radix renders, closed and open', () => {
    const radix = renderToStaticMarkup(
      <Accordion type="multiple" value={['b']} onValueChange={() => undefined} className="groups">
        <AccordionItem value="a" title={<span>A</span>} classNames={classNames}>
          one
        </AccordionItem>
        <AccordionItem
          value="b"
          title="B"
          headingLevel={4}
          chevronSize={16}
          classNames={classNames}
        >
          two
        </AccordionItem>
      </Accordion>,
    );
    const standIn = renderToStaticMarkup(
      <AccordionOnUse value={['b']} onValueChange={() => undefined} className="groups">
        <AccordionItemOnUse value="a" title={<span>A</span>} classNames={classNames}>
          one
        </AccordionItemOnUse>
        <AccordionItemOnUse
          value="b"
          title="B"
          headingLevel={4}
          chevronSize={16}
          classNames={classNames}
        >
          two
        </AccordionItemOnUse>
      </AccordionOnUse>,
    );
    expect(standIn).toContain('aria-expanded="false"');
    expect(standIn).toContain('>two</div>');
    expect(sameIds(standIn)).toBe(sameIds(radix));
  });
});
