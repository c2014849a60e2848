import { startLoopbackFake, type FakeServer } from '../../../../test/loopback-fake.js';

/**
 * A loopback fake of the open-source Douyin_TikTok_Download_API's hybrid endpoint, as its source
 * documents it (app/api/endpoints/hybrid_parsing.py and crawlers/hybrid/hybrid_crawler.py):
 * `GET /api/hybrid/video_data?url=<link or share text>&minimal=<bool>` answers
 * `{ code: 200, router, data }` where, with minimal=true, data is
 * `{ type: 'video' | 'image', platform, aweme_id, desc, create_time, author, music, statistics,
 *    cover_data: { cover, origin_cover, dynamic_cover }, hashtags,
 *    video_data: { wm_video_url, wm_video_url_HQ, nwm_video_url, nwm_video_url_HQ } }`
 * (image posts carry `image_data` instead of `video_data`); a link it cannot parse answers HTTP 400
 * with `{ detail: { code: 400, router, params } }`. Covers are the platform's objects with `url_list`.
 */
export interface FakeParsePost {
  type: 'video' | 'image';
  desc: string;
  videoUrl?: string;
  coverUrl?: string;
}

export function startFakeParseService(
  posts: Record<string, FakeParsePost>,
  /** Awaited before a link is answered: the request stays open until it settles. */
  o: { hold?: () => Promise<void> } = {},
): Promise<FakeServer> {
  return startLoopbackFake(async (req) => {
    const router = '/api/hybrid/video_data';
    if (req.path !== router || req.method !== 'GET') return { status: 404, json: { detail: 'Not Found' } };
    await o.hold?.();
    const url = req.query.get('url') ?? '';
    const post = Object.entries(posts).find(([link]) => url.includes(link))?.[1];
    if (!post) return { status: 400, json: { detail: { code: 400, router, params: Object.fromEntries(req.query) } } };
    const minimal = req.query.get('minimal') === 'true';
    if (!minimal) return { json: { code: 200, router, data: { aweme_detail: { desc: post.desc } } } };
    const cover = post.coverUrl ? { uri: 'cover', url_list: [post.coverUrl], width: 720, height: 1280 } : null;
    return {
      json: {
        code: 200,
        router,
        data: {
          type: post.type,
          platform: 'douyin',
          aweme_id: '7300000000000000000',
          desc: post.desc,
          create_time: 1700000000,
          author: { nickname: '测试作者' },
          music: null,
          statistics: { digg_count: 1 },
          cover_data: { cover, origin_cover: cover, dynamic_cover: null },
          hashtags: [],
          ...(post.type === 'video'
            ? {
                video_data: {
                  wm_video_url: post.videoUrl,
                  wm_video_url_HQ: post.videoUrl,
                  nwm_video_url: post.videoUrl,
                  nwm_video_url_HQ: post.videoUrl,
                },
              }
            : { image_data: { no_watermark_image_list: [post.coverUrl], watermark_image_list: [post.coverUrl] } }),
        },
      },
    };
  });
}
