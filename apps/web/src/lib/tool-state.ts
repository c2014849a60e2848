import type { SiteSettings } from '@app/contract';
import { useSiteSettings } from './site-settings';

/** Whether a tool can work here, as the server says with the site settings, and how the operator shows it if not. */
export interface ToolStateView {
  /** The settings have arrived (until then nothing is said either way). */
  known: boolean;
  available: boolean;
  /** Why not, in the user's words; '' when available. */
  reason: string;
  /** The operator chose to leave unavailable tools out altogether. */
  hidden: boolean;
}

/** A tool's state in the given settings; a tool the server does not list needs no engine and always works. */
export function toolStateOf(settings: SiteSettings | undefined, tool: string | undefined): ToolStateView {
  const state = tool ? settings?.tool_states[tool] : undefined;
  const available = !state || state.available;
  return {
    known: !!settings,
    available,
    reason: state && !state.available ? state.reason : '',
    hidden: !available && settings?.unavailable_features === 'hide',
  };
}

/** The state of one tool (its launcher tile's or menu entry's key). */
export function useToolState(tool: string): ToolStateView {
  const { data } = useSiteSettings();
  return toolStateOf(data, tool);
}
