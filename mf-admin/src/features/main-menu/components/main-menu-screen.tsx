import { PageFrame, Text } from '@baridesk/ui';
import { ResourceList } from '@baridesk/ui/resources';
import { mainMenuView } from '../main-menu-view';

/**
 * /admin/manage-menu (permission manage_main_menu): switches the patient app's main menu entries on and
 * off for every program's patients. The entries are the app's own screens, so there is no Add.
 */
export default function MainMenuScreen() {
  return (
    <PageFrame title="Main Menu">
      <Text mb="4" color="fg.muted">
        The patient app shows the entries switched on, in this order, to every program’s patients.
      </Text>
      <ResourceList view={mainMenuView} />
    </PageFrame>
  );
}
