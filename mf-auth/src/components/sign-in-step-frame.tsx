import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, PageFrame, Stack, Text } from '@baridesk/ui';
import { PublicPage } from './public-page';
import { leaveLoginFlow } from '../lib/login-flow';

/** The frame of the steps after the password (security question, second factor): title, why it is asked, the form, a way back. */
export function SignInStepFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <PublicPage>
      <PageFrame title={title}>
        <Stack gap="5">
          <Text color="fg.muted">{intro}</Text>
          {children}
          <Box textAlign="center">
            <Link asChild colorPalette="brand" fontSize="sm">
              <RouterLink to="/login" onClick={leaveLoginFlow}>
                Back to Login
              </RouterLink>
            </Link>
          </Box>
        </Stack>
      </PageFrame>
    </PublicPage>
  );
}
