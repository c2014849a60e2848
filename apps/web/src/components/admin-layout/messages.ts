/** Labels of the console's frame (menu, header, the refusal); each screen's own labels live with its feature. */
export const consoleLayoutText = {
  consoleTitle: '运营后台',
  backToSite: '返回前台',
  noAccess: '当前账号无权访问运营后台',
  noAccessHint: '请使用管理员或运营账号登录',
  goLogin: '去登录',
  openMenu: '打开后台菜单',
} as const;
