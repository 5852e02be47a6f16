import { notifyError, notifySuccess } from '@baridesk/api-client';
import { weightLogStoreBody, WEIGHT_MAX_LB, WEIGHT_MIN_LB } from '@baridesk/contracts';
import { Box, Button, chakra, SimpleGrid, TextField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { DatePickerField } from '@baridesk/ui/dates';
import { useStoreWeightLog } from '../api/store-weight-log';
import { today } from '../utils/months';

/**
 * Date and weight of a weigh-in entered by staff. The server checks the date is not in the future (in
 * the program's time zone) and the weight's range; its messages show under the fields. Saving reloads
 * the chart, the outcomes and the table.
 */
export function WeightForm({ patientId }: { patientId: number }) {
  const store = useStoreWeightLog();
  const blank = () => ({ patient_id: patientId, date: today(), weight: '' });
  const form = useValibotForm(weightLogStoreBody, { defaultValues: blank() });
  const submit = useFormSubmit(form, (values) => store.mutateAsync(values), {
    notifySuccess,
    notifyError,
    onSaved: () => form.reset(blank()),
  });

  return (
    <chakra.form onSubmit={submit} noValidate>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="start">
        <DatePickerField form={form} name="date" label="Date" required max={today()} />
        <TextField
          form={form}
          name="weight"
          label="Weight (lb)"
          required
          autoComplete="off"
          helperText={`Pounds, ${WEIGHT_MIN_LB} to ${WEIGHT_MAX_LB}, e.g. 245.5`}
        />
        <Box pt={{ md: '7' }}>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save weight
          </Button>
        </Box>
      </SimpleGrid>
    </chakra.form>
  );
}
