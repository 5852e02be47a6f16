import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { APP_NAME, Box, Button, Flex, IconButton, Text } from '@baridesk/ui';
import { Menu, Portal } from '@baridesk/ui/overlays';
import { selectIsSuperAdmin, selectProgramCode, useAppStore } from '@baridesk/store';
import { useEndSession } from '../session/end-session';
import { MenuIcon } from './menu-icons';

export type NavbarProps = {
  /** Small screens: opens the sidebar drawer. Absent where the sidebar is always shown. */
  onOpenMenu?: () => void;
  /** The drawer's id and whether it is open, for the menu button's aria-controls / aria-expanded. */
  menuId?: string;
  menuOpen?: boolean;
};

/** The top bar of the staff and admin areas: the drawer's menu button, the app name, the account menu. */
export function Navbar({ onOpenMenu, menuId, menuOpen = false }: NavbarProps) {
  const isSuperAdmin = useAppStore(selectIsSuperAdmin);
  const home = isSuperAdmin ? '/admin/dashboard' : '/dashboard';
  return (
    <Flex
      as="header"
      align="center"
      gap="3"
      h="14"
      px={{ base: '3', md: '5' }}
      bg="bg"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      {onOpenMenu ? (
        <IconButton
          variant="ghost"
          size="sm"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          onClick={onOpenMenu}
        >
          <MenuIcon name="menu" size={20} />
        </IconButton>
      ) : null}
      <Box asChild fontWeight="bold" fontSize="lg" color="brand.fg" letterSpacing="tight" rounded="sm" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}>
        <RouterLink to={home}>{APP_NAME}</RouterLink>
      </Box>
      <Box flex="1" />
      <AccountMenu />
    </Flex>
  );
}

/** The signed-in user's name, program code (staff), Change Password, Two-Factor Authentication and Logout. */
function AccountMenu() {
  const user = useAppStore((state) => state.user);
  const isSuperAdmin = useAppStore(selectIsSuperAdmin);
  const programCode = useAppStore(selectProgramCode);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = user?.name ?? '';

  const endSession = useEndSession();

  const signOut = async () => {
    // POST /logout (failures ignored), the store signed out, then the sign-in page.
    await endSession();
    // Nothing the previous user loaded may be shown to the next one (cleared once the pages reading it are gone).
    queryClient.clear();
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Account: ${name}`} px="2">
          <MenuIcon name="account" size={22} />
          <Text as="span" hideBelow="sm" maxW="48" truncate>
            {name}
          </Text>
          <MenuIcon name="chevronDown" size={16} />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60">
            <Box px="2" pt="1.5" pb="2">
              <Text fontWeight="semibold" textStyle="sm">
                {name}
              </Text>
              {user?.email ? (
                <Text textStyle="xs" color="fg.muted" truncate>
                  {user.email}
                </Text>
              ) : null}
              {isSuperAdmin ? null : (
                <Text textStyle="xs" color="fg.muted" mt="1">
                  Program Code:{' '}
                  <Text as="span" color="fg" fontWeight="medium">
                    {programCode}
                  </Text>
                </Text>
              )}
            </Box>
            <Menu.Separator />
            <Menu.Item value="change-password" onClick={() => navigate(isSuperAdmin ? '/admin/change-password' : '/change-password')}>
              <MenuIcon name="key" size={16} />
              Change Password
            </Menu.Item>
            <Menu.Item
              value="two-factor"
              onClick={() => navigate(isSuperAdmin ? '/admin/two-factor-authentication' : '/two-factor-authentication')}
            >
              <MenuIcon name="shield" size={16} />
              Two-Factor Authentication
            </Menu.Item>
            <Menu.Item value="logout" onClick={() => void signOut()}>
              <MenuIcon name="logout" size={16} />
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
