/** The sidebar's and navbar's glyphs (Chakra v3 ships no icon set); decorative, hidden from screen readers. */
const paths = {
  dashboard: 'M3 3h7v7H3zM14 3h7v7h-7zM14 14h7v7h-7zM3 14h7v7H3z',
  patients: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  pipeline: 'M4 4h4v16H4zM10 4h4v11h-4zM16 4h4v6h-4z',
  reports: 'M3 21h18M6 17v-5M11 17V6M16 17v-8M21 17V11',
  alerts: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  messages: 'M4 5h16v11H9l-5 4z',
  templates: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h7',
  tags: 'M3 12V3h9l9 9-9 9zM7.5 7.5h.01',
  insurance: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  calendar: 'M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z',
  content: 'M4 19V5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0 0 4h14M8 7h8',
  help: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5h.01',
  trophy: 'M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M10 17h4v4h-4z',
  staff: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2 20a7 7 0 0 1 14 0M16 4a3.5 3.5 0 0 1 0 7M18 14a6 6 0 0 1 4 6',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM12 8v4M12 15h.01',
  audit: 'M8 3h8l4 4v14H4V3h4M8 11h8M8 15h5M15 3v4h4',
  menu: 'M3 6h18M3 12h18M3 18h18',
  chevronDown: 'M6 9l6 6 6-6',
  chevronsLeft: 'M11 17l-5-5 5-5M18 17l-5-5 5-5',
  chevronsRight: 'M13 17l5-5-5-5M6 17l5-5-5-5',
  account: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 13a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM6 19a7 7 0 0 1 12 0',
  plus: 'M12 5v14M5 12h14',
  key: 'M7.5 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM11.5 12H21M18 12v3M15 12v2',
  logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
} as const;

export type MenuIconName = keyof typeof paths;

/** The glyph of a top-level menu entry, by its label; entries without one show their initials. */
const BY_LABEL: Record<string, MenuIconName> = {
  Dashboard: 'dashboard',
  Patients: 'patients',
  Pipeline: 'pipeline',
  'Patient Pipeline': 'pipeline',
  Reports: 'reports',
  Alerts: 'alerts',
  Messages: 'messages',
  Templates: 'templates',
  'Patient Tags': 'tags',
  'Insurance Coordinators': 'insurance',
  'Event Calendar': 'calendar',
  Content: 'content',
  Help: 'help',
  'Manage Events': 'calendar',
  'Cards & Trophies': 'trophy',
  'Patient App': 'content',
  Accounts: 'staff',
  Support: 'help',
  'Audit Trail': 'audit',
};

export const iconOf = (label: string): MenuIconName | undefined => BY_LABEL[label];

/** "Support Group Assistance" → "SG": what a minimized sidebar shows for an entry without a glyph. */
export function initialsOf(label: string): string {
  const words = label.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

export function MenuIcon({ name, size = 18 }: { name: MenuIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      style={{ flexShrink: 0 }}
    >
      <path d={paths[name]} />
    </svg>
  );
}
