/** Most keys one account keeps at once (revoked ones do not count). */
export const API_KEYS_MAX = 10;

/** Most webhook endpoints one account keeps at once. */
export const WEBHOOK_ENDPOINTS_MAX = 10;

/** The events a webhook endpoint can listen to (HeyGen's names): an API video done, or failed. */
export const WEBHOOK_EVENTS = ['avatar_video.success', 'avatar_video.fail'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Every Chinese message of the open API's pages and of its keys, switches and webhooks. */
export const openApiMessages = {
  pageTitle: '开放接口',
  pageIntro:
    '用 API 密钥从您自己的程序调用本站：生成数字人视频、上传素材、查询积分，视频完成时推送到您的地址。接口形状与 HeyGen 公开接口一致。',
  docsLink: '查看接口文档',
  keysTitle: 'API 密钥',
  createKey: '创建密钥',
  keyName: '密钥名称',
  keyNamePlaceholder: '例如：官网后台',
  keyNameRequired: '请输入密钥名称',
  keyCreated: '密钥已创建',
  keyShownOnce: '请立即复制并妥善保存：关闭后将无法再次查看完整密钥。',
  copyKey: '复制密钥',
  copied: '已复制',
  copyFailed: '复制失败，请手动选择复制',
  keyPrefix: '密钥',
  createTime: '创建时间',
  lastUsed: '最近使用',
  neverUsed: '从未使用',
  actions: '操作',
  revoke: '撤销',
  revokeConfirm: '撤销后使用该密钥的程序将立即无法调用，确定撤销？',
  keyRevoked: '密钥已撤销',
  keyMissing: '密钥不存在或已撤销',
  noKeys: '还没有 API 密钥',
  tooManyKeys: (max: number) => `最多同时保留 ${max} 个密钥，请先撤销不用的密钥`,
  guestRefused: '游客账号不能创建 API 密钥，请先注册或登录',
  siteOff: '本站已关闭开放接口',
  userOff: '您的账号已被停用开放接口，请联系客服',
  deliveriesTitle: '回调推送记录',
  noDeliveries: '还没有推送记录',
  deliveriesIntro:
    '在上方或用 POST /v1/webhook/endpoint.add 添加回调地址后，视频完成或失败时会推送到该地址；未返回 2xx 的推送会在约一天内重试。',
  deliveryEvent: '事件',
  deliveryVideo: '视频 ID',
  deliveryUrl: '回调地址',
  deliveryStatus: '状态',
  deliveryAttempts: '推送记录',
  deliveryTime: '时间',
  deliveryPending: '等待重试',
  deliveryDelivered: '已送达',
  deliveryFailed: '已放弃',
  deliveryCancelled: '已取消',
  deliveryNextAttempt: (time: string) => `下次重试：${time}`,
  attemptNone: '尚未推送',
  attemptRefusedAddress: '目标地址不是公网地址，已拒绝发送',
  attemptTimedOut: '等待响应超时',
  attemptUnreachable: '无法连接到回调地址',
  close: '我已保存',
  endpointsTitle: '回调地址',
  endpointsIntro:
    '视频完成或失败时推送到这些地址，每次推送都用该地址的签名密钥签名。添加时会向该地址发送 OPTIONS 请求，须返回 2xx。',
  addEndpoint: '添加',
  addEndpointTitle: '添加回调地址',
  endpointUrl: '回调地址',
  endpointUrlPlaceholder: 'https://example.com/webhooks/video',
  endpointUrlRequired: '请输入回调地址',
  endpointEvents: '事件',
  endpointEventsRequired: '请至少选择一个事件',
  eventSuccess: '视频完成',
  eventFail: '视频失败',
  endpointSecret: '签名密钥',
  showSecret: '显示',
  hideSecret: '隐藏',
  copySecret: '复制',
  endpointAdded: '回调地址已添加',
  endpointDeleted: '回调地址已删除',
  deleteEndpoint: '删除',
  deleteEndpointConfirm: '删除后不再向该地址推送，尚未送达的推送将取消，确定删除？',
  rotateSecret: '轮换密钥',
  rotateConfirmTitle: '轮换签名密钥？',
  rotateConfirm: '轮换后 24 小时内新旧密钥同时签名，请在此期间把接收端换成新密钥',
  secretRotated: '签名密钥已轮换',
  newSecretShown: '新的签名密钥如下；旧密钥在 24 小时内仍会一同签名，请在此期间更新接收端：',
  noEndpoints: '还没有回调地址',
  endpointEventsInvalid: '事件只能是 avatar_video.success 或 avatar_video.fail',

  consoleMenu: '开放接口',
  consoleSiteSwitch: '全站开放接口',
  consoleSiteOn: '开放接口已开启',
  consoleSiteOff: '开放接口已关闭',
  consoleKeys: '全部密钥',
  consoleBlocked: '已停用开放接口的用户',
  consoleBlockUser: '停用该用户的开放接口',
  consoleUnblockUser: '恢复',
  consoleUserPlaceholder: '输入用户名',
  consoleUserBlocked: '已停用该用户的开放接口',
  consoleUserUnblocked: '已恢复该用户的开放接口',
  consoleSearch: '按用户名或密钥名称搜索',
  owner: '所属用户',
  status: '状态',
  statusActive: '可用',
  statusRevoked: '已撤销',
  revokedByOperator: '运营撤销',
  userMissing: '用户不存在',
} as const;

/**
 * The open API's refusals: HTTP status, the stable `error.code` a program tests, and the message in
 * Chinese (the default) and English (`Accept-Language: en`).
 */
export const openApiErrors = {
  keyMissing: {
    status: 401,
    code: 'authentication_failed',
    zh: '缺少 X-Api-Key 请求头',
    en: 'Missing X-Api-Key header',
  },
  keyInvalid: {
    status: 401,
    code: 'authentication_failed',
    zh: 'API 密钥无效或已撤销',
    en: 'Invalid or revoked API key',
  },
  siteOff: { status: 403, code: 'api_disabled', zh: openApiMessages.siteOff, en: 'The API is turned off on this site' },
  userOff: {
    status: 403,
    code: 'api_disabled',
    zh: openApiMessages.userOff,
    en: 'The API is turned off for this account',
  },
  accountDisabled: { status: 403, code: 'account_disabled', zh: '账号已停用', en: 'This account is disabled' },
  rateLimited: {
    status: 429,
    code: 'rate_limit_exceeded',
    zh: '请求过于频繁，请稍后再试',
    en: 'Too many requests, retry later',
  },
  invalidParameter: { status: 400, code: 'invalid_parameter', zh: '参数不正确', en: 'Invalid parameter' },
  invalidJson: {
    status: 400,
    code: 'invalid_parameter',
    zh: '请求体不是合法的 JSON',
    en: 'The body is not valid JSON',
  },
  notFound: { status: 404, code: 'not_found', zh: '接口不存在', en: 'No such endpoint' },
  videoMissing: { status: 404, code: 'video_not_found', zh: '视频不存在', en: 'Video not found' },
  videoNotEnded: {
    status: 400,
    code: 'video_in_progress',
    zh: '视频仍在生成中，完成或失败后才能删除',
    en: 'The video is still being made; delete it once it completed or failed',
  },
  avatarMissing: { status: 404, code: 'avatar_not_found', zh: '数字人不存在', en: 'Avatar not found' },
  talkingPhotoMissing: {
    status: 404,
    code: 'talking_photo_not_found',
    zh: '照片数字人不存在',
    en: 'Talking photo not found',
  },
  voiceMissing: { status: 404, code: 'voice_not_found', zh: '声音不存在', en: 'Voice not found' },
  assetMissing: { status: 404, code: 'asset_not_found', zh: '素材不存在', en: 'Asset not found' },
  assetType: {
    status: 415,
    code: 'unsupported_media_type',
    zh: '素材类型不支持：请上传 image/jpeg、image/png、video/mp4、video/quicktime、audio/mpeg、audio/mp4 或 audio/wav',
    en: 'Unsupported asset type: send image/jpeg, image/png, video/mp4, video/quicktime, audio/mpeg, audio/mp4 or audio/wav',
  },
  assetTooLarge: {
    status: 413,
    code: 'payload_too_large',
    zh: '素材超过大小上限',
    en: 'The asset is larger than allowed',
  },
  assetEmpty: {
    status: 400,
    code: 'invalid_parameter',
    zh: '请求体为空，请发送素材文件本身',
    en: 'Empty body: send the file itself',
  },
  insufficientCredit: {
    status: 402,
    code: 'insufficient_credit',
    zh: '积分不足',
    en: 'Not enough credits',
  },
  refused: { status: 400, code: 'request_refused', zh: '请求被拒绝', en: 'Request refused' },
  unsupported: { status: 400, code: 'unsupported_feature', zh: '暂不支持该功能', en: 'Not supported' },
  idempotencyMismatch: {
    status: 422,
    code: 'idempotency_key_reused',
    zh: '该 Idempotency-Key 已用于另一个请求体',
    en: 'This Idempotency-Key was used with another request body',
  },
  idempotencyInProgress: {
    status: 409,
    code: 'request_in_progress',
    zh: '使用该 Idempotency-Key 的请求仍在处理中，请稍后重试',
    en: 'A request with this Idempotency-Key is still being processed; retry later',
  },
  idempotencyKeyFormat: {
    status: 400,
    code: 'invalid_parameter',
    zh: 'Idempotency-Key 须为 1–255 个字母、数字或 _ - : . 字符',
    en: 'Idempotency-Key must be 1-255 characters of letters, digits and _ - : .',
  },
  webhookUrlScheme: {
    status: 400,
    code: 'invalid_parameter',
    zh: '回调地址须是 http 或 https 链接，且不能带用户名或密码',
    en: 'The webhook url must be an http or https link without user name or password',
  },
  webhookUrlPrivate: {
    status: 400,
    code: 'invalid_parameter',
    zh: '回调地址须指向公网：不能是本机、内网或保留地址',
    en: 'The webhook url must lead to the public internet, not to this host, a private or a reserved address',
  },
  webhookUrlUnresolvable: {
    status: 400,
    code: 'invalid_parameter',
    zh: '回调地址的域名无法解析',
    en: 'The host name of the webhook url does not resolve',
  },
  webhookUrlUnanswered: {
    status: 400,
    code: 'webhook_url_unreachable',
    zh: '回调地址验证失败：该地址须对 OPTIONS 请求返回 2xx',
    en: 'The webhook url failed its check: it must answer an OPTIONS request with 2xx',
  },
  webhookDuplicate: {
    status: 409,
    code: 'webhook_endpoint_exists',
    zh: '该回调地址已添加',
    en: 'This webhook url is already registered',
  },
  webhookTooMany: {
    status: 400,
    code: 'webhook_endpoint_limit',
    zh: `最多同时保留 ${WEBHOOK_ENDPOINTS_MAX} 个回调地址，请先删除不用的`,
    en: `At most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints at once; delete one you no longer use`,
  },
  webhookMissing: {
    status: 404,
    code: 'webhook_endpoint_not_found',
    zh: '回调地址不存在',
    en: 'Webhook endpoint not found',
  },
  internal: {
    status: 500,
    code: 'internal_error',
    zh: '服务暂时不可用，请稍后重试',
    en: 'Internal error, retry later',
  },
} as const;
export type OpenApiErrorName = keyof typeof openApiErrors;

/** What exactly the generate call does not offer, in both languages (code `unsupported_feature`). */
export const openApiUnsupported = {
  avatarStyle: {
    zh: '数字人只支持 avatar_style: normal；缩放（0.3–1）与偏移（-0.5–0.5）需与背景（background）一起设置',
    en: 'Only avatar_style normal is offered; scale (0.3–1) and offset (-0.5–0.5) place the avatar on a background, so they need one',
  },
  audioUrl: {
    zh: '请先用 POST /v1/asset 上传音频，再以 audio_asset_id 引用；暂不支持 audio_url',
    en: 'Upload the audio with POST /v1/asset and pass audio_asset_id; audio_url is not offered',
  },
  pitch: { zh: '暂不支持调整音高（pitch）', en: 'pitch is not offered' },
  background: {
    zh: '背景图片或视频请先用 POST /v1/asset 上传，再以 image_asset_id 或 video_asset_id 引用；暂不支持 url',
    en: 'Upload a background picture or video with POST /v1/asset and pass image_asset_id or video_asset_id; url is not offered',
  },
  photoBackground: {
    zh: '照片数字人（talking_photo）只支持纯色背景（type: color），它填充画面（dimension）中照片以外的部分',
    en: 'A talking_photo takes a colour background only (type: color), filling the dimension frame round the photo',
  },
  testMode: {
    zh: '本站没有测试模式：视频按正常价格生成并扣除积分，请去掉 test: true',
    en: 'There is no test mode here: videos are made and charged at the normal price; drop test: true',
  },
} as const;
