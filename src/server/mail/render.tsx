import { render } from '@react-email/render';
import type { ReactElement } from 'react';

/** Every e-mail goes out with an HTML part and a plain-text part made from the same component. */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
