import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize-html';

interface HtmlContentProps {
  html: string;
  className?: string;
  as?: 'div' | 'span';
}

/** Renders operator HTML after sanitizing it. */
export function HtmlContent({ html, className, as = 'div' }: HtmlContentProps) {
  const safe = useMemo(() => ({ __html: sanitizeHtml(html) }), [html]);
  const Tag = as;
  return <Tag className={className} dangerouslySetInnerHTML={safe} />;
}
