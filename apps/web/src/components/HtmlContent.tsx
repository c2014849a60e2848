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

/** Text without markup or entities: React escapes it, so it needs no sanitizer. */
const plainText = (html: string) => !/[<&]/.test(html);

/** Renders operator HTML after sanitizing it; plain text (the default footer) shows at once without the sanitizer. */
export function HtmlContent({ html, className, as = 'div' }: HtmlContentProps) {
  const plain = plainText(html);
  const [sanitize, setSanitize] = useState<Sanitize | null>(() => sanitizer);
  useEffect(() => {
    if (sanitize || plain) return;
    let live = true;
    void loadSanitizer().then((fn) => {
      if (live) setSanitize(() => fn);
    });
    return () => {
      live = false;
    };
  }, [sanitize, plain]);
  const Tag = as;
  if (plain) return <Tag className={className}>{html}</Tag>;
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: sanitize ? sanitize(html) : '' }} />;
}
