// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps footer links and text', () => {
    const html = '<a href="https://beian.miit.gov.cn/" target="_blank">京ICP备12345678号</a>';
    const out = sanitizeHtml(html);
    expect(out).toContain('href="https://beian.miit.gov.cn/"');
    expect(out).toContain('京ICP备12345678号');
    expect(out).toContain('rel="noopener noreferrer"');
  });

  it('drops scripts, event handlers and javascript: URLs', () => {
    const out = sanitizeHtml(
      '<script>alert(1)</script><img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a><div onclick="alert(4)">ok</div>',
    );
    expect(out).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(out).toContain('ok');
    expect(out).toContain('src="x.png"');
  });

  it('drops style, iframes and forms', () => {
    const out = sanitizeHtml(
      '<style>body{display:none}</style><iframe src="https://e.com"></iframe><form><input></form>©2025',
    );
    expect(out).toBe('©2025');
  });
});
