import {
  askEmbedLive,
  askLive,
  beatEmbedLiveSession,
  beatLiveSession,
  consoleLiveSettings,
  deleteLiveConfig,
  deleteLiveQa,
  embedLiveAvatar,
  embedLiveConfig,
  endEmbedLiveSession,
  endLiveSession,
  listLiveConfigs,
  listLiveQas,
  liveMessages as m,
  liveOptions,
  liveSessionMessages as sm,
  matchLiveQa,
  publishLiveConfig,
  saveConsoleLiveSettings,
  saveLiveConfig,
  saveLiveFallback,
  saveLiveQa,
  startEmbedLiveSession,
  startLiveSession,
  stopEmbedLiveAnswer,
  stopLiveAnswer,
  type LiveOptions,
} from '@app/contract';
import { TRANSCRIPTION_CHANNEL } from '../../engines/transcription/index.js';
import { AppError } from '../../platform/errors.js';
import { ok, route, streamRoute, type RouteDef } from '../../platform/protocol/route.js';
import { accountRows } from '../accounts/index.js';
import { liveAvatarAssets } from '../avatars/index.js';
import { chatPrices } from '../chat/index.js';
import type { ConsoleKit } from '../module.js';
import { embedSnippets, siteOrigin, takeEmbedStart, widgetFor } from './embed.js';
import type { LiveParts } from './parts.js';
import { sessionView, type LiveSessionRow, type LiveVia } from './sessions.js';
import { livePrices, liveSettings } from './settings.js';

