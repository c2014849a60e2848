import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** What a person would notice about a page's layout at the current viewport size. */
export interface LayoutReport {
  viewportWidth: number;
  scrollWidth: number;
  /** How many visible controls were looked at. */
  checked: number;
  /** Controls whose centre, once scrolled into view, is drawn over by another element. */
  covered: string[];
}

/**
 * Scrolls each visible control into the middle of the screen and asks the browser what is drawn at its
 * centre. React attaches click handlers at the root, so "clickable" means the roles and tags that take
 * clicks, plus anything drawn with a pointer cursor.
 */
export async function checkLayout(page: Page): Promise<LayoutReport> {
  // Transpilers that keep function names wrap inner functions in __name(); the page has no such helper.
  await page.evaluate('window.__name = window.__name || ((f) => f)');
  return page.evaluate(() => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'textarea',
      'select',
      '[role="button"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="switch"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="combobox"]',
      '[onclick]',
    ].join(',');
    const describe = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30) ?? el.getAttribute('placeholder');
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${label}"`;
    };
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return false;
      for (let a: Element | null = el; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) < 0.05) return false;
        if (a.getAttribute('aria-hidden') === 'true') return false;
      }
      return true;
    };
    /** Inside a clipping scroller (a tab strip, a carousel) the control may simply be scrolled away. */
    const clippedAway = (el: Element, x: number, y: number) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const box = a.getBoundingClientRect();
        if (x < box.left || x > box.right || y < box.top || y > box.bottom) return true;
      }
      return false;
    };
    const pointer = Array.from(document.body.querySelectorAll('div, span, li, img, svg')).filter(
      (el) =>
        getComputedStyle(el).cursor === 'pointer' && getComputedStyle(el.parentElement ?? el).cursor !== 'pointer',
    );
    const controls = [...Array.from(document.body.querySelectorAll(selector)), ...pointer];
    const covered: string[] = [];
    const startY = window.scrollY;
    let checked = 0;
    for (const el of controls) {
      if (!shown(el)) continue;
      checked += 1;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      // A parent that hides overflow keeps the page from scrolling sideways yet still cuts the control off.
      if ((box.right > window.innerWidth + 1 || box.left < -1) && !clippedAway(el, x, y)) {
        covered.push(`${describe(el)} is cut off at the screen edge`);
        continue;
      }
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) {
        if (!clippedAway(el, x, y)) covered.push(`${describe(el)} lies outside the screen`);
        continue;
      }
      if (clippedAway(el, x, y)) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && (el.contains(hit) || hit.contains(el))) continue;
      // A native control antd draws over with its own face (checkbox, radio, upload input) is fine.
      if (hit && el.parentElement?.contains(hit) && el instanceof HTMLInputElement) continue;
      covered.push(`${describe(el)} is under ${hit ? describe(hit) : 'nothing'}`);
    }
    window.scrollTo(0, startY);
    return {
      viewportWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      checked,
      covered: [...new Set(covered)],
    };
  });
}

/** Routes every feature registers, read from the features' own declarations so new pages are covered too. */
export function registeredRoutes(featuresDir: string): string[] {
  const paths = new Set<string>();
  for (const dir of readdirSync(featuresDir)) {
    const file = path.join(featuresDir, dir, 'feature.tsx');
    if (!existsSync(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/path:\s*'(\/[^']*)'/g)) paths.add(match[1]!);
  }
  return [...paths].filter((p) => !p.includes(':')).sort();
}

/**
 * What does not fit in the open dialogs: a dialog wider than the screen, or a button or field that cannot be
 * brought onto the screen (scrolling the dialog's own scroller is allowed, as a person would).
 */
export async function checkOpenDialogs(page: Page): Promise<{ dialogs: number; problems: string[] }> {
  await page.evaluate('window.__name = window.__name || ((f) => f)');
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const height = window.innerHeight;
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return false;
      for (let a: Element | null = el; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.visibility === 'hidden' || style.display === 'none') return false;
      }
      return true;
    };
    const dialogs = Array.from(
      document.querySelectorAll('.ant-modal, .ant-drawer-section, .ant-popover-container'),
    ).filter(visible);
    for (const dialog of dialogs) {
      const title =
        (dialog.querySelector('.ant-modal-title, .ant-drawer-title')?.textContent ?? '').trim() || 'a dialog';
      const box = dialog.getBoundingClientRect();
      if (box.left < -1 || box.right > width + 1)
        problems.push(`${title} spans ${Math.round(box.left)}..${Math.round(box.right)} on a ${width} px screen`);
      const controls = dialog.querySelectorAll(
        'button, input:not([type="hidden"]):not([type="file"]), textarea, [role="radio"]',
      );
      for (const control of Array.from(controls)) {
        if (!visible(control)) continue;
        control.scrollIntoView({ block: 'center', inline: 'center' });
        const c = control.getBoundingClientRect();
        const label = control.getAttribute('aria-label') ?? (control.textContent ?? '').trim().slice(0, 20);
        if (c.left < -1 || c.right > width + 1 || c.top < -1 || c.bottom > height + 1)
          problems.push(`${title}: "${label}" is off the screen (${Math.round(c.left)},${Math.round(c.top)})`);
      }
    }
    return { dialogs: dialogs.length, problems };
  });
}
