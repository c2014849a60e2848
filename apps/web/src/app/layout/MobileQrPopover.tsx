import { MobileOutlined } from '@ant-design/icons';
import { Button, Flex, Popover } from 'antd';
import { Text } from '../../components/text/Text';
import { useEffect, useState } from 'react';
import { useSiteSettings } from '../../lib/site-settings';
import { shellMessages } from './messages';

/** The operator's QR image when set, otherwise a QR of the mobile (or current) site address drawn locally. */
function useMobileQr(wanted: boolean): string | null {
  const { data } = useSiteSettings();
  const [drawn, setDrawn] = useState<string | null>(null);
  const target = data?.mobile_url || `${window.location.origin}${window.location.pathname}`;
  useEffect(() => {
    if (data?.qrcode || !wanted) return;
    let live = true;
    // The QR drawer is code-split: it loads the first time the popover opens.
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(target, { width: 160, margin: 1 }))
      .then((url) => live && setDrawn(url))
      .catch((error: unknown) => console.warn(error));
    return () => {
      live = false;
    };
  }, [target, data?.qrcode, wanted]);
  return data?.qrcode || drawn;
}

export function MobileQrPopover() {
  const [wanted, setWanted] = useState(false);
  const qr = useMobileQr(wanted);
  const content = (
    <Flex vertical align="center" gap={8}>
      {qr && <img src={qr} width={160} height={160} alt={shellMessages.mobileHint} />}
      <Text type="secondary">{shellMessages.mobileHint}</Text>
    </Flex>
  );
  return (
    <Popover content={content} trigger="hover" placement="bottom" onOpenChange={(open) => open && setWanted(true)}>
      <Button type="text" shape="circle" aria-label={shellMessages.mobile} icon={<MobileOutlined />} />
    </Popover>
  );
}
