import { useEffect } from 'react';
import { siteTitleOf, useSiteSettings } from '../lib/site-settings';
import { useAppStore } from '../stores/app-store';

function setMeta(name: string, content: string): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (meta && content) meta.content = content;
}

/** Title, favicon and SEO text from site settings (defaults stay when settings are missing). */
export function Branding() {
  const { data } = useSiteSettings();
  const setSiteTitle = useAppStore((s) => s.setSiteTitle);
  const title = siteTitleOf(data);
  useEffect(() => {
    setSiteTitle(title);
    document.title = title;
  }, [title, setSiteTitle]);
  useEffect(() => {
    if (!data) return;
    const icon = data.head_logo || data.logo;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon && link) {
      link.href = icon;
      link.removeAttribute('type');
    }
    setMeta('description', data.seo_desc);
    setMeta('keywords', data.seo_keyword);
  }, [data]);
  return null;
}
