import { UserAddOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router-dom';
import { siteDefaults } from '@app/contract';
import defaultBanner from '../../../assets/banner.svg';
import { useSiteSettings } from '../../../lib/site-settings';
import { homeMessages } from '../messages';
import styles from './HomeBanner.module.css';

/**
 * Banner with a headline, a sub-line and the two entry buttons over the artwork; every part comes from
 * site settings, and an operator whose banner image carries its own words empties the headline.
 */
export function HomeBanner() {
  const { data } = useSiteSettings();
  const navigate = useNavigate();
  const image = data?.banner || defaultBanner;
  const headline = data ? data.banner_title : siteDefaults.bannerTitle;
  const subline = data ? data.banner_subtitle : siteDefaults.bannerSubtitle;
  return (
    <Flex
      vertical
      justify="center"
      gap={16}
      className={styles.banner}
      style={{ backgroundImage: `url(${JSON.stringify(image)})` }}
    >
      {headline && (
        <h1 className={styles.headline}>{headline}</h1>
      )}
      {subline && <p className={styles.subline}>{subline}</p>}
      <Flex wrap gap={12} className={styles.actions}>
        <Button type="primary" size="large" icon={<VideoCameraAddOutlined aria-hidden />} onClick={() => void navigate('/create')}>
          {homeMessages.createVideo}
        </Button>
        <Button size="large" ghost icon={<UserAddOutlined aria-hidden />} onClick={() => void navigate('/profile')}>
          {homeMessages.customAvatar}
        </Button>
      </Flex>
    </Flex>
  );
}
