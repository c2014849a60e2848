import { theme } from 'antd';
import { useImperativeHandle, useRef, type Ref } from 'react';
import { aiMediaMessages } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { aiMediaLabels } from '../messages';

/** A word chosen from the inspiration library, as org_data keeps it (spec 001 §3: id, is_multi, name). */
export interface ChosenWord {
  id: number;
  is_multi: 0 | 1;
  name: string;
  group: number;
}

export interface PromptEditorHandle {
  /** Inserts a word at the cursor: each word once; a group with is_multi 0 keeps only the latest of its words. */
  insertWord(word: ChosenWord): void;
  text(): string;
  /** The editor's HTML and chosen words, as org_data is sent. */
  orgData(): string;
  /** Restores from a record's org_data, or plain text when there is none. */
  restore(orgData: string, fallbackText: string): void;
  setText(text: string): void;
  clear(): void;
}

const WORD_CLASS = 'ai-word';

function chips(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(`span.${WORD_CLASS}`)];
}

function chip(word: ChosenWord): HTMLElement {
  const span = document.createElement('span');
  span.className = WORD_CLASS;
  span.contentEditable = 'false';
  span.dataset.id = String(word.id);
  span.dataset.group = String(word.group);
  span.dataset.multi = String(word.is_multi);
  span.textContent = word.name;
  return span;
}

const wordsOf = (root: HTMLElement): ChosenWord[] =>
  chips(root).map((c) => ({
    id: Number(c.dataset.id),
    group: Number(c.dataset.group),
    is_multi: c.dataset.multi === '0' ? 0 : 1,
    name: c.textContent,
  }));

/** The rich description box: free text with inspiration words inserted where the cursor is. */
export function PromptEditor({ ref, onChange }: { ref: Ref<PromptEditorHandle>; onChange?: (text: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const changed = () => onChange?.(box.current?.innerText.trim() ?? '');

  useImperativeHandle(ref, () => ({
    insertWord(word) {
      const root = box.current;
      const sel = window.getSelection();
      const range = sel && sel.rangeCount ? sel.getRangeAt(0) : null;
      if (!root || !range || !root.contains(range.commonAncestorContainer)) {
        feedback.warning(aiMediaMessages.cursorOutside);
        return;
      }
      if (chips(root).some((c) => c.dataset.id === String(word.id))) return;
      if (word.is_multi === 0) for (const c of chips(root)) if (c.dataset.group === String(word.group)) c.remove();
      const node = chip(word);
      range.deleteContents();
      range.insertNode(node);
      range.setStartAfter(node);
      range.collapse(true);
      sel?.removeAllRanges();
      sel?.addRange(range);
      changed();
    },
    text: () => box.current?.innerText.replace(/\u00a0/g, ' ').trim() ?? '',
    orgData: () =>
      JSON.stringify({ html: box.current?.innerHTML ?? '', words: box.current ? wordsOf(box.current) : [] }),
    restore(orgData, fallbackText) {
      const root = box.current;
      if (!root) return;
      let restored = false;
      try {
        const o = JSON.parse(orgData) as { html?: unknown; words?: ChosenWord[] };
        if (typeof o.html === 'string') {
          root.innerHTML = sanitizeHtml(o.html);
          // Sanitising drops data attributes: the words come back from the list, in order.
          chips(root).forEach((c, i) => {
            const w = o.words?.[i];
            c.contentEditable = 'false';
            if (w) Object.assign(c.dataset, { id: String(w.id), group: String(w.group), multi: String(w.is_multi) });
          });
          restored = true;
        }
      } catch {
        // No org_data: the plain prompt is restored below.
      }
      if (!restored) root.textContent = fallbackText;
      changed();
    },
    setText(text) {
      if (box.current) box.current.textContent = text;
      changed();
    },
    clear() {
      if (box.current) box.current.innerHTML = '';
      changed();
    },
  }));

  return (
    <>
      <style>{`.${WORD_CLASS}{display:inline-block;margin:0 2px;padding:0 6px;border-radius:4px;background:${token.colorPrimaryBg};color:${token.colorPrimary};}
.ai-prompt-editor:empty:before{content:attr(data-placeholder);color:${token.colorTextPlaceholder};}`}</style>
      <div
        ref={box}
        className="ai-prompt-editor"
        role="textbox"
        aria-multiline="true"
        aria-label={aiMediaLabels.description}
        contentEditable
        suppressContentEditableWarning
        data-placeholder={aiMediaLabels.descriptionPlaceholder}
        onInput={changed}
        style={{
          minHeight: 120,
          maxHeight: 240,
          overflowY: 'auto',
          padding: '8px 11px',
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          background: token.colorBgContainer,
          lineHeight: 1.8,
          outline: 'none',
          whiteSpace: 'pre-wrap',
        }}
      />
    </>
  );
}
