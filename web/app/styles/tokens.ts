/**
 * Design tokens: every colour, size and duration of spec section 9, in one place. CSS reads them
 * as custom properties (rendered into :root by root.tsx); scripts import the numbers.
 */
export const tokens = {
  color: {
    accent: '#ff0000', // hover and active (spec 9): marks, bars, dots, borders, text on dark
    // The spec's red as text on white is 4.0:1; hover and active text on white uses this deeper
    // red (5.0:1, WCAG AA for 14px text) so the accent stays red and readable (issue 13).
    accentText: '#e00000',
    text: '#1a1a1a', // dark text (spec 9)
    textMuted: '#6b6b6b',
    background: '#ffffff',
    surface: '#f5f5f5',
    overlay: 'rgba(0, 0, 0, 0.5)', // tile hover overlay, 50% black (spec 9)
    scrim: 'rgba(0, 0, 0, 0.35)',
  },
  size: {
    fontBase: 14, // px (spec 9)
    headerHeight: 60, // px (spec 9)
    drawerWidth: 220, // px (spec 9)
    contentOffsetWeb: 220, // px, left offset on web (spec 9)
    contentPaddingPhone: 72, // px (spec 9)
    contentShift: 40, // px (spec 9)
    projectColumnMin: 400, // px (spec 9)
    projectRow: 266, // px (spec 9)
    articleColumnMin: 360, // px (spec 9)
    articleRow: 400, // px (spec 9)
    articleGap: 20, // px (spec 9)
    articleTextArea: 144, // px (spec 9)
    detailPanel: 400, // px, project detail left panel (spec 9)
    profileColumnMax: 1260, // px (spec 9)
    portraitWeb: 230, // px (spec 9)
    awardImageHeight: 32, // px (spec 9)
    qrImage: 100, // px (spec 9)
    loginBox: 368, // px (spec 9)
  },
  duration: {
    contentShiftMs: 200, // spec 9
    tileEntranceMs: 500, // spec 9
    tileStaggerMs: 200, // per index (spec 9)
    hoverMs: 300, // zoom and overlay fade (spec 9)
    landingRotationMs: 8000, // spec 9
    logoDelayMs: 1000, // spec 9
    slideUpMs: 1000, // spec 9
    titleAnimationMs: 3000, // spec 9
    titleLetterDelayMs: 200, // spec 9
    carouselMs: 500, // spec 9
  },
  scale: {
    hoverZoom: 1.2, // spec 9
    disabledOpacity: 0.3, // spec 9
  },
  // The spacing scale (issue 30): every margin, padding and gap is one of these steps, and every
  // page's text starts at one side margin, the gutter (web and phone). The pager, the menu's items,
  // the header's icons, the landing's corners and the phone pages all align on it.
  space: {
    1: 4,
    2: 8,
    3: 12,
    4: 16,
    5: 24,
    6: 32,
    7: 40,
    8: 64,
    gutterWeb: 32,
    // 20px a side on a phone: the spec's 90% portrait is the text column (350 of 390px).
    gutterPhone: 20,
  },
  // Type settings (issue 30). Raleway draws old-style figures by default, which make dates, phone
  // numbers and years bounce: lining figures everywhere, and tabular ones where figures line up or
  // count (dates, phone numbers, years, counters).
  type: {
    numerals: 'lining-nums',
    tabularNumerals: 'lining-nums tabular-nums',
  },
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The tokens as CSS custom properties: --color-accent, --size-header-height, --duration-hover-ms, ... */
export function tokensCss(): string {
  const lines: string[] = [];
  for (const [group, values] of Object.entries(tokens)) {
    for (const [name, value] of Object.entries(values)) {
      const css =
        group === 'size' || group === 'space' ? `${value}px` : group === 'duration' ? `${value}ms` : String(value);
      lines.push(`--${group}-${kebab(name).replace(/-ms$/, '')}:${css};`);
    }
  }
  return `:root{${lines.join('')}}`;
}
