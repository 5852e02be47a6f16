import { notifyError, notifySuccess } from '@baridesk/api-client';
import { useConfirm } from '@baridesk/ui/overlays';
import type { ListedNote } from '../components/note-list';
import { noteTime } from '../utils/note-time';

/**
 * Deleting a note after the user confirms: `ask(note)` opens the question, and on Delete calls `remove`
 * and shows the server's notice (success or refusal). Render `dialog`.
 */
export function useConfirmedNoteDelete<T extends ListedNote>(remove: (note: T) => Promise<{ message: string }>) {
  const { confirm, dialog } = useConfirm();
  const ask = async (note: T) => {
    const confirmed = await confirm({
      title: 'Delete note',
      message: `Delete the note of ${noteTime(note.created_at)}? It will no longer show in the patient’s notes.`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    try {
      notifySuccess((await remove(note)).message);
    } catch (error) {
      notifyError(error);
    }
  };
  return { ask, dialog };
}
