import { Modal } from 'antd';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Calls `onLeave` when the user goes to another page (the path changes; a page's own query changes,
 * such as a tab, do not count). Dialogs that live above the pages close with it.
 */
export function useOnRouteChange(onLeave: () => void): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const leave = useEffectEvent(onLeave);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    leave();
  }, [pathname]);
}

/**
 * A dialog belongs to the page that opened it: on every page change the dialogs opened as calls
 * (modal.success, modal.confirm, through App.useApp or Modal) close, so 提交成功 never follows the
 * user onto another page. Dialogs drawn by a page close as the page goes.
 */
export function RouteDialogs() {
  useOnRouteChange(() => Modal.destroyAll());
  return null;
}
