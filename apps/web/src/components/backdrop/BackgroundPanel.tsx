import { Alert, Card, ColorPicker, Flex, Segmented, Select, Slider, Typography } from 'antd';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { AVATAR_SCREENS, BACKGROUND_SWATCHES, PRESENTER, type AvatarScreen } from '@app/contract';
import { useMaterials } from '../../entities/materials';
import { FileUpload } from '../upload';
import { useFinishStore, type BackdropKind, type FinishFile, type Presenter } from './finish-store';
import { keyOutScreen } from './chroma-key';
import { backdropText as t } from './messages';

/** The longest side the preview keys at: enough for a sharp card, cheap to redo on every cover. */
const KEY_SIDE = 720;

const isScreen = (screen: string | undefined): screen is AvatarScreen => screen === 'green' || screen === 'blue';

/**
 * The cover with its screen keyed out, on a canvas. A cover the browser may not read back (another origin
 * without CORS) is drawn as it is. Reports the cover's shape once it is known.
 */
function KeyedCover({ cover, screen, onShape }: { cover: string; screen: AvatarScreen; onShape: (r: number) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => {
      const el = canvas.current;
      if (!live || !el || !img.naturalWidth) return;
      const fit = Math.min(1, KEY_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
      el.width = Math.round(img.naturalWidth * fit);
      el.height = Math.round(img.naturalHeight * fit);
      const ctx = el.getContext('2d', { willReadFrequently: true });
      if (!ctx) return;
      ctx.drawImage(img, 0, 0, el.width, el.height);
      try {
        const pixels = ctx.getImageData(0, 0, el.width, el.height);
        keyOutScreen(pixels.data, screen);
        ctx.putImageData(pixels, 0, 0);
      } catch {
        // A picture the page may not read: shown unkeyed.
      }
      onShape(img.naturalWidth / img.naturalHeight);
    };
    img.src = cover;
    return () => {
      live = false;
    };
  }, [cover, screen, onShape]);
  return (
    <canvas ref={canvas} data-testid="backdrop-presenter" style={{ display: 'block', width: '100%', height: '100%' }} />
  );
}

interface PreviewProps {
  cover?: string;
  cutout?: string;
  screen: AvatarScreen | null;
  landscape: boolean;
  kind: BackdropKind;
  color: string;
  file: FinishFile | null;
  presenter: Presenter;
  onMove: (patch: Partial<Presenter>) => void;
}

