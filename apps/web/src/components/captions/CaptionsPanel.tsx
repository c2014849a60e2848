import { Alert, Card, ColorPicker, Flex, Radio, Select, Slider, Switch, Typography } from 'antd';
import { useEffect, type CSSProperties } from 'react';
import {
  CAPTION_FONTS,
  CAPTION_LINE_CHARS,
  CAPTION_LOOKS,
  CAPTION_POSITIONS,
  CAPTION_PRESETS,
  CAPTION_SIZE,
  captionMarginShare,
  captionPresetKeys,
  spokenText,
  type CaptionFont,
  type CaptionLook,
  type CaptionPosition,
  type CaptionPreset,
  type CaptionStyle,
} from '@app/contract';
import { useCaptionsStore } from './captions-store';
import { captionsText as t } from './messages';

/** The frame the preview stands for: 1080 × 1920 portrait, 1920 × 1080 landscape. */
const frameOf = (landscape: boolean) => (landscape ? { w: 1920, h: 1080 } : { w: 1080, h: 1920 });

/** The choices of a control, from a record of labels keyed by value. */
const choicesOf = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

/** The first caption line of the script (to its first mark, at most a line's width), or a sample. */
export function sampleLine(script: string, maxChars = 14): string {
  const first = spokenText(script)
    .split(/[。！？!?；;，、,：:\n]/)
    .map((s) => s.trim())
    .find(Boolean);
  return first ? Array.from(first).slice(0, maxChars).join('') : t.sample;
}

/**
 * The caption as the server draws it, in CSS over a picture of the frame's shape: the same font, its size
 * as a share of the frame's short side, the outline (a stroke of the same share) or a dark box, the same
 * distance from the edge. The box's width is its container's (container query units).
 */
export function captionCss(style: CaptionStyle, landscape: boolean): CSSProperties {
  const { w, h } = frameOf(landscape);
  // 1cqw is a hundredth of the preview's width, i.e. w / 100 frame pixels.
  const px = (framePx: number) => `${((framePx / w) * 100).toFixed(3)}cqw`;
  const fontPx = (style.size * Math.min(w, h)) / 1080;
  const box = style.look === 'box';
  const border = box ? Math.max(4, Math.round(fontPx * 0.22)) : Math.max(2, Math.round(fontPx * 0.08));
  const margin = `${(captionMarginShare(w, h) * 100).toFixed(2)}%`;
  const place: CSSProperties =
    style.position === 'middle'
      ? { top: '50%', transform: 'translate(-50%, -50%)' }
      : style.position === 'top'
        ? { top: margin, transform: 'translateX(-50%)' }
        : { bottom: margin, transform: 'translateX(-50%)' };
  return {
    position: 'absolute',
    left: '50%',
    maxWidth: '90%',
    whiteSpace: 'nowrap',
    fontFamily: `"${CAPTION_FONTS[style.font].family}", ${style.font === 'serif' ? 'serif' : 'sans-serif'}`,
    fontWeight: 700,
    fontSize: px(fontPx),
    lineHeight: 1.2,
    color: style.color,
    ...(box
      ? { background: 'rgba(0, 0, 0, 0.62)', padding: `0 ${px(border)}` }
      : { WebkitTextStroke: `${px(border * 2)} #000`, paintOrder: 'stroke fill' }),
    ...place,
  };
}

interface CaptionsPanelProps {
  /** The chosen avatar's or picture's cover, under the preview line. */
  cover?: string;
  landscape?: boolean;
  /** The script the first line is taken from. */
  script?: string;
  /** Why captions cannot be made for this work (user words); the switch is off and greyed. */
  unavailable?: string;
}

