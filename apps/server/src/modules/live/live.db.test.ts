import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteLiveQa,
  listLiveQas,
  liveMessages as m,
  matchLiveQa,
  saveLiveFallback,
  saveLiveQa,
  type DataOf,
  type LiveQa,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

type Match = DataOf<typeof matchLiveQa>;
type Listing = DataOf<typeof listLiveQas>;

describe('the live Q&A library', () => {
  let t: TestApp;
  let alice: TestAccount;
  let bob: TestAccount;
  let hours: LiveQa;
  let refund: LiveQa;

  const ask = async (who: TestAccount, question: string) => {
    const r = await t.call<Match>(matchLiveQa, { question }, { token: who.token });
    expect(r.code, r.msg).toBe(0);
    return r.data;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await newAccount(t);
    bob = await newAccount(t);
    const save = async (questions: string, answer: string) => {
      const r = await t.call<LiveQa>(saveLiveQa, { questions, answer }, { token: alice.token });
      expect(r.code, r.msg).toBe(0);
      expect(r.msg).toBe(m.saved);
      return r.data;
    };
    hours = await save('你们几点营业？\n营业时间是什么时候\n 你们几点营业？ \n\n', '我们每天早上九点到晚上九点营业。');
    refund = await save('怎么退货\n退款流程是怎样的', '收到商品七天内可在订单页申请退货，审核后原路退款。');
  });
  afterAll(() => t.close());

  it('keeps each distinct variant once, newest entry first', async () => {
    expect(hours.questions).toEqual(['你们几点营业？', '营业时间是什么时候']);
    const r = await t.call<Listing>(listLiveQas, {}, { token: alice.token });
    expect(r.data.list.map((q) => q.id)).toEqual([refund.id, hours.id]);
    expect(r.data.total).toBe(2);
    expect(r.data.fallback).toBe(m.defaultFallback);
  });

  it('matches a question worded like any variant to its entry', async () => {
    expect(await ask(alice, '请问你们的营业时间？')).toMatchObject({ qa_id: hours.id, answer: hours.answer });
    expect(await ask(alice, '几点营业呢')).toMatchObject({ qa_id: hours.id });
    expect(await ask(alice, '我想退货')).toMatchObject({ qa_id: refund.id, answer: refund.answer });
    expect(await ask(alice, '退款的流程')).toMatchObject({ qa_id: refund.id });
  });

  it('answers with the fallback when nothing matches well, the user’s own once set', async () => {
    expect(await ask(alice, '今天天气怎么样')).toMatchObject({ qa_id: null, answer: m.defaultFallback });
    // One shared word in a question about something else is not a match.
    expect(await ask(alice, '明天的会议时间改到几点了，需要带电脑吗')).toMatchObject({ qa_id: null });
    const set = await t.call<{ fallback: string }>(
      saveLiveFallback,
      { answer: ' 请稍等，客服马上回复您。 ' },
      { token: alice.token },
    );
    expect(set.data.fallback).toBe('请稍等，客服马上回复您。');
    expect(await ask(alice, '今天天气怎么样')).toMatchObject({ qa_id: null, answer: '请稍等，客服马上回复您。' });
    await t.call(saveLiveFallback, { answer: '' }, { token: alice.token });
    expect((await ask(alice, '今天天气怎么样')).answer).toBe(m.defaultFallback);
  });

  it('refuses empty variants or answers', async () => {
    const empty = await t.call(saveLiveQa, { questions: ' \n ', answer: '有' }, { token: alice.token });
    expect(empty.msg).toBe(m.questionsEmpty);
    const noAnswer = await t.call(saveLiveQa, { questions: '在吗', answer: '  ' }, { token: alice.token });
    expect(noAnswer.msg).toBe(m.answerEmpty);
  });

  it('keeps each library to its owner: another user can neither see, match, change nor delete it', async () => {
    const listed = await t.call<Listing>(listLiveQas, {}, { token: bob.token });
    expect(listed.data).toMatchObject({ list: [], total: 0 });
    expect(await ask(bob, '你们几点营业')).toMatchObject({ qa_id: null, answer: m.defaultFallback });
    const edit = await t.call(saveLiveQa, { id: hours.id, questions: '改了', answer: '改了' }, { token: bob.token });
    expect(edit.msg).toBe(m.qaNotFound);
    const del = await t.call(deleteLiveQa, { id: hours.id }, { token: bob.token });
    expect(del.msg).toBe(m.qaNotFound);
    expect((await ask(alice, '你们几点营业')).answer).toBe(hours.answer);
  });

  it('lets the owner change and delete an entry', async () => {
    const edit = await t.call<LiveQa>(
      saveLiveQa,
      { id: hours.id, questions: '营业时间\n周末开门吗', answer: '周末照常营业。' },
      { token: alice.token },
    );
    expect(edit.code, edit.msg).toBe(0);
    expect(await ask(alice, '你们周末开门吗')).toMatchObject({ qa_id: hours.id, answer: '周末照常营业。' });
    const del = await t.call(deleteLiveQa, { id: hours.id }, { token: alice.token });
    expect(del.msg).toBe(m.deleted);
    expect(await ask(alice, '周末开门吗')).toMatchObject({ qa_id: null });
  });
});