/** The frame as the finished video will show it: the backdrop, and the keyed presenter at its place and size; drag to move. */
function BackdropPreview({ cover, cutout, screen, landscape, kind, color, file, presenter, onMove }: PreviewProps) {
  const [shape, setShape] = useState(landscape ? 16 / 9 : 9 / 16);
  const frameShape = landscape ? 16 / 9 : 9 / 16;
  // "1 = fits the frame": the presenter's box is the cover contained in the frame, then scaled.
  const wide = shape > frameShape;
  const size = wide
    ? { width: `${presenter.scale * 100}%`, aspectRatio: `${shape}` }
    : { height: `${presenter.scale * 100}%`, aspectRatio: `${shape}` };
  const dragging = useRef(false);
  const moveTo = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const share = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 100) / 100;
    onMove({ x: share((e.clientX - box.left) / box.width), y: share((e.clientY - box.top) / box.height) });
  };
  return (
    <div
      data-testid="backdrop-preview"
      aria-label={t.preview}
      role="img"
      onPointerDown={(e) => {
        dragging.current = true;
        e.currentTarget.setPointerCapture(e.pointerId);
        moveTo(e);
      }}
      onPointerMove={(e) => dragging.current && moveTo(e)}
      onPointerUp={() => (dragging.current = false)}
      style={{
        position: 'relative',
        width: landscape ? '100%' : '56%',
        margin: '0 auto',
        aspectRatio: landscape ? '16 / 9' : '9 / 16',
        background:
          kind === 'color'
            ? color
            : file?.kind === 'image'
              ? `#000 url("${file.url}") center / cover no-repeat`
              : // A checkerboard says "nothing chosen yet".
                'repeating-conic-gradient(#d9d9d9 0 25%, #f5f5f5 0 50%) 0 0 / 16px 16px',
        borderRadius: 6,
        overflow: 'hidden',
        cursor: 'move',
        touchAction: 'none',
        userSelect: 'none',
      }}
    >
      {kind === 'file' && file?.kind === 'video' && (
        <video
          src={file.url}
          muted
          loop
          autoPlay
          playsInline
          aria-hidden
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      {cover && (
        <div
          style={{
            position: 'absolute',
            left: `${presenter.x * 100}%`,
            top: `${presenter.y * 100}%`,
            transform: 'translate(-50%, -50%)',
            pointerEvents: 'none',
            ...size,
          }}
        >
          {screen ? (
            <KeyedCover cover={cover} screen={screen} onShape={setShape} />
          ) : (
            // The person cut out at preparation; an avatar prepared before cutouts shows its whole cover.
            <img
              src={cutout || cover}
              alt=""
              data-testid="backdrop-presenter"
              onLoad={(e) => setShape(e.currentTarget.naturalWidth / e.currentTarget.naturalHeight || shape)}
              style={{ display: 'block', width: '100%', height: '100%' }}
            />
          )}
        </div>
      )}
    </div>
  );
}

/** The user's pictures and videos of the library, and one just uploaded, to choose the backdrop from. */
function BackdropFilePicker({ disabled }: { disabled: boolean }) {
  const file = useFinishStore((s) => s.backdropFile);
  const setFile = useFinishStore((s) => s.setBackdropFile);
  const [uploadAs, setUploadAs] = useState<'image' | 'video'>('image');
  const images = useMaterials('image', !disabled);
  const videos = useMaterials('video', !disabled);
  const library: FinishFile[] = [
    ...(images.data?.list ?? []).map((m) => ({ fileId: m.file_id, name: m.name, url: m.url, kind: 'image' as const })),
    ...(videos.data?.list ?? []).map((m) => ({ fileId: m.file_id, name: m.name, url: m.url, kind: 'video' as const })),
  ];
  const uploaded = file && !library.some((f) => f.fileId === file.fileId) ? [file] : [];
  const all = [...uploaded, ...library];
  const group = (label: string, files: FinishFile[]) =>
    files.length ? [{ label, options: files.map((f) => ({ value: f.fileId, label: f.name })) }] : [];
  return (
    <Flex vertical gap={8}>
      <Select
        aria-label={t.pickFile}
        placeholder={t.filePlaceholder}
        disabled={disabled}
        loading={images.isPending || videos.isPending}
        value={file?.fileId}
        onChange={(id: number) => setFile(all.find((f) => f.fileId === id) ?? null)}
        options={[
          ...group(t.uploaded, uploaded),
          ...group(
            t.picture,
            library.filter((f) => f.kind === 'image'),
          ),
          ...group(
            t.video,
            library.filter((f) => f.kind === 'video'),
          ),
        ]}
        style={{ width: '100%' }}
      />
      <Segmented
        aria-label={t.uploadAs}
        size="small"
        disabled={disabled}
        value={uploadAs}
        onChange={(v) => setUploadAs(v as 'image' | 'video')}
        options={[
          { value: 'image', label: t.picture },
          { value: 'video', label: t.video },
        ]}
      />
      <FileUpload
        key={uploadAs}
        fileType={uploadAs}
        disabled={disabled}
        hint={uploadAs === 'image' ? t.uploadPicture : t.uploadVideo}
        onUploaded={(f, original) => setFile({ fileId: f.file_id, name: original.name, url: f.url, kind: uploadAs })}
      />
    </Flex>
  );
}

interface BackgroundPanelProps {
  /** The chosen avatar's cover, keyed out over the backdrop in the preview. */
  cover?: string;
  landscape?: boolean;
  /** The screen the avatar was recorded on ('green' | 'blue'; '' none: its person is matted). */
  screen?: string;
  /** The cover's person cut out, shown over the backdrop when the avatar has no screen. */
  cutout?: string;
  /** Why no backdrop can be set for this work (user words): shown at once, and every control is greyed. */
  unavailable?: string;
}

/** 原背景 / 纯色 / 图片或视频 behind the presenter, its place and size, previewed cut out over the backdrop. */
export function BackgroundPanel({ cover, cutout, landscape = false, screen, unavailable }: BackgroundPanelProps) {
  const { kind, color, backdropFile, presenter, setKind, setColor, setPresenter, setBackdropBlocked } =
    useFinishStore();
  const blocked = !!unavailable;
  useEffect(() => setBackdropBlocked(blocked), [blocked, setBackdropBlocked]);
  const active = !blocked && kind !== 'original';
  const slider = (label: string, key: keyof Presenter, range: { min: number; max: number }) => (
    <Flex gap={8} align="center">
      <Typography.Text type="secondary" style={{ flex: 'none', width: 56 }}>
        {label}
      </Typography.Text>
      <Slider
        aria-label={label}
        min={range.min}
        max={range.max}
        step={0.01}
        value={presenter[key]}
        tooltip={{ formatter: (v) => `${Math.round((v ?? 0) * 100)}%` }}
        onChange={(v: number) => setPresenter({ [key]: v })}
        style={{ flex: 1 }}
      />
    </Flex>
  );
  return (
    <Card size="small" title={t.title} data-testid="backdrop-panel">
      <Flex vertical gap={10}>
        {unavailable ? (
          <Alert type="info" showIcon message={unavailable} />
        ) : (
          <Typography.Text type="secondary">
            {isScreen(screen) ? t.screenFound(AVATAR_SCREENS[screen]) : t.matted}
          </Typography.Text>
        )}
        <Segmented
          aria-label={t.kind}
          block
          disabled={blocked}
          value={blocked ? 'original' : kind}
          onChange={(v) => setKind(v as BackdropKind)}
          options={[
            { value: 'original', label: t.original },
            { value: 'color', label: t.color },
            { value: 'file', label: t.file },
          ]}
        />
        {active && kind === 'color' && (
          <Flex gap={6} wrap align="center">
            {BACKGROUND_SWATCHES.map((c) => (
              <button
                key={c}
                type="button"
                aria-label={t.swatch(c)}
                aria-pressed={color === c}
                onClick={() => setColor(c)}
                style={{
                  width: 24,
                  height: 24,
                  padding: 0,
                  borderRadius: 4,
                  cursor: 'pointer',
                  background: c,
                  border: color === c ? '2px solid #1677ff' : '1px solid #d9d9d9',
                  boxShadow: color === c ? '0 0 0 2px #fff inset' : undefined,
                }}
              />
            ))}
            <ColorPicker
              size="small"
              disabledAlpha
              aria-label={t.pickColor}
              value={color}
              onChangeComplete={(c) => setColor(c.toHexString().slice(0, 7))}
            />
          </Flex>
        )}
        {active && kind === 'file' && <BackdropFilePicker disabled={blocked} />}
        {active && (
          <>
            <BackdropPreview
              cover={cover}
              cutout={cutout}
              screen={isScreen(screen) ? screen : null}
              landscape={landscape}
              kind={kind}
              color={color}
              file={backdropFile}
              presenter={presenter}
              onMove={setPresenter}
            />
            {slider(t.x, 'x', PRESENTER.x)}
            {slider(t.y, 'y', PRESENTER.y)}
            {slider(t.scale, 'scale', PRESENTER.scale)}
          </>
        )}
      </Flex>
    </Card>
  );
}
