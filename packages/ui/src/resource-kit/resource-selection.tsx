/**
 * The list's bulk actions, for a definition with destroyMultiple or toggleStatusMultiple: the rows
 * ticked (kept across pages while the search and filters stay the same, as the patient list keeps
 * them), and the bar that acts on them: Activate, Deactivate, and Delete after a question naming how many.
 */
import { useCallback, useMemo, useState } from 'react';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import type { AnyResource } from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { useConfirm } from '../confirm-dialog';
import { useDeleteResources, useToggleResourcesStatus } from './resource-calls';

/** Whether the list offers a selection: the definition has a bulk call. */
export const hasBulkActions = (resource: AnyResource) => Boolean(resource.endpoints.destroyMultiple || resource.endpoints.toggleStatusMultiple);

/**
 * The ticked rows' ids (as text, as the table hands them over). `criteria` is what the list asks for
 * besides its page: a new search or filter starts an empty selection, as the ticked rows may no longer be listed.
 */
export function useResourceSelection(criteria: unknown) {
  const key = JSON.stringify(criteria);
  const [state, setState] = useState<{ key: string; ids: string[] }>({ key, ids: [] });
  const selectedIds = useMemo(() => (state.key === key ? state.ids : []), [state, key]);
  const setSelectedIds = useCallback((ids: string[]) => setState({ key, ids }), [key]);
  const clear = useCallback(() => setState({ key, ids: [] }), [key]);
  return { selectedIds, setSelectedIds, clear };
}

export type ResourceSelection = ReturnType<typeof useResourceSelection>;

/**
 * How many are selected (also said by a live region, so a screen reader hears each tick), Clear
 * selection, and the definition's bulk calls. Drawn while something is selected; the live region always.
 */
export function ResourceSelectionBar({
  resource,
  words,
  selection,
}: {
  resource: AnyResource;
  /** The view's words for one record and several, in lower case ("guide", "guides"). */
  words: { one: string; many: string };
  selection: ResourceSelection;
}) {
  const { one, many } = words;
  const toggle = useToggleResourcesStatus(resource);
  const remove = useDeleteResources(resource);
  const { confirm, dialog } = useConfirm();
  const ids = selection.selectedIds.map(Number);
  const count = ids.length;
  const busy = toggle.isPending || remove.isPending;
  const said = count > 0 ? `${formatAmount(count)} selected` : '';

  const setStatus = async (status: 0 | 1) => {
    try {
      notifySuccess((await toggle.mutateAsync({ ids, status })).message);
    } catch (error) {
      notifyError(error);
    }
  };
  const askDelete = async () => {
    const confirmed = await confirm({
      title: `Delete ${many}`,
      message: `Delete ${formatAmount(count)} ${count === 1 ? one : many}? ${count === 1 ? 'It is' : 'They are'} removed for good: this cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    try {
      notifySuccess((await remove.mutateAsync(ids)).message);
      selection.clear();
    } catch (error) {
      // A refusal (some in use: 409, or gone: 404) deleted nothing: the selection stays as it was.
      notifyError(error);
    }
  };

  return (
    <>
      <Box srOnly aria-live="polite">
        {said}
      </Box>
      {count > 0 ? (
        <HStack role="region" aria-label={`Selected ${many}`} gap="3" p="3" mb="3" borderWidth="1px" borderRadius="md" bg="bg.muted" wrap="wrap">
          <Text fontWeight="semibold">{said}</Text>
          <Button size="sm" variant="ghost" colorPalette="gray" onClick={selection.clear}>
            Clear selection
          </Button>
          <HStack gap="2" wrap="wrap" ms="auto">
            {resource.endpoints.toggleStatusMultiple ? (
              <>
                <Button size="sm" variant="outline" colorPalette="gray" disabled={busy} onClick={() => void setStatus(1)}>
                  Activate
                </Button>
                <Button size="sm" variant="outline" colorPalette="gray" disabled={busy} onClick={() => void setStatus(0)}>
                  Deactivate
                </Button>
              </>
            ) : null}
            {resource.endpoints.destroyMultiple ? (
              <Button size="sm" variant="outline" colorPalette="red" disabled={busy} onClick={() => void askDelete()}>
                Delete
              </Button>
            ) : null}
          </HStack>
        </HStack>
      ) : null}
      {dialog}
    </>
  );
}
