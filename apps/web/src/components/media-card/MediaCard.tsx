import { Card, Flex, theme, Typography } from 'antd';
import { useState, type ReactNode } from 'react';

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
}: MediaCardProps) {
  const { token } = theme.useToken();
  const [hovered, setHovered] = useState(false);
  const showActions = hovered && !!actions;
  return (
    <Card
      hoverable
      size="small"
      role="group"
      aria-label={title}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHovered(false);
      }}
      onClick={onClick}
      style={{
        borderColor: selected ? token.colorPrimary : undefined,
        boxShadow: selected ? `0 0 0 1px ${token.colorPrimary}` : undefined,
      }}
      styles={{ body: { padding: 8 } }}
      cover={
        <div
          style={{
            position: 'relative',
            aspectRatio: String(aspect),
            background: fit === 'contain' ? '#000' : token.colorFillSecondary,
            overflow: 'hidden',
          }}
        >
          {cover && (
            <img
              src={cover}
              alt={title}
              loading="lazy"
              style={{ width: '100%', height: '100%', objectFit: fit, display: 'block' }}
            />
          )}
          {overlay && (
            <Flex
              vertical
              align="center"
              justify="center"
              gap={4}
              style={{
                position: 'absolute',
                inset: 0,
                background: 'rgba(0,0,0,0.55)',
                color: '#fff',
                padding: 8,
                textAlign: 'center',
              }}
            >
              {overlay}
            </Flex>
          )}
          <Flex
            vertical
            align="center"
            justify="center"
            gap={8}
            style={{
              position: 'absolute',
              inset: 0,
              background: 'rgba(0,0,0,0.45)',
              opacity: showActions ? 1 : 0,
              pointerEvents: showActions ? 'auto' : 'none',
              transition: 'opacity .2s',
            }}
            onClick={(e) => e.stopPropagation()}
          >
            {actions}
          </Flex>
        </div>
      }
    >
      <Flex justify="space-between" align="center" gap={4}>
        <Typography.Text ellipsis={{ tooltip: title }} style={{ minWidth: 0 }}>
          {title}
        </Typography.Text>
        {extra}
      </Flex>
      {description && <div style={{ marginTop: 4, fontSize: 12, color: token.colorTextTertiary }}>{description}</div>}
    </Card>
  );
}