/** Captions on or off, a named style and its knobs, with the line as it will look over the chosen cover. */
export function CaptionsPanel({ cover, landscape = false, script = '', unavailable }: CaptionsPanelProps) {
  const { on, preset, style, setOn, setBlocked, choosePreset, setStyle } = useCaptionsStore();
  const active = on && !unavailable;
  useEffect(() => setBlocked(!!unavailable), [unavailable, setBlocked]);
  return (
    <Card
      size="small"
      title={t.title}
      data-testid="captions-panel"
      extra={
        <Switch
          aria-label={t.toggle}
          checked={active}
          disabled={!!unavailable}
          onChange={setOn}
          checkedChildren={t.on}
          unCheckedChildren={t.off}
        />
      }
    >
      {unavailable && <Alert type="info" showIcon message={unavailable} />}
      {active && (
        <Flex vertical gap={10}>
          <Radio.Group
            aria-label={t.preset}
            value={preset}
            onChange={(e) => choosePreset(e.target.value as CaptionPreset)}
            optionType="button"
            options={captionPresetKeys.map((k) => ({ value: k, label: CAPTION_PRESETS[k].name }))}
          />
          <div
            data-testid="captions-preview"
            style={{
              position: 'relative',
              containerType: 'inline-size',
              width: landscape ? '100%' : '56%',
              margin: '0 auto',
              aspectRatio: landscape ? '16 / 9' : '9 / 16',
              background: cover ? `#000 url("${cover}") center / cover no-repeat` : '#555',
              borderRadius: 6,
              overflow: 'hidden',
            }}
          >
            <span style={captionCss(style, landscape)}>{sampleLine(script, landscape ? 22 : 14)}</span>
          </div>
          <Flex gap={8} wrap align="center">
            <Typography.Text type="secondary">{t.font}</Typography.Text>
            <Select
              aria-label={t.font}
              size="small"
              value={style.font}
              onChange={(font: CaptionFont) => setStyle({ font })}
              options={(Object.keys(CAPTION_FONTS) as CaptionFont[]).map((k) => ({
                value: k,
                label: CAPTION_FONTS[k].label,
              }))}
              style={{ width: 80 }}
            />
            <Typography.Text type="secondary">{t.color}</Typography.Text>
            <ColorPicker
              size="small"
              disabledAlpha
              value={style.color}
              presets={[{ label: t.color, colors: ['#ffffff', '#ffd400', '#000000', '#ff4d4f', '#52c41a', '#1677ff'] }]}
              onChangeComplete={(c) => setStyle({ color: c.toHexString().slice(0, 7) })}
            />
            <Typography.Text type="secondary">{t.lineChars}</Typography.Text>
            <Select
              aria-label={t.lineChars}
              size="small"
              value={style.lineChars}
              onChange={(lineChars: number) => setStyle({ lineChars })}
              options={[
                { value: 0, label: t.auto },
                ...[8, 10, 12, 14, 16, 18, 20, 24, CAPTION_LINE_CHARS.max].map((n) => ({
                  value: n,
                  label: t.chars(n),
                })),
              ]}
              style={{ width: 96 }}
            />
          </Flex>
          <Flex gap={8} align="center">
            <Typography.Text type="secondary" style={{ flex: 'none' }}>
              {t.size}
            </Typography.Text>
            <Slider
              aria-label={t.size}
              min={CAPTION_SIZE.min}
              max={CAPTION_SIZE.max}
              value={style.size}
              onChange={(size: number) => setStyle({ size })}
              style={{ flex: 1 }}
            />
          </Flex>
          <Flex gap={8} wrap align="center">
            <Radio.Group
              aria-label={t.look}
              size="small"
              value={style.look}
              onChange={(e) => setStyle({ look: e.target.value as CaptionLook })}
              optionType="button"
              options={choicesOf(CAPTION_LOOKS)}
            />
            <Radio.Group
              aria-label={t.position}
              size="small"
              value={style.position}
              onChange={(e) => setStyle({ position: e.target.value as CaptionPosition })}
              optionType="button"
              options={choicesOf(CAPTION_POSITIONS)}
            />
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
