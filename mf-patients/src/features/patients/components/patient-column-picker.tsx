import { useId } from 'react';
import { Box, Button, Stack, Text } from '@baridesk/ui';
import { Checkbox } from '@baridesk/ui/controls';
import { Popover, Portal } from '@baridesk/ui/overlays';
import { PATIENT_COLUMNS, type PatientColumn } from '../utils/patient-search';
import { PATIENT_COLUMN_LABELS } from './patient-table';

export type PatientColumnPickerProps = {
  columns: readonly PatientColumn[];
  onChange: (column: PatientColumn, shown: boolean) => void;
};

/** "Columns": which of the list's columns show (Name always does); the choice is kept with the saved search. */
export function PatientColumnPicker({ columns, onChange }: PatientColumnPickerProps) {
  const legendId = useId();
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button variant="outline" colorPalette="gray" size="sm">
          Columns
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="auto" minW="14rem">
            <Popover.Body>
              <Box as="fieldset" aria-labelledby={legendId}>
                <Text id={legendId} fontWeight="semibold" textStyle="sm" mb="2">
                  Columns shown
                </Text>
                <Stack gap="2">
                  {PATIENT_COLUMNS.map((column) => (
                    <Checkbox.Root
                      key={column}
                      size="sm"
                      checked={columns.includes(column)}
                      disabled={column === 'name'}
                      onCheckedChange={(details) => onChange(column, details.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{PATIENT_COLUMN_LABELS[column]}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
              </Box>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
