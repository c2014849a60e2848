import { Button, Result } from 'antd';
import { clientMessages } from '../lib/messages';

/** A page that failed to draw (or to load after an update): the router shows this instead of a blank screen. */
export function RouteError() {
  return (
    <Result
      status="error"
      title={clientMessages.pageFailed}
      subTitle={clientMessages.pageFailedHint}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {clientMessages.reload}
        </Button>
      }
    />
  );
}
