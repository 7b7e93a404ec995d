import { Text } from '@react-email/text';
import { Fragment } from 'react';

/**
 * Text a person wrote, shown as written: escaped by React, line breaks kept as <br> (so the
 * plain-text part keeps them too), set off from our own words by a rule on the left.
 */
export function MultilineText({ text }: { text: string }) {
  return (
    <Text
      style={{
        fontSize: '15px',
        lineHeight: '24px',
        margin: '0 0 24px',
        padding: '12px 16px',
        borderLeft: '3px solid #dfe3e6',
      }}
    >
      {text.split(/\r\n|\r|\n/).map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}
