import { Flex, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import styles from './MediaCard.module.css';

interface MediaCardProps {
  title: string;
  cover: string;
  /** Width / height of the cover box: 16/9 landscape, 9/16 portrait. */
  aspect: number;
  /** Buttons shown over the cover while hovered or focused. */
  actions?: ReactNode;
  /** Always shown over the cover (processing, failed, queue position). */
  overlay?: ReactNode;
  extra?: ReactNode;
  description?: ReactNode;
  selected?: boolean;
  /** 'contain' keeps a mixed-orientation grid even: the whole picture shows on a dark box. */
  fit?: 'cover' | 'contain';
  onClick?: () => void;
  /** Covers in the first screenful load at once and first; the rest wait until they scroll near. */
  eager?: boolean;
}

/** A cover with a name under it and hover actions: actors, avatars and works share this look. */
export function MediaCard({
  title,
  cover,
  aspect,
  actions,
  overlay,
  extra,
  description,
  selected,
  fit = 'cover',
  onClick,
  eager,
}: MediaCardProps) {
  const { token } = theme.useToken();
  const [hovered, setHovered] = useState(false);
  const showActions = hovered && !!actions;
  // Plain markup rather than antd's Card: the card brings tabs, a dropdown and a skeleton into every page
  // that shows covers, the home page first among them.
  return (
    <div
      role="group"
      aria-label={title}
      className={styles.card}
      data-selected={selected || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHovered(false);
      }}
      onClick={onClick}
    >
      <div
        className={styles.cover}
        style={{ aspectRatio: String(aspect), background: fit === 'contain' ? '#000' : token.colorFillSecondary }}
      >
        {cover && (
          <img
            src={cover}
            alt={title}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            style={{ objectFit: fit }}
          />
        )}
        {overlay && (
          <Flex vertical align="center" justify="center" gap={4} className={styles.overlay}>
            {overlay}
          </Flex>
        )}
        <Flex
          vertical
          align="center"
          justify="center"
          gap={8}
          className={styles.actions}
          style={{ opacity: showActions ? 1 : 0, pointerEvents: showActions ? 'auto' : 'none' }}
          onClick={(e) => e.stopPropagation()}
        >
          {actions}
        </Flex>
      </div>
      <div className={styles.body}>
        <Flex justify="space-between" align="center" gap={4}>
          <span className={styles.title} title={title}>
            {title}
          </span>
          {extra}
        </Flex>
        {description && <div className={styles.description}>{description}</div>}
      </div>
    </div>
  );
}
