import { App } from 'antd';
import { useEffect } from 'react';
import { connectFeedback } from '../lib/feedback';

/** Hands antd's themed message API to the API client. */
export function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => connectFeedback(message), [message]);
  return null;
}
