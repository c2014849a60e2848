import { App } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { clientMessages, commonLabels } from './messages';
import { LOGIN_PATH } from './session';
import { useUnsentWork } from './use-draft';

/**
 * While a page holds unsent text (lib/use-draft), going to another page in the app asks first: 确定 leaves
 * (the draft stays and comes back on return), 取消 stays. A page's own query changes (a tab) do not ask, nor
 * does the way to the login page: the session is ending (logout, a new password) and the drafts, kept per
 * account, come back at the next sign-in.
 * Reloads and closing the tab ask through the browser's own prompt instead.
 */
export function LeaveGuard() {
  return useUnsentWork() ? <AskBeforeLeaving /> : null;
}

// Mounted only while there is unsent work: the router warns about a blocker on every address typed by hand.
function AskBeforeLeaving() {
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== LOGIN_PATH,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: clientMessages.leaveTitle,
      content: clientMessages.leaveContent,
      okText: commonLabels.ok,
      cancelText: commonLabels.cancel,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    // Answered, or asked again by another navigation: one dialog at a time.
    return () => dialog.destroy();
  }, [blocker, modal]);
  return null;
}
