// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountInfoKey, refreshBalance, refreshStorage, storageSpaceKey } from './account';
import { avatarsKey, refreshAvatars } from './avatars';
import { materialsKey, refreshMaterials } from './materials';
import { refreshVoices, voiceChannelsKey, voicesKey } from './voices';
import { refreshWorks, worksKey } from './works';

/** A cache holding one entry of each kind of shared data, as several pages would leave it. */
function filledCache() {
  const client = new QueryClient();
  const keys = {
    balance: accountInfoKey,
    storage: storageSpaceKey,
    ownAvatars: avatarsKey({ source: '1' }),
    publicPortrait: avatarsKey({ source: '2', orientation: 2 }),
    audioLibrary: materialsKey('audio'),
    videoLibrary: materialsKey('video'),
    ownVoices: voicesKey(1),
    publicVoices: voicesKey(2),
    voiceChannels: voiceChannelsKey,
    avatarWorks: worksKey({ is_multi: 0, photo_type: 0, type: '' }),
    translatedWorks: worksKey({ type: 'fy' }),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, {});
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
}

describe('refreshing shared data after a change', () => {
  it('a created work refreshes every works tab and the balance, nothing else', async () => {
    const { client, stale } = filledCache();
    await Promise.all([refreshWorks(client), refreshBalance(client)]);
    expect(stale()).toEqual(['avatarWorks', 'balance', 'translatedWorks']);
  });

  it('a kept or deleted material refreshes every library list and the storage used', async () => {
    const { client, stale } = filledCache();
    await Promise.all([refreshMaterials(client), refreshStorage(client)]);
    expect(stale()).toEqual(['audioLibrary', 'storage', 'videoLibrary']);
  });

  it('avatar and voice changes refresh their own lists of every source, not the channels', async () => {
    const { client, stale } = filledCache();
    await Promise.all([refreshAvatars(client), refreshVoices(client)]);
    expect(stale()).toEqual(['ownAvatars', 'ownVoices', 'publicPortrait', 'publicVoices']);
  });

  it('the studio and the library page read one key for the same list', () => {
    expect(avatarsKey({ source: '1', name: '' })).toEqual(avatarsKey({ source: '1' }));
    expect(voicesKey(2, '')).toEqual(voicesKey(2));
  });
});
