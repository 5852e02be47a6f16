import { useEffect, useId, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { Box, CloseButton, Flex, IconButton, Skeleton, SkeletonText, Stack, VisuallyHidden } from '@baridesk/ui';
import { Drawer, Portal } from '@baridesk/ui/overlays';
import { MENU_TRANSITION_MS, PAGE_TRANSITION_MS } from '@baridesk/domain';
import { useAppStore } from '@baridesk/store';
import { Navbar } from './navbar';
import { Sidebar, type SidebarContent } from './sidebar';
import { MenuIcon } from './menu-icons';
import { useSmallScreen } from './use-small-screen';

const NAVBAR_HEIGHT = '3.5rem';
const SIDEBAR_WIDTH = '16rem';
const SIDEBAR_MINIMIZED_WIDTH = '4.25rem';
/** A page change that takes longer than this shows the page skeleton instead of the page being left. */
export const PAGE_SKELETON_DELAY_MS = 300;
/** How long after a page change its h1 may take to appear (a screen still loading its code) to get the focus. */
const HEADING_WAIT_MS = 2000;

export type LayoutFrameProps = {
  sidebar: SidebarContent;
  onAddSection?: () => void;
};

/**
 * The chrome of the staff and admin areas: a skip link, the navbar, the sidebar (a drawer below
 * 1200 px, minimizable above) and the page in `<main id="main">`.
 */
export function LayoutFrame({ sidebar, onAddSection }: LayoutFrameProps) {
  const small = useSmallScreen();
  const minimized = useAppStore((state) => state.sidebarMinimized);
  const setMinimized = useAppStore((state) => state.setSidebarMinimized);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const { pathname } = useLocation();

  // A page change closes the drawer; so does growing past the breakpoint.
  useEffect(() => setDrawerOpen(false), [pathname, small]);

  return (
    <Box minH="100vh" bg="bg.canvas">
      <SkipLink />
      <Navbar onOpenMenu={small ? () => setDrawerOpen(true) : undefined} menuId={drawerId} menuOpen={drawerOpen} />
      <Flex align="stretch">
        {small ? null : (
          <Box
            as="aside"
            flexShrink={0}
            w={minimized ? SIDEBAR_MINIMIZED_WIDTH : SIDEBAR_WIDTH}
            h={`calc(100vh - ${NAVBAR_HEIGHT})`}
            position="sticky"
            top={NAVBAR_HEIGHT}
            display="flex"
            flexDirection="column"
            bg="bg"
            borderEndWidth="1px"
            transition={`width ${MENU_TRANSITION_MS}ms ease`}
            _motionReduce={{ transition: 'none' }}
          >
            <Box flex="1" overflowY="auto" overflowX="hidden">
              <Sidebar content={sidebar} minimized={minimized} onExpand={() => setMinimized(false)} onAddSection={onAddSection} />
            </Box>
            <Flex borderTopWidth="1px" p="2" justify={minimized ? 'center' : 'end'}>
              <IconButton
                variant="ghost"
                size="sm"
                aria-label={minimized ? 'Expand sidebar' : 'Minimize sidebar'}
                title={minimized ? 'Expand sidebar' : 'Minimize sidebar'}
                aria-pressed={minimized}
                onClick={() => setMinimized(!minimized)}
              >
                <MenuIcon name={minimized ? 'chevronsRight' : 'chevronsLeft'} />
              </IconButton>
            </Flex>
          </Box>
        )}
        <Box as="main" id="main" tabIndex={-1} flex="1" minW="0" outline="none">
          <PageArea pathname={pathname} />
        </Box>
      </Flex>
      {small ? (
        <Drawer.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start" size="xs">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content id={drawerId}>
                <Drawer.Header borderBottomWidth="1px" py="3">
                  <Drawer.Title>Menu</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body px="0" py="0">
                  <Sidebar content={sidebar} onAddSection={onAddSection} onNavigate={() => setDrawerOpen(false)} />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close menu" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      ) : null}
    </Box>
  );
}

/**
 * The page area. On a page change: the spec's short zoom (none for reduced motion, no remount), and the
 * focus moves to the new page's h1 so keyboard and screen-reader users start there (not on the first
 * load, which starts at the top of the document with the skip link). While the next page is on its way
 * (session check, its code) the page being left stays; after PAGE_SKELETON_DELAY_MS a skeleton of a page
 * takes its place, so a click that has not visibly worked is not mistaken for a dead one.
 */
function PageArea({ pathname }: { pathname: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  const waiting = useSlowPageChange(pathname);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = ref.current;
    if (!element) return;
    const stopFocus = focusHeadingOf(element);
    if (typeof element.animate === 'function' && !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      element.animate(
        [
          { opacity: 0, transform: 'scale(0.98)' },
          { opacity: 1, transform: 'scale(1)' },
        ],
        { duration: PAGE_TRANSITION_MS, easing: 'ease-out' },
      );
    }
    return stopFocus;
  }, [pathname]);
  return (
    <>
      {waiting ? <PageSkeleton /> : null}
      {/* Hidden rather than unmounted: a navigation that is abandoned gives the page back as it was. */}
      <Box ref={ref} transformOrigin="top center" hidden={waiting || undefined}>
        <Outlet />
      </Box>
    </>
  );
}

/** True once a navigation to another page has been pending for PAGE_SKELETON_DELAY_MS. */
function useSlowPageChange(pathname: string): boolean {
  const navigation = useNavigation();
  const pending = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!pending) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), PAGE_SKELETON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return pending && slow;
}

