import type { CSSProperties, ReactNode } from 'react';
import styles from './Text.module.css';

interface TextProps {
  children: ReactNode;
  strong?: boolean;
  type?: 'secondary';
  /** One line, cut with an ellipsis; the whole text shows as the native tooltip when it is a string. */
  ellipsis?: boolean;
  className?: string;
  style?: CSSProperties;
}

/**
 * A line of text in the theme's colours, for the shell and the home page: antd's Typography carries its
 * in-place editor (a whole text area) into every page that imports it.
 */
export function Text({ children, strong, type, ellipsis, className, style }: TextProps) {
  const classes = [styles.text, strong && styles.strong, type && styles[type], ellipsis && styles.ellipsis, className];
  return (
    <span
      className={classes.filter(Boolean).join(' ')}
      style={style}
      title={ellipsis && typeof children === 'string' ? children : undefined}
    >
      {children}
    </span>
  );
}

/** A thin horizontal rule between groups of a popover. */
export function Rule({ margin = 8 }: { margin?: number }) {
  return <hr className={styles.rule} style={{ marginBlock: margin }} />;
}
