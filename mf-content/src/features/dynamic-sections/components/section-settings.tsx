import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DYNAMIC_SECTION_NOTICE_TITLE, dynamicSectionResource } from '@baridesk/contracts';
import { Button, HStack, Text } from '@baridesk/ui';
import { ToggleSwitch } from '@baridesk/ui/controls';
import { FormModal, Modal, useConfirm } from '@baridesk/ui/overlays';
import {
  ResourceFields,
  SAVE_CHANGES,
  SortableList,
  useResourceForm,
  useResourceList,
  useUpdateResourceIndexes,
  type ResourceRecord,
} from '@baridesk/ui/resources';
import { sidebarChanged, useSectionChange } from '../api/section-changes';
import { sectionView } from '../dynamic-sections-views';

export type SectionRecord = ResourceRecord & { name: string; status: 0 | 1 };

/** The section's name (and Active switch) in a dialog; the sidebar follows the new name. */
function RenameDialog({ section, onClose }: { section: SectionRecord; onClose: () => void }) {
  const { form, submit, submitting } = useResourceForm(sectionView, section, {
    onSaved: () => {
      sidebarChanged();
      onClose();
    },
  });
  return (
    <FormModal title="Rename section" submitLabel={SAVE_CHANGES} submitting={submitting} onSubmit={submit} onClose={onClose}>
      <ResourceFields view={sectionView} form={form} record={section} />
    </FormModal>
  );
}

/** Every section of the program in the sidebar's order, re-ordered by dragging or Move up / Move down. */
function SectionOrderDialog({ onClose }: { onClose: () => void }) {
  const sections = useResourceList<SectionRecord>(dynamicSectionResource, { perPage: 'All', sort: 'order_index', direction: 'asc' });
  const reorder = useUpdateResourceIndexes(dynamicSectionResource);
  return (
    <Modal
      open
      onClose={onClose}
      title="Order of sections"
      footer={
        <Button variant="outline" colorPalette="gray" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Text color="fg.muted" mb="3">
        The sidebar and the patients&apos; app list the sections in this order. Each change is saved at once.
      </Text>
      <SortableList
        items={sections.data?.data.data ?? []}
        nameOf={(section) => section.name}
        label="Sections"
        disabled={reorder.isPending || sections.isFetching}
        onReorder={(ids) => reorder.mutate(ids, { onSuccess: sidebarChanged })}
      >
        {(section) => (
          <Text fontWeight="medium">
            {section.name}
            {section.status === 1 ? '' : ' (inactive)'}
          </Text>
        )}
      </SortableList>
    </Modal>
  );
}

/**
 * The sub user's controls of a section (spec: sections are the sub user's): Active, Rename, Order of
 * sections, and Delete after a question that says what goes with it. Deleting leaves for the dashboard.
 */
export function SectionSettings({ section }: { section: SectionRecord }) {
  const navigate = useNavigate();
  const change = useSectionChange();
  const { confirm, dialog } = useConfirm();
  const [open, setOpen] = useState<'rename' | 'order' | null>(null);

  const remove = async () => {
    const confirmed = await confirm({
      title: 'Delete section',
      message: `Delete "${section.name}" with all its items, categories and sub-categories? It leaves the sidebar and the patients' app. This cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    await change.mutateAsync({ id: section.id, remove: true }).then(
      () => navigate('/dashboard'),
      () => undefined,
    );
  };

  return (
    <HStack gap="3" wrap="wrap" aria-label={`${DYNAMIC_SECTION_NOTICE_TITLE}: ${section.name}`} role="group">
      <ToggleSwitch
        label="Section active"
        checked={section.status === 1}
        disabled={change.isPending}
        onChange={(checked) => change.mutate({ id: section.id, status: checked ? 1 : 0 })}
      />
      <Button size="sm" variant="outline" colorPalette="gray" onClick={() => setOpen('rename')}>
        Rename
      </Button>
      <Button size="sm" variant="outline" colorPalette="gray" onClick={() => setOpen('order')}>
        Order of sections
      </Button>
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => void remove()} loading={change.isPending && change.variables && 'remove' in change.variables}>
        Delete section
      </Button>
      {open === 'rename' ? <RenameDialog section={section} onClose={() => setOpen(null)} /> : null}
      {open === 'order' ? <SectionOrderDialog onClose={() => setOpen(null)} /> : null}
      {dialog}
    </HStack>
  );
}
