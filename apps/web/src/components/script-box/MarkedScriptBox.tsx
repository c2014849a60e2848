import { Input, theme } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { forwardRef, useRef, type Ref } from 'react';
import { segmentsOf } from './script-marks';
import styles from './MarkedScriptBox.module.css';

interface MarkedScriptBoxProps {
  /** The shown text: pauses as chips (see script-marks). */
  value: string;
  onChange: (shown: string) => void;
  label: string;
  placeholder: string;
}

/**
 * A plain text box over a layer that draws the same text with pause chips and readings highlighted,
 * so typing, pasting and the input method behave as in any text box.
 */
export const MarkedScriptBox = forwardRef(function MarkedScriptBox(
  { value, onChange, label, placeholder }: MarkedScriptBoxProps,
  ref: Ref<TextAreaRef>,
) {
  const { token } = theme.useToken();
  const backdrop = useRef<HTMLDivElement>(null);
  return (
    <div className={styles.box} style={{ background: token.colorBgContainer, borderRadius: token.borderRadius }}>
      <div ref={backdrop} className={styles.backdrop} aria-hidden="true">
        {segmentsOf(value).map((s, i) =>
          s.kind === 'text' ? (
            <span key={i}>{s.text}</span>
          ) : (
            <mark key={i} className={s.kind === 'pause' ? styles.pause : styles.reading}>
              {s.text}
            </mark>
          ),
        )}
        {/* A trailing line break needs something after it to take up its line. */}
        {'\u200b'}
      </div>
      <Input.TextArea
        ref={ref}
        className={styles.text}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onScroll={(e) => {
          if (backdrop.current) backdrop.current.scrollTop = e.currentTarget.scrollTop;
        }}
        autoSize={{ minRows: 8, maxRows: 16 }}
      />
    </div>
  );
});
