import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, PageFrame } from '@baridesk/ui';
import { PublicPage } from '../../../components/public-page';
import { LoginForm } from './login-form';

/** /login: signed-out visitors only (the shell keeps signed-in users away). */
export default function LoginScreen() {
  return (
    <PublicPage>
      <PageFrame title="Login">
        <LoginForm />
        <Box textAlign="center" mt="4" fontSize="sm">
          <Link asChild colorPalette="brand">
            <RouterLink to="/sso">Sign in with SSO</RouterLink>
          </Link>
        </Box>
      </PageFrame>
    </PublicPage>
  );
}
