import { describe, expect, it } from 'vitest';
import { auditSentence, targetText } from './audit-sentence';

describe('audit rows as sentences', () => {
  it('says who changed what on which account, with the old and new values', () => {
    expect(
      auditSentence({
        actor: 'admin',
        action: 'user.credits',
        target: 'user:12',
        before: { credits: 100 },
        after: { credits: 150, change: 50, reason: '活动补偿', days: 30 },
      }),
    ).toBe('admin 调整积分：用户 #12，积分 100 → 150，变动 +50，原因 活动补偿，有效天数 30');
  });

  it('leaves out what did not change and says switches in words', () => {
    expect(
      auditSentence({
        actor: 'ops',
        action: 'channel.update',
        target: 'channel:video:local',
        before: { name: '本地合成', credits: 1, enabled: 1 },
        after: { name: '本地合成', credits: 2, enabled: 0 },
      }),
    ).toBe('ops 修改渠道：渠道 video/local，积分 1 → 2，启用 是 → 否');
    expect(
      auditSentence({
        actor: 'admin',
        action: 'site.settings',
        target: 'site',
        before: { site_title: 'A' },
        after: { site_title: 'B' },
      }),
    ).toBe('admin 修改站点设置：站点，站点名称 A → B');
  });

  it('keeps a target or action it does not know as it is, and no raw JSON in the sentence', () => {
    expect(targetText('other:1')).toBe('other:1');
    const s = auditSentence({
      actor: 'a',
      action: 'user.password',
      target: 'user:3',
      before: null,
      after: { sessions: 'revoked' },
    });
    expect(s).toBe('a 重置密码：用户 #3，登录 已全部退出');
    expect(s).not.toMatch(/[{}"]/);
    expect(
      auditSentence({
        actor: 'a',
        action: 'notice.delete',
        target: 'notice:3',
        before: { id: 3, title: 'T', content: '<p>五折</p>', published: 1 },
        after: null,
      }),
    ).toBe('a 删除公告：公告 #3，标题 T，内容 五折，已发布 是');
  });
});
