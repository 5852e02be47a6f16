import { List, Text } from '@baridesk/ui';
import { usePermissions } from '../api/super-admin-calls';

/** The names of the permissions held, as a list (GET /api/admin/permissions names them). */
export function PermissionNames({ ids }: { ids: readonly number[] }) {
  const permissions = usePermissions();
  if (ids.length === 0) return <Text>None</Text>;
  const names = new Map((permissions.data ?? []).map((permission) => [permission.id, permission.name]));
  return (
    <List.Root ps="4">
      {ids.map((id) => (
        <List.Item key={id}>{names.get(id) ?? `Permission ${id}`}</List.Item>
      ))}
    </List.Root>
  );
}
