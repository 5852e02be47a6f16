import { Link as RouterLink } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { insuranceCoordinatorStoreBody, type InsuranceCoordinator, type InsuranceCoordinatorSavedResponse } from '@baridesk/contracts';
import { Button, chakra, HStack, SimpleGrid, Stack, TextField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { SwitchField } from '@baridesk/ui/controls';
import { useCreateInsuranceCoordinator } from '../api/create-insurance-coordinator';
import { useUpdateInsuranceCoordinator } from '../api/update-insurance-coordinator';

export type InsuranceCoordinatorFormProps = {
  /** The coordinator to edit; none to add one. */
  coordinator?: InsuranceCoordinator;
  /** After the server saved it (its notice is already shown). */
  onSaved: (saved: InsuranceCoordinatorSavedResponse) => void;
  /** Where Cancel goes; no Cancel button without it. */
  cancelTo?: string;
};

const blank = { name: '', email: '', phone: '', status: true };

/** Name, E-mail, Phone and Active: adds a coordinator, or saves the changes of one. */
export function InsuranceCoordinatorForm({ coordinator, onSaved, cancelTo }: InsuranceCoordinatorFormProps) {
  const create = useCreateInsuranceCoordinator();
  const update = useUpdateInsuranceCoordinator();
  const form = useValibotForm(insuranceCoordinatorStoreBody, {
    defaultValues: coordinator
      ? { name: coordinator.name, email: coordinator.email ?? '', phone: coordinator.phone ?? '', status: coordinator.status === 1 }
      : blank,
  });
  const submit = useFormSubmit(
    form,
    (values) => (coordinator ? update.mutateAsync({ id: coordinator.id, ...values }) : create.mutateAsync(values)),
    {
      notifySuccess,
      notifyError,
      onSaved: (saved) => {
        // A new one is added from a form that stays on screen: empty it for the next.
        if (!coordinator) form.reset(blank);
        onSaved(saved);
      },
    },
  );

  return (
    <chakra.form onSubmit={submit} noValidate>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <TextField form={form} name="name" label="Name" required autoComplete="off" />
          <TextField form={form} name="email" label="E-mail" type="email" autoComplete="off" />
          <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="off" placeholder="555-123-4567" />
        </SimpleGrid>
        <SwitchField form={form} name="status" label="Active" />
        <HStack gap="2">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {coordinator ? 'Save Changes' : 'Add Coordinator'}
          </Button>
          {cancelTo ? (
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={cancelTo}>Cancel</RouterLink>
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </chakra.form>
  );
}
