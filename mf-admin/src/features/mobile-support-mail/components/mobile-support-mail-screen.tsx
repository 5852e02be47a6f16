import { ResourceListScreen } from '@baridesk/ui/resources';
import { mobileSupportMailView } from '../mobile-support-mail-view';

/** /admin/mobile-support-mail (permission manage_mobile_support_mail). */
export default function MobileSupportMailScreen() {
  return <ResourceListScreen view={mobileSupportMailView} />;
}