export function liveRoutes(live: LiveParts): RouteDef[] {
  const { ctx, qa, configs, sessions, answering } = live;
  const db = () => ctx.database.db;

  /** The configuration a session speaks with (gone when it was deleted). */
  const configOf = async (s: LiveSessionRow) => {
    const row = await configs.owned(s.userId, s.configId).catch(() => null);
    if (!row) throw new AppError(sm.sessionNotFound);
    return row;
  };
  const started = async (payer: number, configId: number, via: LiveVia) => {
    const config = await configs.owned(payer, configId);
    await configs.checkParts(payer, config.avatarId, config.voiceId);
    const s = await sessions.start(payer, config.id, via);
    return { ...sessionView(s), greeting: config.greeting, avatar_id: config.avatarId, voice_id: config.voiceId };
  };

  const options = async (userId: number): Promise<LiveOptions> => {
    const [settings, minute, chat, standing] = await Promise.all([
      liveSettings.read(db()),
      livePrices.of(db(), ctx.config, 'minute'),
      chatPrices.of(db(), ctx.config, 'v3'),
      accountRows.standing(db(), userId),
    ]);
    const chatReady = ctx.engines.chat.isConfigured('v3') && Boolean(chat?.enabled);
    return {
      price_per_minute: minute?.credits ?? 0,
      max_minutes: settings.max_minutes,
      max_sessions: settings.max_sessions,
      chat_price_per_answer: chat?.credits ?? 0,
      chat_ready: chatReady,
      transcribe_ready: ctx.engines.transcription.isConfigured(TRANSCRIPTION_CHANNEL),
      guests_allowed: settings.guests_allowed,
      allowed_now: Boolean(minute?.enabled) && (settings.guests_allowed || standing?.isTourist === false),
    };
  };

  return [
    route(listLiveQas, ({ params, user }) => qa.list(user.id, params.page, params.limit)),
    route(saveLiveQa, async ({ params, user }) => ok(await qa.save(user.id, params), m.saved)),
    route(deleteLiveQa, async ({ params, user }) => {
      await qa.remove(user.id, params.id);
      return ok({}, m.deleted);
    }),
    route(saveLiveFallback, async ({ params, user }) =>
      ok({ fallback: await qa.setFallback(user.id, params.answer) }, m.fallbackSaved),
    ),
    route(matchLiveQa, ({ params, user }) => qa.answer(user.id, params.question)),

    route(listLiveConfigs, async ({ user }) => ({ list: await configs.list(user.id) })),
    route(saveLiveConfig, async ({ params, user }) => ok(await configs.save(user.id, params), sm.configSaved)),
    route(deleteLiveConfig, async ({ params, user }) => {
      const config = await configs.owned(user.id, params.id);
      await sessions.endAllOf(config.id, 'deleted');
      await configs.remove(user.id, config.id);
      return ok({}, sm.configDeleted);
    }),
    route(publishLiveConfig, async ({ params, user, req }) => {
      const row = await configs.publish(user.id, params);
      if (!row.embedEnabled) await sessions.endAllOf(row.id, 'deleted', 'embed');
      const key = row.embedKey!;
      return ok({ key, ...embedSnippets(siteOrigin(ctx, req), key) }, row.embedEnabled ? sm.published : sm.unpublished);
    }),
    route(liveOptions, ({ user }) => options(user.id)),

    route(startLiveSession, ({ params, user }) => started(user.id, params.config_id, 'web')),
    streamRoute(askLive, async ({ params, user }) => {
      const s = await sessions.openOf(params.session_id, { userId: user.id, via: 'web' });
      return answering.open(s, await configOf(s), params);
    }),
    route(beatLiveSession, async ({ params, user }) => {
      const s = await sessions.find(params.session_id);
      if (!s || s.userId !== user.id || s.via !== 'web') throw new AppError(sm.sessionNotFound);
      return sessions.beatOrEnded(s);
    }),
    route(stopLiveAnswer, async ({ params, user }) => {
      const s = await sessions.openOf(params.session_id, { userId: user.id, via: 'web' });
      await sessions.stopAnswer(s.id);
      return {};
    }),
    route(endLiveSession, async ({ params, user }) => {
      const s = await sessions.find(params.session_id);
      if (!s || s.userId !== user.id || s.via !== 'web') throw new AppError(sm.sessionNotFound);
      return s.status === 'open' ? sessions.end(s, 'user') : { minutes: s.minutesCharged, credits: s.credits };
    }),

    route(embedLiveConfig, async ({ params, req }) => {
      const config = await widgetFor(ctx, configs, req, params);
      return { name: config.name, greeting: config.greeting, avatar_id: config.avatarId, voice_id: config.voiceId };
    }),
    // The owner's avatar as the owner may use it: the widget speaks with it on the owner's behalf.
    route(embedLiveAvatar, async ({ params, req }) => {
      const config = await widgetFor(ctx, configs, req, params);
      return liveAvatarAssets(ctx, config.userId, config.avatarId);
    }),
    route(startEmbedLiveSession, async ({ params, req }) => {
      const config = await widgetFor(ctx, configs, req, params);
      await takeEmbedStart(ctx, config);
      return started(config.userId, config.id, 'embed');
    }),
    streamRoute(askEmbedLive, async ({ params, req }) => {
      const config = await widgetFor(ctx, configs, req, params);
      const s = await sessions.openOf(params.session_id, { userId: config.userId, via: 'embed', configId: config.id });
      return answering.open(s, config, params);
    }),
    route(beatEmbedLiveSession, async ({ params, req }) => {
      const config = await widgetFor(ctx, configs, req, params);
      const s = await sessions.find(params.session_id);
      if (!s || s.configId !== config.id || s.via !== 'embed') throw new AppError(sm.sessionNotFound);
      return sessions.beatOrEnded(s);
    }),
    route(stopEmbedLiveAnswer, async ({ params, req }) => {
      const config = await widgetFor(ctx, configs, req, params);
      const s = await sessions.openOf(params.session_id, { userId: config.userId, via: 'embed', configId: config.id });
      await sessions.stopAnswer(s.id);
      return {};
    }),
    route(endEmbedLiveSession, async ({ params, req }) => {
      const config = await widgetFor(ctx, configs, req, params);
      const s = await sessions.find(params.session_id);
      if (!s || s.configId !== config.id || s.via !== 'embed') throw new AppError(sm.sessionNotFound);
      return s.status === 'open' ? sessions.end(s, 'user') : { minutes: s.minutesCharged, credits: s.credits };
    }),
  ];
}

/** The console's rules of live sessions (the price per minute and the switch are on the channel screen). */
export function liveConsole(live: LiveParts, kit: ConsoleKit): RouteDef[] {
  const db = () => live.ctx.database.db;
  return [
    route(consoleLiveSettings, () => liveSettings.read(db())),
    route(saveConsoleLiveSettings, async ({ params, user }) => {
      const after = { ...params, guests_allowed: params.guests_allowed === 1 };
      await db().transaction(async (tx) => {
        const before = await liveSettings.save(tx, after);
        await kit.audit(tx, user, { action: 'live.settings', target: 'live', before, after });
      });
      return ok(after, sm.settingsSaved);
    }),
  ];
}