/** A field the page put the focus in by itself (its first input): left there. */
const isOwnFocus = (page: HTMLElement) => {
  const active = document.activeElement;
  return active instanceof HTMLElement && page.contains(active) && active.matches('input, textarea, select, [contenteditable="true"]');
};

/**
 * Puts the focus on the page's h1 as soon as it is there (a screen may render it a moment after the
 * address changed); gives up after HEADING_WAIT_MS or when the page changes again. Returns the cleanup.
 */
function focusHeadingOf(page: HTMLElement): () => void {
  const focus = () => {
    const heading = page.querySelector('h1');
    if (!(heading instanceof HTMLElement)) return false;
    if (!isOwnFocus(page)) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: false });
    }
    return true;
  };
  if (focus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (focus()) stop();
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(page, { childList: true, subtree: true });
  return stop;
}

/** What stands in for a page that is slow to come: a title, a toolbar and rows, announced once as loading. */
function PageSkeleton() {
  return (
    <Box role="status" aria-live="polite" px={{ base: '4', md: '6' }} py="5" data-testid="page-skeleton">
      <VisuallyHidden>Loading the page…</VisuallyHidden>
      <Stack gap="5" aria-hidden>
        <Flex justify="space-between" align="center" gap="4">
          <Skeleton h="8" w={{ base: '50%', md: '16rem' }} />
          <Skeleton h="9" w="8rem" />
        </Flex>
        <Skeleton h="10" w={{ base: 'full', md: '28rem' }} />
        <Box borderWidth="1px" borderRadius="md" bg="bg" p="4">
          <SkeletonText noOfLines={8} gap="4" />
        </Box>
      </Stack>
    </Box>
  );
}

/** Hidden until focused: lets keyboard users go past the navbar and the menu. */
function SkipLink() {
  return (
    <Box
      asChild
      position="absolute"
      top="2"
      left="2"
      zIndex="skipNav"
      px="4"
      py="2"
      bg="bg"
      color="brand.fg"
      fontWeight="semibold"
      rounded="md"
      shadow="md"
      transform="translateY(-200%)"
      _focus={{ transform: 'translateY(0)', outline: '2px solid', outlineColor: 'brand.focusRing' }}
    >
      <a href="#main">Skip to content</a>
    </Box>
  );
}
