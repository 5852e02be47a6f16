import { useState } from 'react';
import type { ManageMenuEntry } from '@baridesk/contracts';
import { Badge, Box, EmptyState, Flex, PageFrame, Skeleton, Stack, Text } from '@baridesk/ui';
import { LoadError, SearchBox } from '@baridesk/ui/lists';
import { ToggleSwitch } from '@baridesk/ui/controls';
import { useManageMenu } from '../api/get-manage-menu';
import { useToggleManageMenuStatus } from '../api/toggle-manage-menu-status';

/** /manage-menu (sub users): switch each section of the patients' app on or off. */
export default function ManageMenuScreen() {
  const [searchText, setSearchText] = useState('');
  const search = searchText.trim();
  const query = useManageMenu({ search: search || undefined });
  const toggle = useToggleManageMenuStatus();
  const entries = query.data?.data ?? [];

  return (
    <PageFrame title="Manage Menu">
      <Text color="fg.muted" mb="4" maxW="prose">
        Switch the sections of your patients&apos; app on or off. A section that is off disappears from the app and from
        the Content menu.
      </Text>
      <Box mb="4">
        <SearchBox
          label="Search sections"
          hideLabel
          placeholder="Search sections…"
          maxW="sm"
          value={searchText}
          onCommit={setSearchText}
        />
      </Box>
      {query.isError ? (
        <LoadError title="The menu could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} mb="4" />
      ) : query.isPending ? (
        <Stack gap="2" role="status" aria-label="Loading the menu">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height="12" borderRadius="md" />
          ))}
        </Stack>
      ) : entries.length === 0 ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{search ? 'No section matches your search.' : 'There are no sections to manage.'}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-busy={query.isFetching || undefined} aria-label="App sections">
          {entries.map((entry) => (
            <MenuRow key={entry.id} entry={entry} onChange={(status) => toggle.mutate({ id: entry.id, status })} />
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}

function MenuRow({ entry, onChange }: { entry: ManageMenuEntry; onChange: (status: 0 | 1) => void }) {
  const on = entry.status === 1;
  return (
    <Flex as="li" align="center" justify="space-between" gap="4" borderWidth="1px" borderRadius="md" bg="bg" px="4" py="3">
      <ToggleSwitch label={entry.sub_menu.title} checked={on} onChange={(checked) => onChange(checked ? 1 : 0)} />
      <Badge colorPalette={on ? 'green' : 'gray'} aria-hidden>
        {on ? 'On' : 'Off'}
      </Badge>
    </Flex>
  );
}
