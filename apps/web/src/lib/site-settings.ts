import { useQuery } from '@tanstack/react-query';
import { siteDefaults, type SiteSettings } from '@app/contract';
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

/** Helper entry shows (and employee hides) on the hostnames listed in site settings. */
export function isHelperHost(settings: SiteSettings | undefined, hostname: string = window.location.hostname): boolean {
  return settings?.helper_hosts.includes(hostname) ?? false;
}
