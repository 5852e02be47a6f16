import { useEffect, useMemo } from 'react';
import { APP_STORE_REDIRECT_MS } from '@baridesk/domain';
import { Button, Stack } from '@baridesk/ui';
import { FormAlert } from '../../../components/form-alert';
import { currentStoreUrl, externalNavigation, isAppleMobile } from '../../../lib/app-stores';

/**
 * A patient's password is set: the patient app is where it is used, so after APP_STORE_REDIRECT_MS
 * (10 s) the page leaves for this device's app store. The link lets the patient go at once.
 */
export function AppStoreRedirect() {
  const url = useMemo(currentStoreUrl, []);
  const store = isAppleMobile(navigator.userAgent, navigator.maxTouchPoints ?? 0) ? 'the App Store' : 'Google Play';

  useEffect(() => {
    const timer = setTimeout(() => externalNavigation.go(url), APP_STORE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [url]);

  return (
    <Stack gap="4">
      <FormAlert status="success" title="Your password has been updated.">
        {`You can now log in to the BariDesk app with your new password. We will take you to ${store} in ${APP_STORE_REDIRECT_MS / 1000} seconds.`}
      </FormAlert>
      <Button asChild colorPalette="brand" width="full">
        <a href={url}>{`Open ${store} now`}</a>
      </Button>
    </Stack>
  );
}
