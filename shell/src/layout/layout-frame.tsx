import { useEffect, useId, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Box, CloseButton, Flex, IconButton } from '@baridesk/ui';
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
          <PageTransition pathname={pathname} />
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

/** The page with the spec's short zoom on page changes; no remount, and none for reduced motion. */
function PageTransition({ pathname }: { pathname: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = ref.current;
    if (!element || typeof element.animate !== 'function') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    element.animate(
      [
        { opacity: 0, transform: 'scale(0.98)' },
        { opacity: 1, transform: 'scale(1)' },
      ],
      { duration: PAGE_TRANSITION_MS, easing: 'ease-out' },
    );
  }, [pathname]);
  return (
    <Box ref={ref} transformOrigin="top center">
      <Outlet />
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
