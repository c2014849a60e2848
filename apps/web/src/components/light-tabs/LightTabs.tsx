import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './LightTabs.module.css';

export interface LightTab<K extends string> {
  key: K;
  label: ReactNode;
}

interface LightTabsProps<K extends string> {
  items: LightTab<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  /** The active tab's panel; only it is rendered. */
  children: ReactNode;
}

/**
 * A tab strip with the tabs pattern's roles and arrow keys, for pages on the first load: antd's Tabs brings
 * its overflow menu and dropdown, which a two-tab page never shows.
 */
export function LightTabs<K extends string>({ items, activeKey, onChange, children }: LightTabsProps<K>) {
  const id = useId();
  const strip = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const at = items.findIndex((t) => t.key === activeKey);
    const next = items[(at + step + items.length) % items.length]!;
    onChange(next.key);
    strip.current?.querySelector<HTMLElement>(`[data-key="${next.key}"]`)?.focus();
  };
  return (
    <div className={styles.tabs}>
      <div role="tablist" className={styles.strip} ref={strip} onKeyDown={onKeyDown}>
        {items.map((tab) => {
          const active = tab.key === activeKey;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`${id}-${tab.key}`}
              data-key={tab.key}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              className={styles.tab}
              onClick={() => onChange(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${activeKey}`} className={styles.panel}>
        {children}
      </div>
    </div>
  );
}
