import { useEffect } from 'react';
import { useBrand, useSiteSettings } from '../lib/site-settings';
import { useAppStore } from '../stores/app-store';

/** Sets a meta tag of the page head (name= or property=), adding it when the page has none. */
function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  if (!content) return;
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Browser title (浏览器标题, else the site name), favicon, share title and SEO text from the site
 * settings; nothing of the shipped brand while they load.
 */
export function Branding() {
  const { data } = useSiteSettings();
  const brand = useBrand();
  const setSiteTitle = useAppStore((s) => s.setSiteTitle);
  useEffect(() => {
    if (!brand.ready) return;
    setSiteTitle(brand.name);
    document.title = brand.browserTitle;
    setMeta('property', 'og:title', brand.browserTitle);
    setMeta('property', 'og:site_name', brand.name);
  }, [brand.ready, brand.name, brand.browserTitle, setSiteTitle]);
  useEffect(() => {
    if (!brand.logo) return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link && link.getAttribute('href') !== brand.logo) {
      link.href = brand.logo;
      link.removeAttribute('type');
    }
    setMeta('property', 'og:image', new URL(brand.logo, window.location.href).href);
  }, [brand.logo]);
  useEffect(() => {
    if (!data) return;
    setMeta('name', 'description', data.seo_desc);
    setMeta('property', 'og:description', data.seo_desc);
    setMeta('name', 'keywords', data.seo_keyword);
  }, [data]);
  return null;
}
