import { PageFrame } from '@baridesk/ui';
import { PublicPage } from '../../../components/public-page';
import { LoginForm } from './login-form';

/** /login: signed-out visitors only (the shell keeps signed-in users away). */
export default function LoginScreen() {
  return (
    <PublicPage>
      <PageFrame title="Login">
        <LoginForm />
      </PageFrame>
    </PublicPage>
  );
}
