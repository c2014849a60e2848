import { Drawer } from 'antd';
import { SideNav } from './SideNav';

/** The navigation as a drawer over the page, for screens narrower than the desktop layout. */
export default function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      placement="left"
      size={240}
      open={open}
      onClose={onClose}
      styles={{ body: { padding: 0 }, header: { display: 'none' } }}
    >
      <SideNav onNavigate={onClose} />
    </Drawer>
  );
}
