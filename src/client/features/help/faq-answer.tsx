import { Link } from 'react-router';
import type { AnswerPart } from './faq-content';

/** An FAQ answer's paragraph: its text, and in-app links as links. */
export function FaqAnswer({
  parts,
  onNavigate,
}: {
  parts: readonly AnswerPart[];
  onNavigate?: () => void;
}) {
  return (
    <p>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          <Link key={index} to={part.to} onClick={onNavigate}>
            {part.text}
          </Link>
        ),
      )}
    </p>
  );
}
