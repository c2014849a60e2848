import { Flex, theme } from 'antd';
import { HtmlContent } from '../../../components/HtmlContent';
import { useSiteSettings } from '../../../lib/site-settings';

/** ICP number, public-security filing, copyright and the custom label, each operator HTML made safe. */
export function SiteFooter() {
  const { data } = useSiteSettings();
  const { token } = theme.useToken();
  const parts = [data?.icp, data?.gabeian, data?.copyright, data?.diy_label].filter((p): p is string => !!p);
  if (parts.length === 0) return null;
  return (
    <Flex
      component="footer"
      wrap
      justify="center"
      gap="4px 20px"
      className="rich-text"
      style={{
        padding: '24px 0 8px',
        color: token.colorTextTertiary,
        fontSize: 12,
      }}
    >
      {parts.map((html, i) => (
        <HtmlContent key={i} as="span" html={html} />
      ))}
    </Flex>
  );
}
