import sanitizeHtml from 'sanitize-html';

const safeSchemes = ['http', 'https', 'mailto'];

/** Footer fields (ICP number, filing, copyright …): inline text, links and small badge images only. */
const footerRules: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'span', 'b', 'strong', 'i', 'em', 'small', 'br', 'img'],
  allowedAttributes: { a: ['href', 'target', 'rel', 'title'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: safeSchemes,
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** Agreements, notices, rules and the usage guide: ordinary document markup. */
const richTextRules: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'p', 'div', 'span', 'br', 'hr', 'blockquote', 'pre', 'code'],
    ...['ul', 'ol', 'li', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'a', 'img'],
    ...['table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption'],
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: safeSchemes,
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** No script, no event handlers, no javascript: URLs — whatever the operator pasted. */
export const sanitizeFooterHtml = (html: string) => sanitizeHtml(html, footerRules);
export const sanitizeRichText = (html: string) => sanitizeHtml(html, richTextRules);
