import { useEffect, useState } from 'react';

interface HtmlContentProps {
  html: string;
  className?: string;
  as?: 'div' | 'span';
}

type Sanitize = (html: string) => string;

// The sanitizer is code-split: pages that show no operator HTML never load it. Until it is loaded nothing is
// rendered, so unsanitized markup never reaches the page.
let sanitizer: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;
function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('../lib/sanitize-html').then((mod) => (sanitizer = mod.sanitizeHtml));
  return loading;
}

/** Renders operator HTML after sanitizing it. */
export function HtmlContent({ html, className, as = 'div' }: HtmlContentProps) {
  const [sanitize, setSanitize] = useState<Sanitize | null>(() => sanitizer);
  useEffect(() => {
    if (sanitize) return;
    let live = true;
    void loadSanitizer().then((fn) => {
      if (live) setSanitize(() => fn);
    });
    return () => {
      live = false;
    };
  }, [sanitize]);
  const Tag = as;
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: sanitize ? sanitize(html) : '' }} />;
}
