import { randomUUID } from 'node:crypto';
import { voiceMessages, type ParsedParamsOf, type listVoices, type saveVoice } from '@app/contract';
import { speechMessages, type SpeechChannels } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import { reservePaidJob } from '../producing/index.js';
import { clonePrice } from './clone-price.js';
import { voiceActions } from './voice-actions.js';
import { offeredChannels, resolveChannel } from '../../platform/channels/keeper.js';
import { describeChannel, voiceChannelKind, type ChannelKey, type ChannelRow } from './channels.js';
import { LANGUAGE_TREE } from './languages.js';
import { checkRecordingRecord } from './recording-rules.js';
import { voicesRepo, type VoiceRow } from './repo.js';
import { voiceFiles, type FileRow } from './voice-files.js';
import { toVoice } from './view.js';
import { accountRows } from '../accounts/index.js';

type SaveParams = ParsedParamsOf<typeof saveVoice>;
type ListParams = ParsedParamsOf<typeof listVoices>;
export interface Sliders {
  rate: number;
  volume: number;
  pitch: number;
}

/** Voice channels and the life of a voice: clone, re-train, rename, tune, confirm, delete. */
export class VoicesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly speech: SpeechChannels,
  ) {}

  private get db(): Db {
    return this.ctx.database.db;
  }

  async channels(api?: string) {
    const offered = (await offeredChannels(this.ctx, voiceChannelKind)).filter((c) => !api || c.key === api);
    return { list: offered.map(describeChannel), language: LANGUAGE_TREE };
  }

  async list(userId: number, p: ListParams) {
    const source = p.source === '2' ? 2 : 1;
    const { rows, total } = await voicesRepo.list(this.db, {
      userId,
      source,
      name: p.name?.trim() || undefined,
      page: p.page,
      limit: p.limit,
    });
    const generate = await voicesRepo.cloningCount(this.db, userId);
    return { list: rows.map((r) => toVoice(r, this.previewUrl(r))), total, generate };
  }

  previewUrl(row: VoiceRow): string {
    return fileUrl(this.ctx, row.previewKey);
  }

  /** Without id: clone. With id and file_id: re-train. With id only: rename. */
  async save(userId: number, p: SaveParams): Promise<{ id: number; msg: string }> {
    if (p.id === undefined) return { id: await this.clone(userId, p), msg: voiceMessages.cloneStarted };
    if (p.file_id !== undefined)
      return { id: await this.retrain(userId, p.id, p.file_id, p.name), msg: voiceMessages.cloneStarted };
    await this.rename(userId, p.id, p.name);
    return { id: p.id, msg: voiceMessages.renamed };
  }

  private async clone(userId: number, p: SaveParams): Promise<number> {
    const name = p.name?.trim();
    if (!name) throw new AppError(voiceMessages.nameRequired);
    if (p.file_id === undefined) throw new AppError(voiceMessages.audioRequired);
    const channel = await this.offeredChannel(p.api);
    const file = await this.recording(userId, p.file_id);
    const { training } = await this.db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const voice = await voicesRepo.insert(tx, {
        userId,
        source: 1,
        name,
        api: channel.api,
        voiceChannelName: channel.name,
        versionName: channel.versionName,
        generateStatus: 1,
        remainedTimes: channel.trainTimes,
        sampleFileId: file.id,
      });
      return { training: await this.startTraining(tx, userId, voice, channel, file, false) };
    });
    await this.enqueue(training.id, training.jobKey);
    return training.voiceId;
  }

  private async retrain(userId: number, id: number, fileId: number, newName: string | undefined): Promise<number> {
    const before = await this.ownedVoice(userId, id);
    const channel = await this.offeredChannel(before.api);
    const file = await this.recording(userId, fileId);
    const training = await this.db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const voice = await voicesRepo.owned(tx, userId, id, true);
      if (!voice) throw new AppError(voiceMessages.voiceMissing);
      if (voice.generateStatus === 1) throw new AppError(voiceMessages.retrainBusy);
      if (voice.isConfirmed === 1) throw new AppError(voiceMessages.confirmedLocked);
      if (voice.remainedTimes <= 0) throw new AppError(voiceMessages.noRetrainLeft);
      const name = newName?.trim();
      if (name && name !== voice.name && voice.type === 11) throw new AppError(voiceMessages.nameLocked);
      await voicesRepo.update(tx, id, {
        name: name || voice.name,
        generateStatus: 1,
        failReason: '',
        remainedTimes: voice.remainedTimes - 1,
        sampleFileId: file.id,
      });
      return this.startTraining(tx, userId, voice, channel, file, true);
    });
    await this.enqueue(training.id, training.jobKey);
    return id;
  }

  private async startTraining(
    tx: Db,
    userId: number,
    voice: VoiceRow,
    channel: ChannelRow,
    file: FileRow,
    retrain: boolean,
  ) {
    const price = await clonePrice(tx, userId, channel);
    const jobKey = `voice.clone:${randomUUID()}`;
    await reservePaidJob(tx, { userId, jobKey, held: price.credits, actionName: voiceActions.clone(channel.name) });
    return voicesRepo.insertTraining(tx, {
      voiceId: voice.id,
      userId,
      api: channel.api,
      fileId: file.id,
      jobKey,
      free: price.free ? 1 : 0,
      credits: price.credits,
      retrain: retrain ? 1 : 0,
    });
  }

  private async enqueue(trainingId: number, jobKey: string): Promise<void> {
    await this.ctx.queue.send('voice.clone', { trainingId }, { singletonKey: jobKey });
  }

  private async rename(userId: number, id: number, newName: string | undefined): Promise<void> {
    const name = newName?.trim();
    if (!name) throw new AppError(voiceMessages.renameRequired);
    const voice = await this.ownedVoice(userId, id);
    if (voice.type === 11 && name !== voice.name) throw new AppError(voiceMessages.nameLocked);
    await voicesRepo.update(this.db, id, { name });
  }

  async confirm(userId: number, id: number): Promise<void> {
    const voice = await this.ownedVoice(userId, id);
    assertReady(voice);
    if (voice.isConfirmed === 1) throw new AppError(voiceMessages.confirmedLocked);
    // Confirming ends re-training for good; only then may the voice be deleted (spec 000 §4).
    await voicesRepo.update(this.db, id, { isConfirmed: 1, remainedTimes: 0 });
  }

  /** Saves the sliders; what the channel does not take stays at 1 (the web disables it too). */
  async edit(userId: number, id: number, s: Sliders): Promise<void> {
    const voice = await this.ownedVoice(userId, id);
    if (voice.api === 'xf') throw new AppError(voiceMessages.xfEditRefused);
    assertReady(voice);
    if (voice.isConfirmed === 1) throw new AppError(voiceMessages.confirmedLocked);
    const caps = this.speech.capabilities(voice.api as ChannelKey);
    await voicesRepo.update(this.db, id, {
      rate: caps.rate ? s.rate : 1,
      volume: caps.volume ? s.volume : 1,
      pitch: caps.pitch ? s.pitch : 1,
    });
  }

  async remove(userId: number, id: number): Promise<void> {
    const voice = await this.ownedVoice(userId, id);
    if (voice.generateStatus === 1) throw new AppError(voiceMessages.retrainBusy);
    if (voice.remainedTimes > 0) throw new AppError(voiceMessages.deleteRefused);
    await voicesRepo.remove(this.db, id);
    if (voice.previewKey)
      await this.ctx.storage
        .delete(voice.previewKey)
        .catch((err: unknown) => this.ctx.log.warn({ err }, 'voice preview not removed'));
  }

  private async ownedVoice(userId: number, id: number): Promise<VoiceRow> {
    const voice = await voicesRepo.owned(this.db, userId, id);
    if (!voice) throw new AppError(voiceMessages.voiceMissing);
    return voice;
  }

  private async offeredChannel(api: string | undefined): Promise<ChannelRow> {
    const channel = await resolveChannel(this.ctx, voiceChannelKind, api);
    if (!channel.rule.clone) throw new AppError(speechMessages.cloneUnsupported);
    return channel.row;
  }

  private async recording(userId: number, fileId: number): Promise<FileRow> {
    const file = await voiceFiles.owned(this.db, userId, fileId);
    if (!file) throw new AppError(voiceMessages.audioRequired);
    checkRecordingRecord(file);
    return file;
  }
}

/** Cloning and failed voices cannot be used, tuned or confirmed (spec 000 §5, 001 §8). */
export function assertReady(voice: VoiceRow): void {
  if (voice.generateStatus === 1) throw new AppError(voiceMessages.cloning);
  if (voice.generateStatus === 3) throw new AppError(voiceMessages.cloneFailed);
}

/** Serialises one account's submissions, so two clicks cannot both take the last free clone. */
async function lockAccount(tx: Db, userId: number): Promise<void> {
  await accountRows.lock(tx, userId);
}
