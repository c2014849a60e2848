import { useEffect, useRef, useState } from 'react';
import { drawImageCode, IMAGE_CODE_SIZE, makeImageCode } from '../lib/image-code';
import { authMessages } from '../messages';

/** The login image code (spec 000 §2): a 120x40 canvas; clicking draws a new code. */
export function ImageCode({ onChange }: { onChange: (code: string) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [code, setCode] = useState(() => makeImageCode());
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) drawImageCode(ctx, code);
    onChange(code);
  }, [code, onChange]);
  return (
    <canvas
      ref={canvas}
      width={IMAGE_CODE_SIZE.width}
      height={IMAGE_CODE_SIZE.height}
      role="button"
      tabIndex={0}
      aria-label={authMessages.captchaImage}
      title={authMessages.captchaImage}
      style={{ cursor: 'pointer', borderRadius: 6, flex: 'none' }}
      onClick={() => setCode(makeImageCode())}
      onKeyDown={(e) => e.key === 'Enter' && setCode(makeImageCode())}
    />
  );
}
