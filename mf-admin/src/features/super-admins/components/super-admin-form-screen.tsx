import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { superAdminResource, superAdminStoreBody, superAdminUpdateBody } from '@baridesk/contracts';
import { SUPER_ADMIN_ID } from '@baridesk/domain';
import { Button, chakra, HStack, PageFrame, PasswordField, Stack, Text, useFormSubmit, useValibotForm } from '@baridesk/ui';
import {
  RecordBody,
  ResourceFields,
  SAVE_CHANGES,
  formValuesOf,
  useRecordIdParam,
  useResourceRecord,
  useSaveResource,
  type ResourceFormReturn,
  type ResourceRecord,
} from '@baridesk/ui/resources';
import { superAdminName, superAdminPaths, superAdminsView } from '../super-admins-view';
import { PermissionSwitches } from './permission-switches';

const PASSWORD_HELP = 'At least 8 characters, with at least one letter and one number.';

function SuperAdminForm({ record }: { record?: ResourceRecord }) {
  const navigate = useNavigate();
  const save = useSaveResource(superAdminResource);
  const main = record?.id === SUPER_ADMIN_ID;
  const form = useValibotForm((record ? superAdminUpdateBody : superAdminStoreBody) as typeof superAdminStoreBody, {
    defaultValues: {
      ...formValuesOf(superAdminResource, record),
      permission_ids: (record?.permission_ids as number[] | undefined) ?? [],
      ...(record ? {} : { password: '', confirm_password: '' }),
    },
  }) as unknown as ResourceFormReturn;
  const submit = useFormSubmit(form, (values) => save.mutateAsync({ id: record?.id, values }), {
    notifySuccess,
    notifyError,
    onSaved: (saved) => navigate(superAdminPaths.show(saved.data.id)),
  });
  return (
    <chakra.form onSubmit={submit} noValidate maxW="2xl" aria-busy={form.formState.isSubmitting || undefined}>
      <Stack gap="5">
        {main ? <Text>The main super admin stays active and holds every permission; its details can be changed.</Text> : null}
        <ResourceFields view={superAdminsView} form={form} record={record} />
        {record ? null : (
          <chakra.fieldset borderTopWidth="1px" pt="3">
            <chakra.legend fontWeight="semibold" fontSize="md" px="0" mb="3">
              Password
            </chakra.legend>
            <Stack gap="4">
              <PasswordField form={form} name="password" label="Password" autoComplete="new-password" helperText={PASSWORD_HELP} required />
              <PasswordField form={form} name="confirm_password" label="Confirm password" autoComplete="new-password" required />
            </Stack>
          </chakra.fieldset>
        )}
        <PermissionSwitches form={form} locked={main} />
        <HStack gap="2">
          <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…">
            {record ? SAVE_CHANGES : 'Add Super Admin'}
          </Button>
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to={record ? superAdminPaths.show(record.id) : superAdminPaths.list}>Cancel</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}

/** /admin/super-admin/create and /admin/super-admin/edit/:id: the fields, the password (on create) and the permissions. */
export default function SuperAdminFormScreen() {
  const id = useRecordIdParam();
  const query = useResourceRecord(superAdminResource, id ?? null);
  const title = id === undefined ? 'Add Super Admin' : 'Edit Super Admin';
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: 'Super Admins', to: superAdminPaths.list }, { label: query.data ? superAdminName(query.data) : title }]}
    >
      <RecordBody view={superAdminsView} id={id} query={query} render={(record) => <SuperAdminForm key={record?.id ?? 'new'} record={record} />} />
    </PageFrame>
  );
}
