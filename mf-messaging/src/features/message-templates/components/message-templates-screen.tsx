import { ResourceListScreen } from '@baridesk/ui/resources';
import { messageTemplatesView } from '../message-templates-view';

/** /message-templates: the program's reusable message texts, listed, searched, created, edited and deleted. */
export default function MessageTemplatesScreen() {
  return <ResourceListScreen view={messageTemplatesView} />;
}
