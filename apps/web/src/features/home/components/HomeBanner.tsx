import { Button, Flex, Space, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import defaultBanner from '../../../assets/banner.svg';
import { siteTitleOf, useSiteSettings } from '../../../lib/site-settings';
import { homeMessages } from '../messages';

/**
 * Banner with the two entry buttons; the image comes from site settings or the shipped default.
 * An operator's banner carries its own artwork and words, so the title and slogan are drawn only on ours.
 */
export function HomeBanner() {
  const { data } = useSiteSettings();
  const navigate = useNavigate();
  const image = data?.banner || defaultBanner;
  const ownArtwork = !!data?.banner;
  return (
    <Flex
      vertical
      justify={ownArtwork ? 'flex-end' : 'center'}
      gap={20}
      style={{
        minHeight: 240,
        padding: '32px 40px',
        borderRadius: 16,
        background: `center / cover no-repeat url(${JSON.stringify(image)})`,
      }}
    >
      {!ownArtwork && (
        <>
          <Typography.Title level={2} style={{ margin: 0, color: '#fff' }}>
            {siteTitleOf(data)}
          </Typography.Title>
          <Typography.Text style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16 }}>
            {homeMessages.slogan}
          </Typography.Text>
        </>
      )}
      <Space size="middle">
        <Button type="primary" size="large" onClick={() => void navigate('/create')}>
          {homeMessages.createVideo}
        </Button>
        <Button
          size="large"
          ghost
          style={{ color: '#fff', borderColor: 'rgba(255,255,255,0.85)' }}
          onClick={() => void navigate('/profile')}
        >
          {homeMessages.customAvatar}
        </Button>
      </Space>
    </Flex>
  );
}
