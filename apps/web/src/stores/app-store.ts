import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type ThemeName = 'dark' | 'light';

interface AppState {
  theme: ThemeName;
  points: number;
  siteTitle: string;
  redeemOpen: boolean;
  /** The redeem dialog has been opened once, so its code is loaded and it stays mounted. */
  redeemOpened: boolean;
  toggleTheme: () => void;
  setPoints: (points: number) => void;
  setSiteTitle: (title: string) => void;
  setRedeemOpen: (open: boolean) => void;
}

/** Global state of spec 000 §3: theme (persisted), points, site title; plus the shared redeem dialog. */
export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      theme: 'dark',
      points: 0,
      // The site's name comes with its settings (Branding); until then the header shows none.
      siteTitle: '',
      redeemOpen: false,
      redeemOpened: false,
      toggleTheme: () => set((s) => ({ theme: s.theme === 'dark' ? 'light' : 'dark' })),
      setPoints: (points) => set({ points }),
      setSiteTitle: (siteTitle) => set({ siteTitle }),
      setRedeemOpen: (redeemOpen) => set((s) => ({ redeemOpen, redeemOpened: s.redeemOpened || redeemOpen })),
    }),
    {
      name: 'theme',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ theme: s.theme }),
    },
  ),
);

function applyTheme(theme: ThemeName): void {
  document.documentElement.setAttribute('data-theme', theme);
}

applyTheme(useAppStore.getState().theme);
useAppStore.subscribe((s) => applyTheme(s.theme));
