import { useId } from 'react';
import { Alert, Button, chakra, HStack, SimpleGrid, Spinner, Text } from '@baridesk/ui';
import { ToggleSwitch } from '@baridesk/ui/controls';
import type { ResourceFormReturn } from '@baridesk/ui/resources';
import { usePermissions } from '../api/super-admin-calls';

/**
 * The permissions a super admin holds, as one switch each (GET /api/admin/permissions), kept in the form's
 * `permission_ids`. A fieldset with its legend, so a screen reader hears the group's name with each switch.
 */
export function PermissionSwitches({ form, locked = false }: { form: ResourceFormReturn; locked?: boolean }) {
  const permissions = usePermissions();
  const legendId = useId();
  const held = (form.watch('permission_ids') as number[] | undefined) ?? [];
  const error = form.formState.errors.permission_ids?.message;
  const set = (ids: number[]) => form.setValue('permission_ids', [...ids].sort((a, b) => a - b), { shouldDirty: true });
  const toggle = (id: number, on: boolean) => set(on ? [...held, id] : held.filter((value) => value !== id));
  return (
    <chakra.fieldset borderTopWidth="1px" pt="3" aria-describedby={error ? `${legendId}-error` : undefined}>
      <chakra.legend id={legendId} fontWeight="semibold" fontSize="md" px="0" mb="1">
        Permissions
      </chakra.legend>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {locked ? 'The main super admin holds every permission.' : 'The areas of the admin menu this super admin may open.'}
      </Text>
      {permissions.isPending ? <Spinner size="sm" aria-label="Loading the permissions" /> : null}
      {permissions.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The permissions could not be loaded.</Alert.Title>
          <Button size="xs" variant="outline" onClick={() => void permissions.refetch()}>
            Try again
          </Button>
        </Alert.Root>
      ) : null}
      {permissions.data ? (
        <>
          {locked ? null : (
            <HStack gap="2" mb="3">
              <Button size="xs" variant="outline" onClick={() => set(permissions.data.map((p) => p.id))}>
                Turn all on
              </Button>
              <Button size="xs" variant="outline" onClick={() => set([])}>
                Turn all off
              </Button>
            </HStack>
          )}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {permissions.data.map((permission) => (
              <ToggleSwitch
                key={permission.id}
                label={permission.name}
                checked={held.includes(permission.id)}
                disabled={locked}
                onChange={(on) => toggle(permission.id, on)}
              />
            ))}
          </SimpleGrid>
        </>
      ) : null}
      {error ? (
        <Text id={`${legendId}-error`} role="alert" color="fg.error" fontSize="sm" mt="2">
          {String(error)}
        </Text>
      ) : null}
    </chakra.fieldset>
  );
}
