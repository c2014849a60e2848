import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Popover } from 'antd';
import { Rule, Text } from '../../../components/text/Text';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useOnRouteChange } from '../../../lib/route-change';
import { isGuest, useAccountInfo, useOpenRedeem } from '../../../entities/account';
import { useLogout } from '../api/logout';
import { accountMenuMessages as m } from '../messages';

// The storage bar is code-split with its progress bar: it shows only once the menu is opened.
const StorageUsage = lazy(() => import('./StorageUsage').then((m) => ({ default: m.StorageUsage })));

// The password form is code-split: it loads when first asked for.
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** Menu rows: their text lines up with the name above while the hover background keeps a little room. */
const menuItem = { justifyContent: 'flex-start', paddingInline: 8, marginInline: -8 } as const;

/** Avatar popover (spec 000 §2): name, storage, expand, redeem, password, usage details, logout or 立即登录. */
export function AccountMenu() {
  const { data } = useAccountInfo();
  const guest = isGuest(data);
  const [open, setOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const navigate = useNavigate();
  const openRedeem = useOpenRedeem();
  const logout = useLogout();
  useOnRouteChange(() => {
    setOpen(false);
    setPasswordOpen(false);
  });
  const act = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  const content = (
    <Flex vertical gap={4} style={{ width: 240 }}>
      <Text strong>{data?.username || m.guestName}</Text>
      <Suspense fallback={<div style={{ minHeight: 48 }} />}>
        <StorageUsage active={open} guest={guest} />
      </Suspense>
      <Rule />
      <Button type="text" style={menuItem} onClick={act(openRedeem)}>
        {m.redeem}
      </Button>
      {!guest && (
        <Button type="text" style={menuItem} onClick={act(() => setPasswordOpen(true))}>
          {m.changePassword}
        </Button>
      )}
      <Button type="text" style={menuItem} onClick={act(() => void navigate('/consum'))}>
        {m.usageDetails}
      </Button>
      <Rule />
      {guest ? (
        <Button type="primary" block onClick={act(() => void navigate('/login'))}>
          {m.loginNow}
        </Button>
      ) : (
        <Button block loading={logout.isPending} onClick={act(() => logout.mutate())}>
          {m.logout}
        </Button>
      )}
    </Flex>
  );

  return (
    <>
      <Popover content={content} open={open} onOpenChange={setOpen} placement="bottomRight" trigger="click">
        <Button type="text" shape="circle" aria-label={m.account} style={{ padding: 0 }}>
          <Avatar size={32} src={data?.avatar || undefined} icon={<UserOutlined />} />
        </Button>
      </Popover>
      {passwordOpen && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
