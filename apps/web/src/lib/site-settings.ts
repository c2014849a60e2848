import { useQuery } from '@tanstack/react-query';
import { siteDefaults, type SiteSettings } from '@app/contract';
import defaultLogo from '../assets/logo.svg';
import { call } from './api';
import { siteSettingsCall } from './first-paint-endpoints';

/** Shared by the shell, home footer and login page. */
export function useSiteSettings() {
  return useQuery({
    queryKey: ['site', 'settings'],
    queryFn: () => call(siteSettingsCall, {}),
    staleTime: 5 * 60_000,
  });
}

export function siteTitleOf(settings: SiteSettings | undefined): string {
  return settings?.site_title || settings?.title || siteDefaults.siteTitle;
}

/**
 * The brand every page shows, from the site settings: its name (站点名称), the browser title (浏览器标题,
 * else the name), the header logo and the login page's heading and logo. While the settings load nothing
 * is shown, so a re-branded site never flashes the shipped brand; only if they cannot be read do the
 * shipped defaults appear.
 */
export function useBrand() {
  const { data, isError } = useSiteSettings();
  if (!data)
    return isError
      ? {
          ready: true,
          name: siteDefaults.siteTitle,
          browserTitle: siteDefaults.siteTitle,
          logo: defaultLogo,
          loginTitle: siteDefaults.siteTitle,
          loginLogo: defaultLogo,
        }
      : { ready: false, name: '', browserTitle: '', logo: undefined, loginTitle: '', loginLogo: undefined };
  const name = siteTitleOf(data);
  const logo = data.head_logo || data.logo || defaultLogo;
  return {
    ready: true,
    name,
    browserTitle: data.title || name,
    logo,
    loginTitle: data.login_title || name,
    loginLogo: data.login_logo || data.logo || defaultLogo,
  };
}

/** Helper entry shows (and employee hides) on the hostnames listed in site settings. */
export function isHelperHost(settings: SiteSettings | undefined, hostname: string = window.location.hostname): boolean {
  return settings?.helper_hosts.includes(hostname) ?? false;
}
