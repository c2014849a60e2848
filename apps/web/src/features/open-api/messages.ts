import { openApiMessages } from '@app/contract';

/** The open API's page and console screen: the contract's words, and the labels only the web app shows. */
export const openApiText = {
  ...openApiMessages,
  access: '接口状态',
  accessOn: '可以调用',
  keyNameRule: '名称最多 64 个字符',
  keyLabel: '完整密钥',
  newSecretLabel: '新的签名密钥',
  endpointUrlRule: '回调地址最多 2048 个字符',
  docsLink: '查看接口文档',
  lastUsedShort: '最近使用',
} as const;
