import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The API client runs outside React; the app root hands it antd's message API
 * (from `App.useApp()`) so toasts follow the theme.
 */
let messageApi: MessageInstance | null = null;

export function connectFeedback(api: MessageInstance): void {
  messageApi = api;
}

export const feedback = {
  error(text: string, key?: string): void {
    if (messageApi) void messageApi.error({ content: text, key });
    else console.error(text);
  },
  success(text: string): void {
    if (messageApi && text) void messageApi.success(text);
  },
  info(text: string): void {
    if (messageApi) void messageApi.info(text);
  },
  warning(text: string): void {
    if (messageApi) void messageApi.warning(text);
  },
};
