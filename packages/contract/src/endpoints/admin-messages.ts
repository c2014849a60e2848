/** What the operator console says; the server's refusals and the console's labels come from here. */
export const adminMessages = {
  userMissing: '用户不存在',
  selfDisable: '不能停用自己的账号',
  selfRole: '不能修改自己的角色',
  roleUnknown: '角色只能是 user / operator / admin',
  guestRole: '游客账号不能设为管理人员',
  adjustZero: '调整积分不能为 0',
  reasonRequired: '请填写调整原因',
  insufficient: '扣减数量超过该用户的可用积分',
  vipFormat: 'VIP 到期时间格式应为 YYYY-MM-DD HH:mm:ss',
  passwordRule: '新密码至少6位，须同时包含数字和字母',
  guestPassword: '游客账号没有密码',
  batchRequired: '请填写批次名称',
  batchMissing: '该批次不存在',
  nothingToVoid: '没有可作废的兑换码',
  codesTooMany: '单批最多生成 10000 个兑换码',
  adjusted: '积分已调整',
  vipSaved: 'VIP 到期时间已保存',
  passwordReset: '密码已重置，该用户需重新登录',
  disabled: '账号已停用，登录状态已全部失效',
  enabled: '账号已启用',
  roleSaved: '角色已修改',
  adminProtected: '管理员账号只能由其本人修改',
  staffProtected: '运营只能管理普通用户，不能修改其他运营或管理员',
  codesMade: (n: number) => `已生成 ${n} 个兑换码`,
  codesVoided: (n: number) => `已作废 ${n} 个兑换码`,
} as const;

/** Who may use the console: the roles an account can have and what each is called there. */
export const ROLES = ['user', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const roleLabels: Record<Role, string> = { user: '普通用户', operator: '运营', admin: '管理员' };

/** Audit actions, with the label the audit screen shows. */
export const auditActions = {
  'live.settings': '修改实时互动设置',
  'user.credits': '调整积分',
  'user.vip': '设置VIP到期',
  'user.password': '重置密码',
  'user.disable': '停用账号',
  'user.enable': '启用账号',
  'user.role': '修改角色',
  'user.refused': '越权操作被拒绝',
  'cdkeys.create': '生成兑换码',
  'cdkeys.export': '导出兑换码',
  'cdkeys.void': '作废兑换码',
  'site.settings': '修改站点设置',
  'site.text': '修改页面内容',
  'notice.create': '新建公告',
  'notice.update': '编辑公告',
  'notice.publish': '发布公告',
  'notice.unpublish': '撤回公告',
  'notice.delete': '删除公告',
  'channel.update': '修改渠道',
  'engine.settings': '修改引擎设置',
  'job.retry': '重试任务',
  'job.refund': '退还任务积分',
  'library.update': '修改公共素材',
  'curation.create': '新增运营内容',
  'curation.update': '修改运营内容',
  'workflow.update': '修改工作流模板',
  'api.key.revoke': '撤销API密钥',
  'api.site': '切换全站开放接口',
  'api.user': '切换用户开放接口',
} as const;
export type AuditAction = keyof typeof auditActions;

/** Messages of the site, branding and notice screens. */
export const siteConsoleMessages = {
  saved: '站点设置已保存',
  textSaved: '页面内容已保存',
  textUnknown: '未知的页面',
  noticeMissing: '公告不存在',
  noticeTitle: '请填写公告标题',
  noticeSaved: '公告已保存',
  noticePublished: '公告已发布',
  noticeUnpublished: '公告已撤回',
  noticeDeleted: '公告已删除',
  nothingChanged: '没有需要保存的修改',
} as const;

/** Operator-written pages the site screen edits, with their titles. */
export const SITE_TEXT_KEYS = [
  'agreement.user',
  'agreement.privacy',
  'agreement.clone',
  'credits_rule',
  'usage_guide',
] as const;
export type SiteTextKey = (typeof SITE_TEXT_KEYS)[number];

export const channelConsoleMessages = {
  missing: '渠道不存在',
  kindMissing: '渠道类型不存在',
  saved: '渠道已保存',
} as const;
