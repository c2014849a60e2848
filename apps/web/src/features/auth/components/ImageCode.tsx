import { CAPTCHA_SIZE } from '@app/contract';
import { Spin } from 'antd';
import { authMessages } from '../messages';

/** The login image code drawn by the server (spec 000 §2: 120x40); clicking asks for a new one. */
export function ImageCode({ svg, onRefresh }: { svg: string | undefined; onRefresh: () => void }) {
  const box = { width: CAPTCHA_SIZE.width, height: CAPTCHA_SIZE.height, flex: 'none', borderRadius: 6 } as const;
  if (!svg)
    return (
      <Spin spinning>
        <div style={box} />
      </Spin>
    );
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      width={CAPTCHA_SIZE.width}
      height={CAPTCHA_SIZE.height}
      role="button"
      tabIndex={0}
      alt={authMessages.captchaImage}
      title={authMessages.captchaImage}
      style={{ ...box, cursor: 'pointer' }}
      onClick={onRefresh}
      onKeyDown={(e) => e.key === 'Enter' && onRefresh()}
    />
  );
}
