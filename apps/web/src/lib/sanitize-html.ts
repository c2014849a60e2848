import DOMPurify from 'dompurify';

let hooked = false;

/** Links that open elsewhere must not hand the opener over. */
function hookLinks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  });
}

/**
 * Operator-written HTML (footer, notices, agreements) rendered safely:
 * no script or style elements, no on* handlers, no javascript: URLs.
 */
export function sanitizeHtml(html: string): string {
  hookLinks();
  return DOMPurify.sanitize(html, {
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'textarea', 'button'],
    ALLOW_DATA_ATTR: false,
  });
}
