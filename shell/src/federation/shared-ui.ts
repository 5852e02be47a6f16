/**
 * The shell provides every entry of @baridesk/ui to the remotes, which never bundle their own copy
 * (see packages/mf-config): importing each entry here is what puts it in the shell's build. Called
 * when the browser is idle after sign-in, it also fetches them ahead of the first screen that needs them.
 */
export const warmSharedUi = () =>
  Promise.all([
    import('@baridesk/ui/overlays'),
    import('@baridesk/ui/lists'),
    import('@baridesk/ui/controls'),
    import('@baridesk/ui/dates'),
    import('@baridesk/ui/uploads'),
    import('@baridesk/ui/resources'),
  ]);

/**
 * Entries the shell provides but does not fetch ahead: the rich-text editor (TipTap, ProseMirror) is
 * heavy and only the screens that edit rich text load it. Naming it here is what puts it in the
 * shell's build, so the remotes (which bundle no copy of @baridesk/ui) can have it.
 */
export const loadRichTextUi = () => import('@baridesk/ui/rich-text');

/** The charts (apexcharts): provided the same way, fetched only by the screens that draw charts. */
export const loadChartsUi = () => import('@baridesk/ui/charts');
