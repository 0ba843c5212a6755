import type { DefaultTheme } from 'styled-components';

/**
 * The one theme. Text colours are picked to keep a contrast ratio of at least 4.5:1 (WCAG AA)
 * on the surfaces they are used on; `muted` on `surface` is about 7:1.
 */
export const theme = {
  colors: {
    brand: '#1e3a8a', // navy: 10.4:1 on white
    brandHover: '#1e40af',
    brandSoft: '#e0e7ff',
    accent: '#b45309', // amber-700: 5.0:1 on white
    text: '#111827',
    muted: '#4b5563',
    surface: '#ffffff',
    background: '#f8fafc',
    border: '#d1d5db',
    valid: '#166534', // green-800: 7.1:1 on white
    validSoft: '#dcfce7',
    invalid: '#b91c1c', // red-700: 6.5:1 on white
    invalidSoft: '#fee2e2',
    pending: '#92400e', // amber-800: 7.0:1 on white
    pendingSoft: '#fef3c7',
    focus: '#2563eb',
    overlay: 'rgba(15, 23, 42, 0.6)',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    serif: "Georgia, 'Times New Roman', serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  radius: { sm: '4px', md: '8px', lg: '14px' },
  shadow: {
    card: '0 1px 3px rgba(15, 23, 42, 0.08), 0 4px 16px rgba(15, 23, 42, 0.06)',
    dialog: '0 20px 50px rgba(15, 23, 42, 0.3)',
  },
  /** Below `mobile` px the layout is single-column (the carousel shows one card). */
  breakpoints: { mobile: 768, tablet: 1024 },
  media: {
    mobile: '@media (max-width: 767px)',
    desktop: '@media (min-width: 768px)',
  },
} as const;

export type AppTheme = typeof theme;

declare module 'styled-components' {
  export interface DefaultTheme extends AppTheme {}
}

export const appTheme: DefaultTheme = theme;
