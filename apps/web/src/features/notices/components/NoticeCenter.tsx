import { BellOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useOnRouteChange } from '../../../lib/route-change';
import { noticeMessages } from '../messages';

// The message centre is code-split: the top bar of every page carries only the bell.
const NoticeDialog = lazy(() => import('./NoticeDialog'));

/** The bell in the top bar; the message centre loads the first time it is opened. */
export function NoticeCenter() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  useOnRouteChange(() => setOpen(false));
  return (
    <>
      <Button
        type="text"
        shape="circle"
        aria-label={noticeMessages.centre}
        icon={<BellOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      />
      {opened && (
        <Suspense fallback={null}>
          <NoticeDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
