import { describe, expect, it } from 'vitest';
import { sanitizeFooterHtml, sanitizeRichText } from './sanitize.js';

const attacks = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<svg onload=alert(1)></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<span onclick="steal()">x</span>',
];

describe.each([
  ['footer', sanitizeFooterHtml],
  ['rich text', sanitizeRichText],
])('%s sanitizer', (_name, clean) => {
  it.each(attacks)('removes script, handlers and unsafe URLs from %s', (html) => {
    const out = clean(html).toLowerCase();
    expect(out).not.toContain('<script');
    expect(out).not.toContain('javascript:');
    expect(out).not.toContain('onerror');
    expect(out).not.toContain('onload');
    expect(out).not.toContain('onclick');
    expect(out).not.toContain('<iframe');
    expect(out).not.toContain('data:text/html');
    expect(out).not.toContain('alert(1)</');
  });

  it('keeps ordinary links and text', () => {
    const out = clean('<a href="https://beian.miit.gov.cn/" target="_blank">京ICP备12345678号</a>');
    expect(out).toContain('href="https://beian.miit.gov.cn/"');
    expect(out).toContain('京ICP备12345678号');
    expect(out).toContain('rel="noopener noreferrer"');
  });
});

it('rich text keeps document markup the footer does not allow', () => {
  expect(sanitizeRichText('<h2>标题</h2><ol><li>一</li></ol>')).toBe('<h2>标题</h2><ol><li>一</li></ol>');
  expect(sanitizeFooterHtml('<h2>标题</h2>')).toBe('标题');
});
